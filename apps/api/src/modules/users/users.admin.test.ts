import { PERMISSIONS } from '@ov/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, userRoles, users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { listMailbox } from '../mail';

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
const idOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const traceTypes = async (entityId: string) =>
  (
    await t.database.db.execute(
      sql`select type, section from traces where entity_id = ${entityId} order by id`,
    )
  ).rows;

const newUser = (n: string, extra: Json = {}) => ({
  username: `user.${n}`,
  fullName: `Usuario ${n}`,
  nationalId: '85010112345',
  gender: 'F',
  country: 'Cuba',
  email: `${n}@example.cu`,
  municipality: 3,
  birthDate: '1985-01-01',
  address: 'Calle 23 # 456, Vedado',
  clientType: 'RESIDENTIAL',
  ...extra,
});

describe('user list filters', () => {
  const emails = async (filters: object[]) =>
    (await call(admin, 'POST', '/api/users/search', { size: 50, filters })).json().map((u: Json) => u.email);

  it('filters by role name or id, municipality, client type, status and creation date', async () => {
    expect(await emails([{ type: 'TERMS', field: 'roles', value: ['SECURITY_ADMIN'] }])).toEqual([
      'elena.seguridad@aguasdelahabana.cu',
    ]);
    const [role] = await t.database.db.select().from(roles).where(eq(roles.name, 'BIG_CLIENT_SPECIALIST'));
    expect(await emails([{ type: 'TERMS', field: 'roles', value: [role.id] }])).toEqual([
      'carlos.grandes@aguasdelahabana.cu',
    ]);
    expect((await emails([{ type: 'TERM', field: 'municipality', value: 4 }])).sort()).toEqual([
      'escuela.marti@example.cu',
    ]);
    expect(await emails([{ type: 'TERM', field: 'clientType', value: 'STATE' }])).toEqual([
      'escuela.marti@example.cu',
    ]);
    expect(await emails([{ type: 'TERMS', field: 'status', value: ['LOCK'] }])).toEqual([
      'luisa.bloqueada@example.cu',
    ]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await emails([{ type: 'RANGE', field: 'createdAt', from: future, isDate: true }])).toEqual([]);
    expect((await emails([{ type: 'RANGE', field: 'createdAt', to: future, isDate: true }])).length).toBe(10);
  });

  it('counts users per client type', async () => {
    const res = await call(admin, 'POST', '/api/users/count', { filters: [] });
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { clientType: 'RESIDENTIAL', count: 4 },
        { clientType: 'STATE', count: 1 },
        { clientType: 'ESTATE_BIG_CLIENT', count: 1 },
      ]),
    );
  });

  it('lists the roles for selects', async () => {
    const names = (await call(elena, 'GET', '/api/users/roles')).json().map((r: Json) => r.name);
    expect(names).toEqual(expect.arrayContaining(['SUPER_ADMIN', 'USER', 'SECURITY_ADMIN']));
  });
});

