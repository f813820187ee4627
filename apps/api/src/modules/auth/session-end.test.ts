import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (authorization: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });
const post = (authorization: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization }, payload: payload ?? {} });

describe('signing out', () => {
  it('ends that sign-in’s access token at once, and only that sign-in', async () => {
    const phone = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    const laptop = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    expect((await get(phone.authorization, '/api/users/me')).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/signout',
      payload: { refresh: phone.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    const after = await get(phone.authorization, '/api/users/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().name).toBe('AUTHENTICATIONERROR');
    expect((await get(laptop.authorization, '/api/users/me')).statusCode).toBe(200);
  });
});

describe('a password set by an administrator with "change at next sign-in"', () => {
  it('lets the user in only to change it; everything else answers 474 until then', async () => {
    const admin = await t.login();
    const [maria] = await t.database.db.select().from(users).where(eq(users.email, 'maria.perez@example.cu'));
    const temporary = 'Temporal.Agua.2026';
    const reset = await post(admin.authorization, '/api/users/password-reset', {
      _id: maria.id,
      password: temporary,
      autoGeneratePassword: false,
      changePasswordRequire: true,
    });
    expect(reset.statusCode).toBe(200);

    const s = await t.login('maria.perez@example.cu', temporary);
    const me = await get(s.authorization, '/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().changePasswordRequired).toBe(true);
    for (const [method, url] of [
      ['POST', '/api/ahab-requests/debts-ccs'],
      ['POST', '/api/notifications/search'],
      ['GET', '/api/notifications/unread-count'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: s.authorization },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ name: 'BADREQUESTERROR', reference: 474 });
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: s.authorization },
      payload: { firstName: 'María' },
    });
    expect(patch.json().reference).toBe(474);

    const changed = await post(s.authorization, '/api/users/me/password', {
      currentPassword: temporary,
      password: 'Nueva.Clave.Propia.2026',
    });
    expect(changed.statusCode).toBe(200);
    const fresh = `Bearer ${changed.json().accessToken}`;
    expect((await get(fresh, '/api/users/me')).json().changePasswordRequired).toBe(false);
    expect((await post(fresh, '/api/ahab-requests/debts-ccs')).statusCode).toBe(200);
    expect((await get(s.authorization, '/api/users/me')).statusCode).toBe(401);
  });
});
