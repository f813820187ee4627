import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { Access } from '../../plugins/access';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

/**
 * Walks the whole route table: every route that names permissions refuses a signed-in customer
 * (403) and lets the super-admin through (anything but 401/403: an empty body may well be a 400 or
 * an unknown id a 404); every non-public route refuses a caller without a token (401); every
 * customer-only route refuses staff. New routes are covered as soon as they are registered.
 */
let t: TestApp;
let customer: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
  admin = (await t.login()).authorization;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  url: string;
  access: Access | undefined;
}

function apiRoutes(): Route[] {
  const out: Route[] = [];
  for (const r of t.app.routeAccess) {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) continue;
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      out.push({ method: m as Method, url: r.url, access: r.access });
    }
  }
  return out;
}

/** A concrete path: each parameter gets a fresh uuid (unknown to the database). */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomUUID()).replace(/\*$/, 'x');

const call = (r: Route, authorization?: string) =>
  t.app.inject({
    method: r.method,
    url: concrete(r.url),
    headers: authorization ? { authorization } : {},
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

const isAnyOf = (a: Access | undefined): a is { anyOf: never[] } =>
  typeof a === 'object' && a !== null && 'anyOf' in a;

describe('the permission matrix', () => {
  it('covers the identity routes', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/users',
      'PATCH /api/users/:id',
      'POST /api/security/roles/:rolId/permission',
      'POST /api/traces/search',
      'POST /api/access-requests/:id/accept',
      'POST /api/notifications/email',
    ])
      expect(urls).toContain(expected);
  });

  it('refuses a signed-in customer on every route that needs a permission, and lets the super-admin in', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes().filter((x) => isAnyOf(x.access))) {
      const asCustomer = await call(r, customer);
      if (asCustomer.statusCode !== 403)
        failures.push(`customer ${r.method} ${r.url} → ${asCustomer.statusCode}`);
      const asAdmin = await call(r, admin);
      if ([401, 403].includes(asAdmin.statusCode))
        failures.push(`super-admin ${r.method} ${r.url} → ${asAdmin.statusCode} ${asAdmin.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 without a token on every non-public route', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes().filter((x) => x.access !== 'public')) {
      const res = await call(r);
      if (res.statusCode !== 401) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses staff on customer-only routes', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes().filter((x) => x.access === 'customer')) {
      const res = await call(r, admin);
      if (res.statusCode !== 403) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('no IDOR', () => {
  it('a customer cannot read, change or list other users by changing an id', async () => {
    const [jose] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'jose.fernandez@example.cu'));
    const headers = { authorization: customer };
    for (const [method, url, payload] of [
      ['GET', `/api/users/${jose.id}`, undefined],
      ['PATCH', `/api/users/${jose.id}`, { version: 1, phone: '+5350000000' }],
      ['DELETE', `/api/users/${jose.id}`, undefined],
      ['POST', `/api/users/${jose.id}/roles`, { roleIds: ['SUPER_ADMIN'] }],
      ['POST', '/api/users/password-reset', { _id: jose.id, password: 'Otra.Clave.2026' }],
      ['POST', '/api/users/search', {}],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.json().email).toBe('maria.perez@example.cu');
  });
});