describe('creating, editing and removing users', () => {
  it('creates a user, mails a temporary password and traces it; duplicates are refused', async () => {
    const res = await call(admin, 'POST', '/api/users', newUser('ana1'));
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({
      email: 'ana1@example.cu',
      status: 'ACTIVE',
      changePasswordRequired: true,
      version: 1,
    });
    expect(u.roles.map((r: Json) => (r.role as Json).name)).toEqual(['USER']);
    expect(u.address.line).toBe('Calle 23 # 456, Vedado');
    const mails = await listMailbox(t.database.db, { to: 'ana1@example.cu' });
    expect(mails[0].text).toMatch(/Contraseña temporal: \S{8}/);
    expect(await traceTypes(u._id)).toEqual([{ type: 'CREATE', section: 'admin' }]);
    const dupEmail = await call(admin, 'POST', '/api/users', newUser('ana1', { username: 'other.one' }));
    expect(dupEmail.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 303 });
    const dupUser = await call(admin, 'POST', '/api/users', newUser('ana2', { username: 'user.ana1' }));
    expect(dupUser.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 444 });
    const young = await call(
      admin,
      'POST',
      '/api/users',
      newUser('kid', { birthDate: new Date().toISOString() }),
    );
    expect(young.statusCode).toBe(400);
  });

  it('refuses role assignment without ROLE:WRITE (UNAUTHORIZEDERROR 410)', async () => {
    const [clerkRole] = await t.database.db
      .insert(roles)
      .values({ space: 'ahab', name: 'CLERK' })
      .returning();
    await t.database.db
      .insert(rolePermissions)
      .values({ roleId: clerkRole.id, permission: PERMISSIONS.USER_WRITE });
    const jose = await idOf('ana.comercial@aguasdelahabana.cu');
    await t.database.db.insert(userRoles).values({ userId: jose, roleId: clerkRole.id });
    const clerk = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
    const res = await call(clerk, 'POST', '/api/users', newUser('clerk1', { roles: ['SECURITY_ADMIN'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ name: 'UNAUTHORIZEDERROR', reference: 410 });
    expect((await call(clerk, 'POST', '/api/users', newUser('clerk2'))).statusCode).toBe(201);
    const maria = await idOf('maria.perez@example.cu');
    expect(
      (await call(clerk, 'POST', `/api/users/${maria}/roles`, { roleIds: ['USER'] })).json().reference,
    ).toBe(410);
    // Only a super-admin hands out SUPER_ADMIN.
    const toSuper = await call(elena, 'POST', `/api/users/${maria}/roles`, {
      roleIds: ['USER', 'SUPER_ADMIN'],
    });
    expect(toSuper.json()).toMatchObject({ name: 'UNAUTHORIZEDERROR', reference: 410 });
    const ok = await call(elena, 'POST', `/api/users/${maria}/roles`, { roleIds: ['USER', 'CLERK'] });
    expect(
      ok
        .json()
        .roles.map((r: Json) => (r.role as Json).name)
        .sort(),
    ).toEqual(['CLERK', 'USER']);
    expect((await traceTypes(maria)).at(-1)).toEqual({ type: 'UPDATE', section: 'roles' });
  });

  it('updates with a version; a stale one answers 409 with the current record, force overwrites', async () => {
    const u = (await call(admin, 'POST', '/api/users', newUser('ver1'))).json();
    const first = await call(admin, 'PATCH', `/api/users/${u._id}`, { version: 1, phone: '+5351112233' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ phone: '+5351112233', version: 2 });
    const stale = await call(admin, 'PATCH', `/api/users/${u._id}`, { version: 1, fullName: 'Otro Nombre' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ name: 'CONFLICTERROR', reference: 409, details: { ref: u._id } });
    expect(stale.json().details.current.phone).toBe('+5351112233');
    const forced = await call(admin, 'PATCH', `/api/users/${u._id}`, {
      version: 1,
      force: true,
      fullName: 'Otro Nombre',
    });
    expect(forced.json()).toMatchObject({ fullName: 'Otro Nombre', version: 3 });
    expect((await call(admin, 'GET', `/api/users/${u._id}`)).json().fullName).toBe('Otro Nombre');
  });

  it('keeps the first name and surnames apart when the form saves the full name', async () => {
    const [maria] = await t.database.db.select().from(users).where(eq(users.email, 'maria.perez@example.cu'));
    const fullName = `${maria.firstName} ${maria.lastName}`;
    const saved = await call(admin, 'PATCH', `/api/users/${maria.id}`, {
      version: maria.version,
      fullName,
      phone: '+5352223344',
    });
    expect(saved.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, maria.id));
    expect({ firstName: after.firstName, lastName: after.lastName }).toEqual({
      firstName: maria.firstName,
      lastName: maria.lastName,
    });
    await call(admin, 'PATCH', `/api/users/${maria.id}`, {
      version: after.version,
      fullName: 'Ana María Pérez Soto',
    });
    const [renamed] = await t.database.db.select().from(users).where(eq(users.id, maria.id));
    expect({ firstName: renamed.firstName, lastName: renamed.lastName }).toEqual({
      firstName: 'Ana María',
      lastName: 'Pérez Soto',
    });
  });

  it('removes softly; re-creating the e-mail answers 409 with the reference; force creates, recover restores', async () => {
    const u = (await call(admin, 'POST', '/api/users', newUser('gone1'))).json();
    expect((await call(admin, 'DELETE', `/api/users/${u._id}`)).json()).toEqual({ deleted: 1 });
    expect((await call(admin, 'GET', `/api/users/${u._id}`)).json()).toMatchObject({
      status: 'DELETED',
      deleted: true,
    });
    const listed = await call(admin, 'POST', '/api/users/search', { search: 'gone1' });
    expect(listed.json()).toHaveLength(0);
    const withDeleted = await call(admin, 'POST', '/api/users/search', {
      search: 'gone1',
      filters: [{ type: 'TERM', field: 'status', value: 'DELETED' }],
    });
    expect(withDeleted.json()).toHaveLength(1);
    const again = await call(admin, 'POST', '/api/users', newUser('gone1'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ name: 'CONFLICTERROR', details: { ref: u._id } });
    const recovered = await call(admin, 'POST', '/api/users/recover', { ref: u._id });
    expect(recovered.json()).toMatchObject({ _id: u._id, status: 'ACTIVE', deleted: false });
    expect((await traceTypes(u._id)).map((r) => r.type)).toEqual(['CREATE', 'REMOVE', 'RESTORE']);
    await call(admin, 'DELETE', `/api/users/${u._id}`);
    const forced = await call(admin, 'POST', '/api/users', newUser('gone1', { force: true }));
    expect(forced.statusCode).toBe(201);
    expect(forced.json()._id).not.toBe(u._id);
    expect((await call(admin, 'POST', '/api/users/recover', { ref: u._id })).json().reference).toBe(303);
  });

  it('removes many at once, all or none', async () => {
    const a = (await call(admin, 'POST', '/api/users', newUser('many1'))).json();
    const b = (await call(admin, 'POST', '/api/users', newUser('many2'))).json();
    const self = await idOf('elena.seguridad@aguasdelahabana.cu');
    const refused = await call(elena, 'POST', '/api/users/delete-many', { ids: [a._id, self] });
    expect(refused.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 463 });
    expect((await call(admin, 'GET', `/api/users/${a._id}`)).json().status).toBe('ACTIVE');
    expect((await call(elena, 'POST', '/api/users/delete-many', { ids: [a._id, b._id] })).json()).toEqual({
      deleted: 2,
    });
  });
});

