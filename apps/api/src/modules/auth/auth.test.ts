import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signin = (email: string, password: string, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signin',
    payload: { email, password },
    headers: lang ? { 'accept-language': lang } : {},
  });

describe('sign-in', () => {
  it('gives the seeded super-admin a token pair and the space', async () => {
    const res = await signin(ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.space).toBe('ahab');
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
  });

  it('accepts the username and ignores case and surrounding spaces in the login', async () => {
    expect((await signin('  ADMIN ', ADMIN.password)).statusCode).toBe(200);
    expect((await signin(ADMIN.email.toUpperCase(), ADMIN.password)).statusCode).toBe(200);
  });

  it('refuses a wrong password with BADCREDENTIALSERROR 490 in Spanish, or English when asked', async () => {
    const es = await signin(ADMIN.email, 'wrong-password');
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ name: 'BADCREDENTIALSERROR', reference: 490 });
    expect(es.json().message).toMatch(/credenciales/i);
    const en = await signin(ADMIN.email, 'wrong-password', 'en-US,en;q=0.9');
    expect(en.json().message).toMatch(/credentials/i);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await signin('nobody@example.cu', 'whatever-123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ name: 'BADCREDENTIALSERROR', reference: 490 });
  });

  it('tells an unverified account 491 and a blocked one 492, only with the right password', async () => {
    expect((await signin('pedro.nuevo@example.cu', DEMO_PASSWORD)).json()).toMatchObject({
      name: 'USERNOTVERIFIEDERROR',
      reference: 491,
    });
    expect((await signin('luisa.bloqueada@example.cu', DEMO_PASSWORD)).json()).toMatchObject({
      name: 'USERNOTLOCKERROR',
      reference: 492,
    });
    expect((await signin('luisa.bloqueada@example.cu', 'not-her-password')).json().reference).toBe(490);
  });

  it('rejects an empty body field with a validation error, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toBe('VALIDATIONERROR');
  });
});

describe('refresh-token rotation', () => {
  const refresh = (refresh: string, space = 'ahab') =>
    t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { token: 'x', refresh, space } });

  it('returns a new pair and refuses the spent token afterwards', async () => {
    const first = await t.login();
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
  });

  it('revokes the whole sign-in when a spent token is presented again', async () => {
    const first = await t.login();
    const second = (await refresh(first.refreshToken)).json();
    expect((await refresh(first.refreshToken)).statusCode).toBe(401); // replay, e.g. by a thief
    expect((await refresh(second.refreshToken)).statusCode).toBe(401); // the legitimate holder is out too
  });

  it('refuses a token presented for another space with 401', async () => {
    const s = await t.login();
    expect((await refresh(s.refreshToken, 'otra')).statusCode).toBe(401);
  });

  it('signs out: the refresh token no longer works', async () => {
    const s = await t.login();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/signout',
      payload: { refresh: s.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});

describe('GET /api/users/me', () => {
  it('returns the profile with roles and flat permissions, never the password', async () => {
    const s = await t.login();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: s.authorization },
    });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.email).toBe(ADMIN.email);
    expect(me._id).toBe(me.id);
    expect(me.permissions).toContain('ADMIN');
    expect(me.roles[0].role).toMatchObject({ name: 'SUPER_ADMIN', superAdmin: true });
    expect(me.address).toHaveProperty('municipality');
    expect(me).not.toHaveProperty('password');
    expect(JSON.stringify(me)).not.toMatch(/passwordHash|\$argon2/);
  });

  it('answers 401 AUTHENTICATIONERROR without a token or with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().name).toBe('AUTHENTICATIONERROR');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('ending sessions', () => {
  const me = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });

  it('"sign out everywhere" stops the access tokens already handed out, not only the refresh tokens', async () => {
    const phone = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    const laptop = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    expect((await me(phone.authorization)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/signout/all',
      headers: { authorization: laptop.authorization },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(phone.authorization)).statusCode).toBe(401);
    expect((await me(laptop.authorization)).statusCode).toBe(401);
    const again = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    expect((await me(again.authorization)).statusCode).toBe(200);
  });
});
