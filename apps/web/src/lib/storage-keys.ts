/** Every local-storage key the portal uses; nothing else writes to local storage. */
export const STORAGE_KEYS = {
  accessToken: 'ov.session.accessToken',
  refreshToken: 'ov.session.refreshToken',
  space: 'ov.session.space',
  expiresAt: 'ov.session.expiresAt',
  profile: 'ov.session.profile',
  /** Device tokens of the accounts that signed in on this browser (kept after sign-out). */
  devices: 'ov.devices',
  /** Tokens of this browser remembered 30 days for a staff member's second factor (issue 30). */
  rememberedBrowsers: 'ov.rememberedBrowsers',
  language: 'ov.language',
  siderCollapsed: 'ov.shell.siderCollapsed',
  tableSize: (tableId: string) => `ov.table.${tableId}.size`,
  tableHiddenColumns: (tableId: string) => `ov.table.${tableId}.hiddenColumns`,
} as const;

/** Local storage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage unavailable: the value simply is not remembered.
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  },
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};