describe('status and password', () => {
  it('blocks and unblocks; the blocked user cannot sign in; nobody changes their own status', async () => {
    const jose = await idOf('jose.fernandez@example.cu');
    const lock = await call(elena, 'POST', '/api/users/status/LOCK', { ids: [jose] });
    expect(lock.json()).toEqual({ updated: 1 });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'jose.fernandez@example.cu', password: DEMO_PASSWORD },
    });
    expect(signin.json().reference).toBe(492);
    expect(
      (await call(elena, 'POST', '/api/users/status', { ids: [jose], status: 'ACTIVE' })).statusCode,
    ).toBe(200);
    expect((await t.login('jose.fernandez@example.cu', DEMO_PASSWORD)).authorization).toBeTruthy();
    for (const status of ['DELETED', 'UNVERIFIED'])
      expect((await call(elena, 'POST', `/api/users/status/${status}`, { ids: [jose] })).statusCode).toBe(
        400,
      );
    const self = await idOf('elena.seguridad@aguasdelahabana.cu');
    expect((await call(elena, 'POST', '/api/users/status/LOCK', { ids: [self] })).json().reference).toBe(462);
    expect((await call(elena, 'DELETE', `/api/users/${self}`)).json().reference).toBe(463);
  });

  it('resets a password with auto-generate: mailed, sessions ended, change required', async () => {
    const hotel = await idOf('hotel.nacional@example.cu');
    const session = await t.login('hotel.nacional@example.cu', DEMO_PASSWORD);
    const res = await call(admin, 'POST', '/api/users/password-reset', {
      _id: hotel,
      autoGeneratePassword: true,
      changePasswordRequire: true,
    });
    expect(res.json()).toEqual({ ok: true, mailed: true });
    const [mail] = await listMailbox(t.database.db, { to: 'hotel.nacional@example.cu' });
    const password = /Contraseña temporal: (\S+)/.exec(mail.text)?.[1] as string;
    expect(password).toHaveLength(8);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      payload: { token: 'x', refresh: session.refreshToken, space: 'ahab' },
    });
    expect(refresh.statusCode).not.toBe(200);
    const me = await call(
      (await t.login('hotel.nacional@example.cu', password)).authorization,
      'GET',
      '/api/users/me',
    );
    expect(me.json().changePasswordRequired).toBe(true);
    const manual = await call(admin, 'POST', '/api/users/password-reset', {
      _id: hotel,
      password: 'Nueva.Clave.2026',
    });
    expect(manual.json()).toEqual({ ok: true, mailed: false });
    expect(await t.login('hotel.nacional@example.cu', 'Nueva.Clave.2026')).toBeTruthy();
    expect((await call(admin, 'POST', '/api/users/password-reset', { _id: hotel })).statusCode).toBe(400);
  });
});

