import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProfileFetch, takeEarlyProfile } from './early-profile';
import { STORAGE_KEYS } from './storage-keys';

function signIn(expiresInMs: number) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-a');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-a');
  localStorage.setItem(STORAGE_KEYS.space, 'ahab');
  localStorage.setItem(STORAGE_KEYS.expiresAt, String(Date.now() + expiresInMs));
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  takeEarlyProfile();
});

describe('the profile call started from the entry', () => {
  it('asks /users/me with the access token and hands the answer over once', async () => {
    signIn(3_600_000);
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ email: 'maria@example.cu' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    startProfileFetch();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/me', {
      headers: { Accept: 'application/json', Authorization: 'Bearer token-a' },
    });
    await expect(takeEarlyProfile()).resolves.toEqual({ email: 'maria@example.cu' });
    expect(takeEarlyProfile()).toBeNull();
  });

  it('gives null on a refused or failed call, so the normal call runs', async () => {
    signIn(3_600_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    startProfileFetch();
    await expect(takeEarlyProfile()).resolves.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    startProfileFetch();
    await expect(takeEarlyProfile()).resolves.toBeNull();
  });

  it('starts nothing without a session or with a token about to expire', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startProfileFetch();
    signIn(5_000);
    startProfileFetch();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyProfile()).toBeNull();
  });
});
