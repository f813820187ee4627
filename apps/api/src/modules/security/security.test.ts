import { ALL_PERMISSIONS } from '@ov/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let elena: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  elena = (await t.login('elena.seguridad@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (auth: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization: auth }, payload: payload as Json });
const roleByName = async (name: string) =>
  (await call(admin, 'POST', '/api/security/roles/search', { search: name }))
    .json()
    .find((r: Json) => r.name === name);
const traces = async (entityId: string) =>
  (
    await t.database.db.execute(
      sql`select type, section from traces where entity_id = ${entityId} order by id`,
    )
  ).rows;

describe('roles', () => {
  it('lists roles with permissions and holders, SUPER_ADMIN first', async () => {
    const res = await call(elena, 'POST', '/api/security/roles/search', { size: 50 });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list[0]).toMatchObject({
      name: 'SUPER_ADMIN',
      superAdmin: true,
      system: true,
      permissions: ['ADMIN'],
      users: 1,
    });
    expect(Number(res.headers['x-total-count'])).toBe(list.length);
    expect(list.find((r: Json) => r.name === 'SECURITY_ADMIN').permissions).toContain('ROLE:WRITE');
  });

  it('creates, renames and describes a role; names are unique and checked', async () => {
    const res = await call(elena, 'POST', '/api/security/roles', {
      name: 'CASHIER',
      description: 'Caja',
      permissions: ['TRACE:READ'],
    });
    expect(res.statusCode).toBe(201);
    const role = res.json();
    expect(role).toMatchObject({ name: 'CASHIER', permissions: ['TRACE:READ'], users: 0, system: false });
    expect((await call(elena, 'POST', '/api/security/roles', { name: 'cashier' })).json()).toMatchObject({
      name: 'BADREQUESTERROR',
      reference: 420,
    });
    expect((await call(elena, 'POST', '/api/security/roles', { name: 'x' })).statusCode).toBe(400);
    const renamed = await call(elena, 'PATCH', `/api/security/roles/${role._id}`, {
      name: 'CASHIER_2',
      description: null,
    });
    expect(renamed.json()).toMatchObject({ name: 'CASHIER_2', description: null });
    expect((await traces(role._id)).map((r) => r.type)).toEqual(['CREATE', 'UPDATE']);
    const superAdmin = await roleByName('SUPER_ADMIN');
    expect(
      (await call(elena, 'PATCH', `/api/security/roles/${superAdmin._id}`, { name: 'BOSS' })).json()
        .reference,
    ).toBe(466);
    expect(
      (await call(elena, 'PATCH', `/api/security/roles/${superAdmin._id}`, { description: 'Dueño' }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps descriptions in Spanish and English; the built-in roles come with both; `description` stays the Spanish one', async () => {
    const list = (await call(elena, 'POST', '/api/security/roles/search', { size: 50 })).json();
    for (const role of list.filter((r: Json) => !String(r.name).startsWith('CASHIER'))) {
      const { es, en } = role.descriptions as { es: string; en: string };
      expect(es, String(role.name)).toBeTruthy();
      expect(en, String(role.name)).toBeTruthy();
      expect(en).not.toBe(es);
      expect(role.description).toBe(es);
    }
    expect(list.find((r: Json) => r.name === 'SECURITY_ADMIN').descriptions).toEqual({
      es: 'Administra usuarios, roles y trazas',
      en: 'Manages users, roles and traces',
    });

    const made = await call(elena, 'POST', '/api/security/roles', {
      name: 'METER_READERS',
      descriptions: { es: 'Lectores de metros contadores', en: 'Meter readers' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      description: 'Lectores de metros contadores',
      descriptions: { es: 'Lectores de metros contadores', en: 'Meter readers' },
    });
    const id = made.json()._id;
    // An old client sends `description` alone: it is the Spanish one; the English one stays.
    const old = await call(elena, 'PATCH', `/api/security/roles/${id}`, {
      description: 'Lectura de contadores',
    });
    expect(old.json().descriptions).toEqual({ es: 'Lectura de contadores', en: 'Meter readers' });
    const english = await call(elena, 'PATCH', `/api/security/roles/${id}`, { descriptions: { en: '  ' } });
    expect(english.json().descriptions).toEqual({ es: 'Lectura de contadores', en: null });
    const long = await call(elena, 'PATCH', `/api/security/roles/${id}`, {
      descriptions: { en: 'x'.repeat(251) },
    });
    expect(long.statusCode).toBe(400);
    // Search finds a role by its English description too.
    const found = (
      await call(elena, 'POST', '/api/security/roles/search', { search: 'handles residential' })
    ).json();
    expect(found.map((r: Json) => r.name)).toEqual(['COMMERCIAL_SPECIALIST']);
    expect((await call(elena, 'DELETE', `/api/security/roles/${id}`)).statusCode).toBe(200);
  });

  it('replaces permissions; unknown names are refused; ADMIN only by a super-admin', async () => {
    const role = (await call(elena, 'POST', '/api/security/roles', { name: 'AUDITOR' })).json();
    const url = `/api/security/roles/${role._id}/permission`;
    const ok = await call(elena, 'POST', url, { permissions: ['TRACE:READ', 'USER:READ', 'TRACE:READ'] });
    expect(ok.json().permissions).toEqual(['TRACE:READ', 'USER:READ']);
    const bad = await call(elena, 'POST', url, { permissions: ['TRACE:READ', 'NUKE:ALL'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().name).toBe('VALIDATIONERROR');
    expect((await call(elena, 'POST', url, { permissions: ['ADMIN'] })).json()).toMatchObject({
      name: 'UNAUTHORIZEDERROR',
      reference: 0,
    });
    expect((await call(admin, 'POST', url, { permissions: ['ADMIN'] })).statusCode).toBe(200);
    const superAdmin = await roleByName('SUPER_ADMIN');
    expect(
      (
        await call(admin, 'POST', `/api/security/roles/${superAdmin._id}/permission`, { permissions: [] })
      ).json().reference,
    ).toBe(466);
    expect((await traces(role._id)).at(-1)).toEqual({ type: 'UPDATE', section: 'permissions' });
  });

  it('deletes a role: never a system one, not while assigned unless forced', async () => {
    for (const name of ['SUPER_ADMIN', 'USER']) {
      const r = await roleByName(name);
      expect((await call(elena, 'DELETE', `/api/security/roles/${r._id}`)).json().reference).toBe(466);
    }
    const role = (await call(elena, 'POST', '/api/security/roles', { name: 'TEMPORARY' })).json();
    const [jose] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'jose.fernandez@example.cu'));
    await call(elena, 'POST', `/api/users/${jose.id}/roles`, { roleIds: ['USER', 'TEMPORARY'] });
    const refused = await call(elena, 'DELETE', `/api/security/roles/${role._id}`);
    expect(refused.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 465, details: { users: 1 } });
    const forced = await call(elena, 'DELETE', `/api/security/roles/${role._id}?force=true`);
    expect(forced.json()).toEqual({ deleted: 1, unassigned: 1 });
    const joseNow = (await call(elena, 'GET', `/api/users/${jose.id}`)).json();
    expect(joseNow.roles.map((r: { role: Json }) => r.role.name)).toEqual(['USER']);
    expect((await call(elena, 'DELETE', `/api/security/roles/${role._id}`)).statusCode).toBe(404);
    expect((await traces(role._id)).map((r) => r.type)).toEqual(['CREATE', 'REMOVE']);
  });
});

describe('permissions', () => {
  it('lists every permission grouped by group, with the list protocol', async () => {
    const res = await call(elena, 'POST', '/api/security/permissions/search', { size: 999 });
    const groups = res.json();
    expect(groups.flatMap((g: { permissions: string[] }) => g.permissions).sort()).toEqual(
      [...ALL_PERMISSIONS].sort(),
    );
    expect(groups.find((g: Json) => g.group === 'CONTRACT_REQUEST').actions).toEqual([
      'READ',
      'WRITE',
      'DELETE',
      'NOTIFY',
      'SEARCH',
    ]);
    const page = await call(elena, 'POST', '/api/security/permissions/search', { size: 5, page: 2 });
    expect(page.json()).toHaveLength(5);
    expect(Number(page.headers['x-total-count'])).toBe(groups.length);
    expect(
      (await call(elena, 'POST', '/api/security/permissions/search', { search: 'trace' }))
        .json()
        .map((g: Json) => g.group),
    ).toEqual(['TRACE']);
  });

  it('a revoked permission is refused on the holder’s very next request, with the same token', async () => {
    const role = (
      await call(admin, 'POST', '/api/security/roles', { name: 'READER', permissions: ['USER:READ'] })
    ).json();
    const [ana] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ana.comercial@aguasdelahabana.cu'));
    await call(admin, 'POST', `/api/users/${ana.id}/roles`, { roleIds: ['COMMERCIAL_SPECIALIST', 'READER'] });
    const token = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
    expect((await call(token, 'POST', '/api/users/search', {})).statusCode).toBe(200);
    await call(admin, 'POST', `/api/security/roles/${role._id}/permission`, { permissions: [] });
    const after = await call(token, 'POST', '/api/users/search', {});
    expect(after.statusCode).toBe(403);
    expect(after.json().reference).toBe(452);
  });

  it('refuses everything to a caller without ROLE:WRITE', async () => {
    const maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    expect((await call(maria, 'POST', '/api/security/roles/search', {})).statusCode).toBe(403);
    expect((await call(maria, 'POST', '/api/security/roles', { name: 'HACKERS' })).statusCode).toBe(403);
  });
});
