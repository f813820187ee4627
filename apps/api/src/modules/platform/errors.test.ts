import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

function expectCatalogueError(
  res: { statusCode: number; json(): any; body: string },
  status: number,
  name: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.name).toBe(name);
  expect(typeof body.reference).toBe('number');
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
}

describe('bad input never becomes a 500', () => {
  it('malformed JSON → 400 VALIDATIONERROR', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.cu", "password": ',
    });
    expectCatalogueError(res, 400, 'VALIDATIONERROR');
  });

  it('wrong types → 400 with the offending fields listed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 42, password: ['x'] },
    });
    expectCatalogueError(res, 400, 'VALIDATIONERROR');
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['body.email', 'body.password']),
    );
  });

  it('validation details speak the caller’s language, zod’s own texts included', async () => {
    const { authorization } = await t.login();
    const ask = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/status/NOPE',
        headers: { authorization, 'accept-language': lang },
        payload: { ids: [], status: 'NOPE' },
      });
    const es = (await ask('es')).json();
    expect(es.details).toEqual(
      expect.arrayContaining([{ field: 'params.status', message: 'Elija una de las opciones' }]),
    );
    const en = (await ask('en-US,en;q=0.9')).json();
    expect(en.details).toEqual(
      expect.arrayContaining([{ field: 'params.status', message: 'Choose one of the options' }]),
    );
    expect(JSON.stringify(en)).not.toMatch(/Invalid option|expected one of/);
    // The shared rules' Spanish messages arrive translated too.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'accept-language': 'en' },
      payload: { email: 'not-an-email' },
    });
    const messages = signup.json().details.map((d: { message: string }) => d.message);
    expect(messages).toContain('Required');
    expect(messages.join(' ')).not.toMatch(/Requerido|Invalid input/);
  });

  it('a body over 1 MiB → 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000), password: 'y' }),
    });
    expectCatalogueError(res, 413, 'VALIDATIONERROR');
  });

  it('an unsupported content type → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<signin/>',
    });
    expectCatalogueError(res, 415, 'VALIDATIONERROR');
  });

  it('an empty JSON body → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectCatalogueError(res, 400, 'VALIDATIONERROR');
  });

  it('unknown fields are ignored rather than crashing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: {
        email: 'nadie@example.cu',
        password: 'x',
        __proto__: { admin: true },
        extra: { deep: [1, 2] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reference).toBe(490);
  });

  it('an unknown route → 404 NOTFOUND, in English when asked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'en' },
    });
    expectCatalogueError(res, 404, 'NOTFOUND');
  });

  it('a non-numeric path parameter → 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ahab-requests/address/streets/abc' });
    expectCatalogueError(res, 400, 'VALIDATIONERROR');
  });

  it('search with a field outside the whitelist → 400, never reaching SQL', async () => {
    const s = await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/search',
      headers: { authorization: s.authorization },
      payload: { filters: [{ type: 'TERM', field: 'password_hash; drop table users', value: 'x' }] },
    });
    expectCatalogueError(res, 400, 'VALIDATIONERROR');
  });
});

describe('every route declares who may call it', () => {
  it('has an access rule on each /api route', () => {
    const api = t.app.routeAccess.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(5);
    const undeclared = api.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and no framing on API and page responses', async () => {
    for (const url of ['/api/health', '/oficina_virtual/']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('health and docs', () => {
  it('is live and ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('publishes an OpenAPI document naming the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/signin', '/api/users/me', '/api/users/search']),
    );
  });
});
