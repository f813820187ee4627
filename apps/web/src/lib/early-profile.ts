import { getSession } from './session';
import { STORAGE_KEYS, storage } from './storage-keys';
import { API_BASE } from './urls';

let early: Promise<unknown> | null = null;

/**
 * A signed-in visit asks for `/users/me` from the entry, while the signed-in area's chunk is still
 * on its way, instead of once that chunk has loaded and rendered (one round trip less on a slow
 * network). Only with an access token that is still valid; otherwise the normal call (with its
 * refresh) runs later. Resolves null on any failure, so the caller falls back to that call.
 */
export function startProfileFetch(): void {
  const session = getSession();
  const expiresAt = Number(storage.get(STORAGE_KEYS.expiresAt));
  if (!session || !(expiresAt > Date.now() + 30_000) || typeof fetch !== 'function') return;
  early = fetch(`${API_BASE}/users/me`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${session.accessToken}` },
  })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

/** The profile call started by `startProfileFetch`, once (null when none was started). */
export function takeEarlyProfile(): Promise<unknown> | null {
  const pending = early;
  early = null;
  return pending;
}
