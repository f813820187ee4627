import { createApiClient } from './api-client';
import type { SessionTokens } from './session';
import { STORAGE_KEYS, storage } from './storage-keys';

/**
 * A staff sign-in whose second factor is still owed (issue 30). Its tokens reach only the second-step
 * routes, so they are kept apart from the session (this tab's session storage): the portal stays on
 * its public side until the second step hands out a whole session.
 */
export type SecondFactorMethod = 'passkey' | 'totp' | 'recovery';
export interface PendingSecondStep extends SessionTokens {
  stage: 'verify' | 'enrol';
  methods: SecondFactorMethod[];
}

const PENDING_KEY = 'ov.secondStep';
const MAX_REMEMBERED = 5;

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function getPendingSecondStep(): PendingSecondStep | null {
  try {
    const raw = tabStorage()?.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingSecondStep) : null;
  } catch {
    return null;
  }
}

export function savePendingSecondStep(pending: PendingSecondStep): void {
  try {
    tabStorage()?.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the second step lives as long as the page.
  }
}

export function clearPendingSecondStep(): void {
  try {
    tabStorage()?.removeItem(PENDING_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The tokens of browsers remembered for the second factor (one per account, newest first). */
export function rememberedBrowsers(): string[] {
  const list = storage.getJson<unknown>(STORAGE_KEYS.rememberedBrowsers);
  return Array.isArray(list)
    ? list.filter((x): x is string => typeof x === 'string').slice(0, MAX_REMEMBERED)
    : [];
}

export function rememberBrowser(token: string | undefined): void {
  if (!token) return;
  storage.setJson(STORAGE_KEYS.rememberedBrowsers, [token, ...rememberedBrowsers()].slice(0, MAX_REMEMBERED));
}

/** The API as the limited sign-in: its own tokens, refreshed into another limited pair. */
export const secondStepApi = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  session: {
    get: getPendingSecondStep,
    save: (tokens) => {
      const pending = getPendingSecondStep();
      if (pending) savePendingSecondStep({ ...pending, ...tokens });
    },
    clear: clearPendingSecondStep,
  },
  getLanguage: () => document.documentElement.lang || 'es',
});
