import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ADMIN, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

/**
 * An actor acts only on accounts whose permissions are a subset of their own. The security
 * administrator (USER:READ/WRITE/DELETE/NOTIFY, ROLE:READ/WRITE/DELETE, TRACE:READ) must not be able
 * to take over the super-administrator, nor a commercial specialist whose permissions she lacks.
 */
let t: TestApp;
let admin: string;
let elena: string;
const NEW_PASSWORD = 'Tomada.Por.Elena.2026';

type Json = Record<string, unknown>;
const call = (auth: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization: auth }, payload: payload as Json });
const idOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const mailsTo = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json() as {
    subject: string;
    text: string;
  }[];

/** Every user action, as (actor, target id) → response. */
const ACTIONS: [string, (auth: string, id: string) => ReturnType<typeof call>][] = [
  [
    'edit',
    (a, id) => call(a, 'PATCH', `/api/users/${id}`, { fullName: 'Cuenta Tomada', version: 1, force: true }),
  ],
  [
    'change e-mail',
    (a, id) =>
      call(a, 'PATCH', `/api/users/${id}`, { email: 'atacante@example.cu', version: 1, force: true }),
  ],
  [
    'reset password',
    (a, id) =>
      call(a, 'POST', '/api/users/password-reset', {
        _id: id,
        password: NEW_PASSWORD,
        autoGeneratePassword: false,
        changePasswordRequire: false,
      }),
  ],
  ['lock', (a, id) => call(a, 'POST', '/api/users/status/LOCK', { ids: [id] })],
  ['lock (status in body)', (a, id) => call(a, 'POST', '/api/users/status', { ids: [id], status: 'LOCK' })],
  ['remove', (a, id) => call(a, 'DELETE', `/api/users/${id}`)],
  ['remove many', (a, id) => call(a, 'POST', '/api/users/delete-many', { ids: [id] })],
  ['change roles', (a, id) => call(a, 'POST', `/api/users/${id}/roles`, { roleIds: ['USER'] })],
  [
    'set scope',
    (a, id) => call(a, 'PATCH', `/api/users/${id}`, { scopeMunicipality: 1, version: 1, force: true }),
  ],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  elena = (await t.login('elena.seguridad@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

describe('an actor never acts on an account with more permissions than their own', () => {
  for (const targetEmail of [ADMIN.email, 'ana.comercial@aguasdelahabana.cu']) {
    it(`the security administrator is refused every action on ${targetEmail}, and nothing changes`, async () => {
      const id = await idOf(targetEmail);
      const before = await row(id);
      const outcomes: string[] = [];
      for (const [name, act] of ACTIONS) {
        const res = await act(elena, id);
        outcomes.push(`${name}: ${res.statusCode} ${res.json().name}`);
        expect(res.statusCode, name).toBe(403);
      }
      expect(outcomes.every((o) => /403 (BADREQUESTERROR|UNAUTHORIZEDERROR)/.test(o))).toBe(true);
      const after = await row(id);
      expect(after).toMatchObject({
        email: before.email,
        firstName: before.firstName,
        status: 'ACTIVE',
        deletedAt: null,
        passwordHash: before.passwordHash,
        version: before.version,
        address: before.address,
      });
      expect(await mailsTo('atacante@example.cu')).toEqual([]);
      const me = await t.login(targetEmail, targetEmail === ADMIN.email ? ADMIN.password : DEMO_PASSWORD);
      expect((await call(me.authorization, 'GET', '/api/users/me')).json().roles.length).toBeGreaterThan(0);
      const takeover = await t.app.inject({
        method: 'POST',
        url: '/api/signin',
        payload: { email: targetEmail, password: NEW_PASSWORD },
      });
      expect(takeover.statusCode).not.toBe(200);
    });
  }

  it('the security administrator still does every action on a customer (a subset of her permissions)', async () => {
    const id = await idOf('jose.fernandez@example.cu');
    const edit = await call(elena, 'PATCH', `/api/users/${id}`, {
      fullName: 'José Fernández',
      version: 1,
      force: true,
    });
    expect(edit.statusCode).toBe(200);
    const reset = await ACTIONS[2][1](elena, id);
    expect(reset.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/signin',
          payload: { email: 'jose.fernandez@example.cu', password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect((await ACTIONS[3][1](elena, id)).statusCode).toBe(200);
    expect((await row(id)).status).toBe('LOCK');
    expect((await call(elena, 'POST', '/api/users/status/ACTIVE', { ids: [id] })).statusCode).toBe(200);
    expect((await ACTIONS[5][1](elena, id)).statusCode).toBe(200);
    expect((await row(id)).status).toBe('DELETED');
    const traces = await t.database.db.execute(
      sql`select type, section from traces where entity_id = ${id} and module = 'users' order by id`,
    );
    expect(traces.rows.map((r) => r.type)).toEqual(['UPDATE', 'UPDATE', 'UPDATE', 'UPDATE', 'REMOVE']);
  });

  it('needs USER:DELETE to remove and a notify permission to send e-mail', async () => {
    const role = (
      await call(admin, 'POST', '/api/security/roles', {
        name: 'EDITOR',
        permissions: ['USER:READ', 'USER:WRITE'],
      })
    ).json();
    await call(admin, 'POST', '/api/users', {
      username: 'editor1',
      fullName: 'Editor Uno',
      email: 'editor1@aguasdelahabana.cu',
      nationalId: '85010112345',
      gender: 'F',
      country: 'Cuba',
      municipality: 1,
      birthDate: '1985-01-01',
      address: 'Calle 1',
      roles: [role._id],
    });
    const pwd = 'Editor.Uno.2026';
    const editorId = await idOf('editor1@aguasdelahabana.cu');
    await call(admin, 'POST', '/api/users/password-reset', {
      _id: editorId,
      password: pwd,
      autoGeneratePassword: false,
      changePasswordRequire: false,
    });
    const editor = (await t.login('editor1@aguasdelahabana.cu', pwd)).authorization;
    const maria = await idOf('maria.perez@example.cu');
    expect((await call(editor, 'DELETE', `/api/users/${maria}`)).statusCode).toBe(403);
    expect((await call(editor, 'POST', '/api/users/delete-many', { ids: [maria] })).statusCode).toBe(403);
    expect((await row(maria)).deletedAt).toBeNull();
    const mail = await call(editor, 'POST', '/api/notifications/email', {
      to: [{ _id: maria }],
      subject: 'Hola',
      body: 'Mensaje de prueba',
    });
    expect(mail.statusCode).toBe(403);
    expect(
      (
        await call(editor, 'PATCH', `/api/users/${maria}`, {
          fullName: 'María Pérez',
          version: 1,
          force: true,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('e-mail changes made by an administrator', () => {
  it('apply only once the new address confirms them, and the old address is told', async () => {
    const id = await idOf('hotel.nacional@example.cu');
    const res = await call(elena, 'PATCH', `/api/users/${id}`, {
      email: 'Reservas.Hotel@example.cu',
      version: 1,
      force: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('hotel.nacional@example.cu');
    expect((await row(id)).email).toBe('hotel.nacional@example.cu');
    const announced = await mailsTo('hotel.nacional@example.cu');
    expect(announced[0].subject).toBe('Se solicitó cambiar el correo de su cuenta');
    expect(announced[0].text).toContain('reservas.hotel@example.cu');
    const [confirm] = await mailsTo('reservas.hotel@example.cu');
    const token = /\/oficina_virtual\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(confirm.text)?.[1];
    expect(token).toBeTruthy();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/email/verify',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect((await row(id)).email).toBe('reservas.hotel@example.cu');
  });
});

describe('roles cannot raise their holder', () => {
  it('a ROLE:WRITE holder adds nothing to a role they hold, and grants only permissions they hold', async () => {
    const roles = (await call(admin, 'POST', '/api/security/roles/search', { size: 50 })).json() as {
      _id: string;
      name: string;
      permissions: string[];
    }[];
    const security = roles.find((r) => r.name === 'SECURITY_ADMIN') as (typeof roles)[number];
    const url = `/api/security/roles/${security._id}/permission`;
    const escalate = await call(elena, 'POST', url, {
      permissions: [...security.permissions, 'INVOICE:READ'],
    });
    expect(escalate.statusCode).toBe(403);
    const own = await call(elena, 'POST', url, { permissions: [...security.permissions, 'ADMIN'] });
    expect(own.statusCode).toBe(403);
    const other = (await call(elena, 'POST', '/api/security/roles', { name: 'AUDITORIA' })).json();
    const grant = await call(elena, 'POST', `/api/security/roles/${other._id}/permission`, {
      permissions: ['TRACE:READ', 'PROCESS_STATE:WRITE'],
    });
    expect(grant.statusCode).toBe(403);
    const allowed = await call(elena, 'POST', `/api/security/roles/${other._id}/permission`, {
      permissions: ['TRACE:READ'],
    });
    expect(allowed.json().permissions).toEqual(['TRACE:READ']);
    const commercial = roles.find((r) => r.name === 'COMMERCIAL_SPECIALIST') as (typeof roles)[number];
    expect((await call(elena, 'DELETE', `/api/security/roles/${commercial._id}?force=true`)).statusCode).toBe(
      403,
    );
    const elenaId = await idOf('elena.seguridad@aguasdelahabana.cu');
    const selfGrant = await call(elena, 'POST', `/api/users/${elenaId}/roles`, {
      roleIds: ['SECURITY_ADMIN', 'COMMERCIAL_SPECIALIST'],
    });
    expect(selfGrant.statusCode).toBe(403);
    const me = (await call(elena, 'GET', '/api/users/me')).json();
    expect(me.permissions).not.toContain('INVOICE:READ');
    expect(me.permissions).not.toContain('PROCESS_RESIDENTIAL:WRITE');
  });
});

describe('the last active super-administrator', () => {
  it('cannot be demoted, and two super-administrators locking each other leave one active', async () => {
    const adminId = await idOf(ADMIN.email);
    const demote = await call(admin, 'POST', `/api/users/${adminId}/roles`, { roleIds: ['USER'] });
    expect(demote.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 473 });
    expect((await call(admin, 'GET', '/api/users/me')).json().permissions).toContain('ADMIN');

    await call(admin, 'POST', '/api/users', {
      username: 'jefa2',
      fullName: 'Jefa Dos',
      email: 'jefa2@aguasdelahabana.cu',
      nationalId: '80010112345',
      gender: 'F',
      country: 'Cuba',
      municipality: 1,
      birthDate: '1980-01-01',
      address: 'Calle 2',
      roles: ['SUPER_ADMIN'],
    });
    const bossId = await idOf('jefa2@aguasdelahabana.cu');
    await call(admin, 'POST', '/api/users/password-reset', {
      _id: bossId,
      password: 'Jefa.Dos.2026.Oficina',
      autoGeneratePassword: false,
      changePasswordRequire: false,
    });
    const boss = (await t.login('jefa2@aguasdelahabana.cu', 'Jefa.Dos.2026.Oficina')).authorization;
    const [a, b] = await Promise.all([
      call(admin, 'POST', '/api/users/status/LOCK', { ids: [bossId] }),
      call(boss, 'POST', '/api/users/status/LOCK', { ids: [adminId] }),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const active = await t.database.db.execute(
      sql`select count(*)::int as n from users u join user_roles ur on ur.user_id = u.id
          join roles r on r.id = ur.role_id where r.super_admin and u.status = 'ACTIVE' and u.deleted_at is null`,
    );
    expect(active.rows).toEqual([{ n: 1 }]);
  });
});
