import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { dropEarlyCalls, startEarlyCalls, takeEarlyCall } from './early-calls';
import { STORAGE_KEYS } from './storage-keys';

function signIn(expiresInMs: number, token = 'token-a') {
  localStorage.setItem(STORAGE_KEYS.accessToken, token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-a');
  localStorage.setItem(STORAGE_KEYS.space, 'ahab');
  localStorage.setItem(STORAGE_KEYS.expiresAt, String(Date.now() + expiresInMs));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  dropEarlyCalls();
});

describe('the calls started from the entry', () => {
  it('asks with the token and the language, and the API client takes each answer once', async () => {
    signIn(3_600_000);
    const fetchMock = vi.fn(async (url: string) => json({ url, n: fetchMock.mock.calls.length }));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyCalls(
      [{ path: '/users/me' }, { path: '/ahab-requests/total-debt', body: { cc: '2300000000001' } }],
      'en',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ahab-requests/total-debt');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"cc":"2300000000001"}');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token-a',
      'Accept-Language': 'en',
      'Content-Type': 'application/json',
    });

    // The page's own calls: answered by the early requests, no new request.
    await expect(api.get('/users/me')).resolves.toEqual({ url: '/api/users/me', n: 1 });
    await expect(api.post('/ahab-requests/total-debt', { cc: '2300000000001' })).resolves.toMatchObject({
      n: 2,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Once only: the next call goes to the network.
    await api.get('/users/me');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('is not used for another body, another token or after 30 s', async () => {
    signIn(3_600_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    const now = Date.now();
    startEarlyCalls(
      [{ path: '/ahab-requests/consumption', body: { cc: '1' } }, { path: '/config' }, { path: '/users/me' }],
      'es',
      now,
    );
    expect(takeEarlyCall('POST', '/ahab-requests/consumption', { cc: '2' }, 'token-a', now)).toBeNull();
    expect(takeEarlyCall('GET', '/config', undefined, 'token-b', now)).toBeNull();
    expect(takeEarlyCall('GET', '/users/me', undefined, 'token-a', now + 30_001)).toBeNull();
    // Each was dropped when asked for with a mismatch of token or age.
    expect(takeEarlyCall('GET', '/config', undefined, 'token-a', now)).toBeNull();
    expect(takeEarlyCall('POST', '/ahab-requests/consumption', { cc: '1' }, 'token-a', now)).not.toBeNull();
  });

  it('falls back to the page’s own request when the early one failed on the network', async () => {
    signIn(3_600_000);
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(json({ email: 'maria@example.cu' }));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyCalls([{ path: '/users/me' }], 'es');
    await expect(api.get('/users/me')).resolves.toEqual({ email: 'maria@example.cu' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('starts nothing without a session or with a token about to expire', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startEarlyCalls([{ path: '/users/me' }], 'es');
    signIn(5_000);
    startEarlyCalls([{ path: '/users/me' }], 'es');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyCall('GET', '/users/me', undefined, 'token-a')).toBeNull();
  });
});