describe('staff scoped to a municipality or province', () => {
  it('answers 456 outside the municipality, 453 outside the province, and lists only their users', async () => {
    const scoped = await idOf('carlos.grandes@aguasdelahabana.cu');
    const sec = (await t.database.db.select().from(roles).where(eq(roles.name, 'SECURITY_ADMIN')))[0];
    await t.database.db.insert(userRoles).values({ userId: scoped, roleId: sec.id });
    await t.database.db
      .update(users)
      .set({ address: { scopeMunicipality: 4 } })
      .where(eq(users.id, scoped));
    const carlos = (await t.login('carlos.grandes@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
    const list = (await call(carlos, 'POST', '/api/users/search', { size: 50 })).json();
    expect(list.map((u: Json) => u.email)).toEqual(['escuela.marti@example.cu']);
    const maria = await idOf('maria.perez@example.cu');
    const other = await call(carlos, 'GET', `/api/users/${maria}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 456 });
    expect((await call(carlos, 'POST', '/api/users', newUser('out1'))).json().reference).toBe(456);
    expect((await call(carlos, 'POST', '/api/users', newUser('in1', { municipality: 4 }))).statusCode).toBe(
      201,
    );
    await t.database.db
      .update(users)
      .set({ address: { scopeProvince: 'Matanzas' } })
      .where(eq(users.id, scoped));
    expect((await call(carlos, 'POST', '/api/users/search', {})).json().reference).toBe(453);
  });

  it('lets an administrator limit a staff member to a municipality and lift it; the scoped cannot widen it', async () => {
    const created = await call(
      admin,
      'POST',
      '/api/users',
      newUser('ambito', { municipality: 4, roles: ['SECURITY_ADMIN'], scopeMunicipality: 4 }),
    );
    expect(created.statusCode).toBe(201);
    const scopedId = created.json()._id as string;
    expect(created.json().address).toMatchObject({ line: 'Calle 23 # 456, Vedado', scopeMunicipality: 4 });
    await call(admin, 'POST', '/api/users/password-reset', { _id: scopedId, password: 'Ambito.Clave.2026' });
    const scoped = (await t.login('ambito@example.cu', 'Ambito.Clave.2026')).authorization;
    const municipalitiesSeen = async () =>
      new Set(
        (await call(scoped, 'POST', '/api/users/search', { size: 50 }))
          .json()
          .map((u: { address: { municipality: number } }) => u.address.municipality),
      );
    expect(await municipalitiesSeen()).toEqual(new Set([4]));

    // Within their municipality they may scope others to it, never to another one nor lift a limit.
    const school = await idOf('escuela.marti@example.cu');
    const version = async (id: string) => (await call(admin, 'GET', `/api/users/${id}`)).json().version;
    const patchAs = async (auth: string, id: string, scope: number | null) =>
      call(auth, 'PATCH', `/api/users/${id}`, { version: await version(id), scopeMunicipality: scope });
    expect((await patchAs(scoped, school, 5)).json()).toMatchObject({ reference: 456 });
    expect((await patchAs(scoped, scopedId, null)).json()).toMatchObject({ reference: 456 });
    expect((await patchAs(scoped, school, 4)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/users/${school}`)).json().address.scopeMunicipality).toBe(4);

    // Setting a scope is an access grant: without ROLE:WRITE it is refused (410).
    const clerk = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
    expect((await patchAs(clerk, school, null)).json()).toMatchObject({ reference: 410 });

    // The administrator lifts the limit: every municipality is in reach again, and the trace says so.
    const lifted = await patchAs(admin, scopedId, null);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().address).not.toHaveProperty('scopeMunicipality');
    expect((await municipalitiesSeen()).size).toBeGreaterThan(1);
    const [trace] = (
      await t.database.db.execute(
        sql`select payload from traces where entity_id = ${scopedId} and type = 'UPDATE' order by id desc limit 1`,
      )
    ).rows as { payload: { changes: { address: { before: Json; after: Json } } } }[];
    expect(trace.payload.changes.address.before.scopeMunicipality).toBe(4);
    expect(trace.payload.changes.address.after).not.toHaveProperty('scopeMunicipality');
  });
});
