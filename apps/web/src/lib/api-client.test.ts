import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type SessionStore } from './api-client';
import { ApiError } from './api-error';
import type { SessionTokens } from './session';

function memorySession(initial: SessionTokens | null): SessionStore & { current: SessionTokens | null } {
  const store = {
    current: initial,
    get: () => store.current,
    save: (tokens: SessionTokens) => {
      store.current = tokens;
    },
    clear: () => {
      store.current = null;
    },
  };
  return store;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const unauthorized = () => json(401, { name: 'AUTHENTICATIONERROR', reference: 0, message: 'expired' });

function bearer(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}

describe('api client', () => {
  it('sends the bearer token, the language and JSON', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const client = createApiClient({
      fetch,
      session: memorySession({ accessToken: 'a1', refreshToken: 'r1', space: 'ahab' }),
      getLanguage: () => 'en',
    });
    await client.post('/things/search', { page: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things/search');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer a1');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"page":1}');
  });

  it('refreshes once for concurrent 401s, then retries each call with the new token', async () => {
    const session = memorySession({ accessToken: 'old', refreshToken: 'r1', space: 'ahab' });
    let refreshCalls = 0;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/refresh-token') {
        refreshCalls += 1;
        expect(JSON.parse(String(init?.body))).toEqual({ token: 'old', refresh: 'r1', space: 'ahab' });
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { accessToken: 'new', refreshToken: 'r2', space: 'ahab' });
      }
      return bearer(init) === 'Bearer new' ? json(200, { url }) : unauthorized();
    });
    const client = createApiClient({ fetch, session, getLanguage: () => 'es' });

    const results = await Promise.all([client.get('/a'), client.get('/b'), client.post('/c', {})]);

    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshCalls).toBe(1);
    expect(session.current).toEqual({ accessToken: 'new', refreshToken: 'r2', space: 'ahab' });
  });

  it('logs out when the refresh is refused', async () => {
    const session = memorySession({ accessToken: 'old', refreshToken: 'spent', space: 'ahab' });
    const fetch = vi.fn(async (url: string) =>
      url === '/api/refresh-token'
        ? json(401, { name: 'AUTHENTICATIONERROR', reference: 0, message: '' })
        : unauthorized(),
    );
    const client = createApiClient({ fetch, session, getLanguage: () => 'es' });

    await expect(client.get('/users/search')).rejects.toMatchObject({ status: 401 });
    expect(session.current).toBeNull();
  });

  it('logs out on a 401 from the profile fetch, without refreshing', async () => {
    const session = memorySession({ accessToken: 'old', refreshToken: 'r1', space: 'ahab' });
    const fetch = vi.fn(async () => unauthorized());
    const client = createApiClient({ fetch, session, getLanguage: () => 'es' });

    await expect(client.get('/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(session.current).toBeNull();
  });

  it('does not refresh on a failed sign-in and reports the catalogue error', async () => {
    const session = memorySession(null);
    const fetch = vi.fn(async () =>
      json(400, { name: 'BADCREDENTIALSERROR', reference: 490, message: 'Credenciales no válidas' }),
    );
    const client = createApiClient({ fetch, session, getLanguage: () => 'es' });

    const error = await client.post('/signin', { email: 'x', password: 'y' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, name: 'BADCREDENTIALSERROR', reference: 490 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('turns an unreachable server into NETWORKERROR and a body-less failure into INTERNALERROR 0', async () => {
    const offline = createApiClient({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      session: memorySession(null),
      getLanguage: () => 'es',
    });
    await expect(offline.get('/config')).rejects.toMatchObject({ status: 0, name: 'NETWORKERROR' });

    const broken = createApiClient({
      fetch: vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
      session: memorySession(null),
      getLanguage: () => 'es',
    });
    await expect(broken.get('/config')).rejects.toMatchObject({
      status: 502,
      name: 'INTERNALERROR',
      reference: 0,
    });
  });

  it('retries with tokens another call already rotated instead of refreshing again', async () => {
    const session = memorySession({ accessToken: 'old', refreshToken: 'r1', space: 'ahab' });
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/refresh-token') throw new Error('must not refresh');
      if (bearer(init) === 'Bearer old') {
        session.current = { accessToken: 'rotated', refreshToken: 'r2', space: 'ahab' };
        return unauthorized();
      }
      return json(200, { token: bearer(init) });
    });
    const client = createApiClient({ fetch, session, getLanguage: () => 'es' });
    await expect(client.get('/x')).resolves.toEqual({ token: 'Bearer rotated' });
  });
});
