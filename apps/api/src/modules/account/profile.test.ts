import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traces, users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (authorization: string, payload: object, lang?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    payload,
    headers: { authorization, ...(lang ? { 'accept-language': lang } : {}) },
  });
const me = async (authorization: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } })).json();
const signin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/signin', payload: { email, password } });
const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('PATCH /api/users/me', () => {
  it('saves the listed fields with spec §5 semantics, bumps the version and traces the diff', async () => {
    const s = await t.login('maria.perez@example.cu', DEMO_PASSWORD);
    const before = await userRow('maria.perez@example.cu');
    const res = await patch(s.authorization, {
      firstName: 'María José',
      lastName: 'Pérez Soto',
      username: 'mariajose',
      phone: null,
      email: null,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: 'María José',
      lastName: 'Pérez Soto',
      fullName: 'María José Pérez Soto',
      username: 'mariajose',
      phone: null,
      email: 'maria.perez@example.cu', // null e-mail means unchanged
      pendingEmail: null,
    });
    expect(body.permissions).toEqual(expect.any(Array));
    expect(body).not.toHaveProperty('password');
    const after = await userRow('maria.perez@example.cu');
    expect(after.version).toBe(before.version + 1);
    const [trace] = await t.database.db
      .select()
      .from(traces)
      .where(and(eq(traces.section, 'profile'), eq(traces.entityId, after.id)));
    expect(trace).toMatchObject({ type: 'UPDATE', module: 'account', owner: after.id });
    expect(trace.payload).toMatchObject({
      changes: {
        firstName: { before: 'María', after: 'María José' },
        phone: { before: '+5352123456', after: null },
      },
    });
  });

  it('refuses unknown keys, bad values, and duplicates with the catalogue answers', async () => {
    const s = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    const extra = await patch(s.authorization, { firstName: 'José', status: 'ACTIVE' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().name).toBe('VALIDATIONERROR');
    expect((await patch(s.authorization, { firstName: 'José', roles: ['SUPER_ADMIN'] })).statusCode).toBe(
      400,
    );
    expect((await patch(s.authorization, { firstName: 'José', phone: 'abc' })).statusCode).toBe(400);
    expect((await patch(s.authorization, { firstName: 'José', password: '123' })).statusCode).toBe(400);
    expect((await patch(s.authorization, { firstName: 'José', username: 'ADMIN' })).json()).toMatchObject({
      name: 'BADREQUESTERROR',
      reference: 443,
    });
    expect((await patch(s.authorization, { firstName: 'José', phone: '+5378334455' })).json().reference).toBe(
      444,
    );
    expect(
      (await patch(s.authorization, { firstName: 'José', email: 'Hotel.Nacional@example.cu' })).json()
        .reference,
    ).toBe(303);
    const avatar = await patch(s.authorization, { firstName: 'José', avatar: 'https://evil.example/x.png' });
    expect(avatar.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/users/me', payload: { firstName: 'José' } }))
        .statusCode,
    ).toBe(401);
  });

  it('changes the e-mail only once the new address confirms it', async () => {
    const s = await t.login('escuela.marti@example.cu', DEMO_PASSWORD);
    const res = await patch(
      s.authorization,
      { firstName: 'Escuela', email: 'Secretaria.Marti@example.cu' },
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'escuela.marti@example.cu',
      pendingEmail: 'secretaria.marti@example.cu',
    });
    // Signing in again (or reloading the profile) still shows the address waiting for confirmation.
    expect(await me(s.authorization)).toMatchObject({
      email: 'escuela.marti@example.cu',
      pendingEmail: 'secretaria.marti@example.cu',
    });

    const mails = (
      await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=secretaria.marti@example.cu' })
    ).json();
    expect(mails).toHaveLength(1);
    const token = /\/oficina_virtual\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1];
    expect(token).toBeTruthy();
    const verify = (tk: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/me/email/verify', payload: { token: tk } });
    expect((await verify(token as string)).statusCode).toBe(200);
    expect((await verify(token as string)).json().reference).toBe(470);
    expect(await me(s.authorization)).toMatchObject({
      email: 'secretaria.marti@example.cu',
      pendingEmail: null,
    });
    expect((await signin('secretaria.marti@example.cu', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signin('escuela.marti@example.cu', DEMO_PASSWORD)).statusCode).toBe(400);
  });

  it('sets a new password only when filled and ends the other sessions', async () => {
    const s = await t.login('hotel.nacional@example.cu', DEMO_PASSWORD);
    expect((await patch(s.authorization, { firstName: 'Hotel' })).statusCode).toBe(200);
    expect((await signin('hotel.nacional@example.cu', DEMO_PASSWORD)).statusCode).toBe(200);
    // One password-change rule: without the current password, or with a wrong one, nothing changes.
    const without = await patch(s.authorization, { firstName: 'Hotel', password: 'Vedado.Mar.2026' });
    expect(without.statusCode).toBe(400);
    expect(without.json().details[0].field).toBe('body.currentPassword');
    const wrong = await patch(s.authorization, {
      firstName: 'Hotel',
      password: 'Vedado.Mar.2026',
      currentPassword: 'No.Es.La.Mia.2026',
    });
    expect(wrong.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 10 });
    expect((await signin('hotel.nacional@example.cu', 'Vedado.Mar.2026')).statusCode).toBe(400);
    expect(
      (
        await patch(s.authorization, {
          firstName: 'Hotel',
          password: 'Vedado.Mar.2026',
          currentPassword: DEMO_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect((await signin('hotel.nacional@example.cu', 'Vedado.Mar.2026')).statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      payload: { refresh: s.refreshToken, space: 'ahab' },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('takes an uploaded image as avatar: the thumbnail as avatar, the full image as avatarOriginal', async () => {
    const s = await t.login();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer();
    const boundary = '----ovtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/files/image',
      payload,
      headers: {
        authorization: s.authorization,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(up.statusCode).toBe(201);
    const { image, thumb } = up.json();
    const res = await patch(s.authorization, { firstName: 'Administrador', avatar: image });
    expect(res.json()).toMatchObject({ avatar: thumb, avatarOriginal: image });
    expect((await t.app.inject({ method: 'GET', url: res.json().avatar })).statusCode).toBe(200);
    expect((await patch(s.authorization, { firstName: 'Administrador', avatar: '' })).json()).toMatchObject({
      avatar: null,
      avatarOriginal: null,
    });
  });
});

describe('invoice notice preferences', () => {
  const url = '/api/users/me/notification-preferences';
  it('start in the app only, change one at a time, are traced, and are one’s own', async () => {
    const s = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    const get = () => t.app.inject({ method: 'GET', url, headers: { authorization: s.authorization } });
    const set = (payload: object) =>
      t.app.inject({ method: 'PATCH', url, payload, headers: { authorization: s.authorization } });
    expect((await get()).json()).toEqual({ invoiceApp: true, invoiceEmail: false });
    const yes = await set({ invoiceEmail: true });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ invoiceApp: true, invoiceEmail: true });
    expect((await set({ invoiceApp: false })).json()).toEqual({ invoiceApp: false, invoiceEmail: true });
    expect((await get()).json()).toEqual({ invoiceApp: false, invoiceEmail: true });
    const row = await userRow('jose.fernandez@example.cu');
    expect(row).toMatchObject({ notifyInvoiceApp: false, notifyInvoiceEmail: true });
    const traced = await t.database.db
      .select()
      .from(traces)
      .where(and(eq(traces.section, 'notification-preferences'), eq(traces.entityId, row.id)));
    expect(traced).toHaveLength(2);
    // Bad input is the catalogue's validation error, not a 500; nobody else's preferences are touched.
    for (const bad of [{ invoiceApp: 'yes' }, { other: true }]) {
      const r = await set(bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().name).toBe('VALIDATIONERROR');
    }
    expect(await userRow('maria.perez@example.cu')).toMatchObject({
      notifyInvoiceApp: true,
      notifyInvoiceEmail: false,
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
