import { TOKEN_EXPIRATION_MS } from '@ov/domain/constants';
import { useSyncExternalStore } from 'react';
import { clearPersonalCaches } from './personal-cache';
import { STORAGE_KEYS, storage } from './storage-keys';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  space: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSession(): SessionTokens | null {
  const accessToken = storage.get(STORAGE_KEYS.accessToken);
  const refreshToken = storage.get(STORAGE_KEYS.refreshToken);
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken, space: storage.get(STORAGE_KEYS.space) ?? '' };
}

export function saveSession(tokens: SessionTokens, now: number = Date.now()): void {
  // A new sign-in (not a token refresh) starts with nothing of a previous person's data kept offline.
  if (storage.get(STORAGE_KEYS.accessToken) === null) void clearPersonalCaches();
  storage.set(STORAGE_KEYS.accessToken, tokens.accessToken);
  storage.set(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  storage.set(STORAGE_KEYS.space, tokens.space);
  storage.set(STORAGE_KEYS.expiresAt, String(now + TOKEN_EXPIRATION_MS));
  notify();
}

/** Logout on this device: forget tokens, the cached profile and the data kept for offline use. */
let signedOutAt = 0;

/** The person is signing out here (not a session that expired or was revoked). */
export function markSignedOut(): void {
  signedOutAt = Date.now();
}

/**
 * True just after the person signed out here (2 s): the public site then opens its landing page, not
 * the login page with the signed-in page they left as the place to return to (the next person signing
 * in on this tab would be sent to the previous person's page). Read during render: no side effect.
 */
export function justSignedOut(): boolean {
  return Date.now() - signedOutAt < 2000;
}

export function clearSession(): void {
  const hadSession = storage.get(STORAGE_KEYS.accessToken) !== null;
  void clearPersonalCaches();
  storage.remove(STORAGE_KEYS.accessToken);
  storage.remove(STORAGE_KEYS.refreshToken);
  storage.remove(STORAGE_KEYS.space);
  storage.remove(STORAGE_KEYS.expiresAt);
  storage.remove(STORAGE_KEYS.profile);
  if (hadSession) notify();
}

export function getCachedProfile<T>(): T | null {
  return storage.getJson<T>(STORAGE_KEYS.profile);
}

export function cacheProfile(profile: unknown): void {
  storage.setJson(STORAGE_KEYS.profile, profile);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Signing out (or in) in another tab applies here too.
    if (event.key === null || event.key === STORAGE_KEYS.accessToken) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function isAuthenticatedSnapshot(): boolean {
  return getSession() !== null;
}

export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribeSession, isAuthenticatedSnapshot, () => false);
}
