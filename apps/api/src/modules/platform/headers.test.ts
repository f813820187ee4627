import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let proxied: TestApp;
let authorization: string;
beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestApp(), createTestApp({ env: { TRUST_PROXY: '1' } })]);
  authorization = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => Promise.all([t.close(), proxied.close()]));

describe('personal data is never cached', () => {
  it('answers signed-in routes with Cache-Control: no-store, public ones without it', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/search'],
      ['POST', '/api/ahab-requests/my-ccs'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Refused too: even an error about a personal route is not kept.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).headers['cache-control']).toBe(
      'no-store',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/config' })).headers['cache-control'],
    ).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  const health = (app: TestApp, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/api/health', headers, remoteAddress: '127.0.0.1' });

  it('is sent over HTTPS announced by a trusted proxy, never over plain HTTP', async () => {
    const https = await health(proxied, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await health(proxied)).headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted (a client could write it)', async () => {
    const res = await health(t, { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the OpenAPI document', () => {
  it('asks for a bearer token on protected operations only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/signin'].post.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/users/me'].get.security).toBeUndefined(); // inherits the bearer
    const publicOps = t.app.routeAccess.filter((r) => r.access === 'public' && r.url.startsWith('/api/'));
    for (const route of publicOps) {
      const ops = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')];
      if (!ops) continue; // hidden from the document (docs, stream…)
      for (const method of [route.method].flat()) {
        const op = ops[String(method).toLowerCase()];
        if (op) expect(op.security, `${method} ${route.url}`).toEqual([]);
      }
    }
  });
});
