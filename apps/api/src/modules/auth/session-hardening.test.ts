import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signin = (email: string, password: string, ip = '203.0.113.10') =>
  t.app.inject({ method: 'POST', url: '/api/signin', payload: { email, password }, remoteAddress: ip });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refresh: token, space: 'ahab' } });

describe('sessions', () => {
  it('signs out everywhere: every refresh token of the caller stops working', async () => {
    const a = await t.login('hotel.nacional@example.cu', DEMO_PASSWORD);
    const b = await t.login('hotel.nacional@example.cu', DEMO_PASSWORD);
    const other = await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signout/all',
      headers: { authorization: a.authorization },
    });
    expect(res.statusCode).toBe(204);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/signout/all' })).statusCode).toBe(401);
  });

  it('changes the password: the current one is required, other sessions end, this one gets a new pair', async () => {
    const email = 'jose.fernandez@example.cu';
    const elsewhere = await t.login(email, DEMO_PASSWORD);
    const here = await t.login(email, DEMO_PASSWORD);
    const change = (currentPassword: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: { authorization: here.authorization },
        payload: { currentPassword, password },
      });
    const wrong = await change('not-my-password', 'Nueva.Clave.2026');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 10 });
    expect((await change(DEMO_PASSWORD, 'qwerty123')).json().name).toBe('VALIDATIONERROR');
    expect((await change(DEMO_PASSWORD, 'x'.repeat(65))).json().name).toBe('VALIDATIONERROR');

    const ok = await change(DEMO_PASSWORD, 'Nueva.Clave.2026');
    expect(ok.statusCode).toBe(200);
    const pair = ok.json();
    expect(pair.space).toBe('ahab');
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(401);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
    expect((await signin(email, DEMO_PASSWORD, '192.0.2.1')).json().reference).toBe(490);
    expect((await signin(email, 'Nueva.Clave.2026', '192.0.2.1')).statusCode).toBe(200);
  });
});

describe('password hashing', () => {
  it('uses argon2id with 19 MiB, two passes, one lane', async () => {
    expect(await hashPassword('Agua.Limpia.2026')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
