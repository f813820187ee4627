import { PERMISSIONS } from '@ov/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, traces, userRoles, users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  customer = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  authorization?: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: authorization ? { authorization } : {} });

const office = {
  name: 'Oficina Comercial Vedado Norte',
  boss: 'Lázaro Pérez Mora',
  address: 'Calle 17 No. 502 e/ D y E, Vedado',
  province: 'La Habana',
  municipality: 2,
  phone: '+5378321234',
  hours: { es: 'Lunes a viernes de 8:00 a 16:30', en: 'Monday to Friday 8:00 to 16:30' },
};

describe('where a customer is sent', () => {
  it('answers anyone the offices serving a municipality, with address, phone and hours', async () => {
    const res = await call('GET', '/api/commercial-offices/public?municipality=2');
    expect(res.statusCode).toBe(200);
    const [plaza] = res.json();
    expect(plaza).toMatchObject({
      name: 'Oficina Comercial Plaza de la Revolución',
      municipality: 2,
      province: 'La Habana',
    });
    expect(plaza.address).toMatch(/Calle 23/);
    expect(plaza.hours).toMatch(/Lunes a viernes/);
    expect(plaza.hoursLang).toBe('es');
    expect(Object.keys(plaza)).not.toContain('boss');
    const unknown = await call('GET', '/api/commercial-offices/public?municipality=99');
    expect(unknown.statusCode).toBe(400);
    // "Unknown", not the spec's 414 "Falta el municipio": the municipality was given.
    expect(unknown.json()).toMatchObject({ reference: 486, message: 'El municipio indicado no existe' });
    const inEnglish = await t.app.inject({
      method: 'GET',
      url: '/api/commercial-offices/public?municipality=99',
      headers: { 'accept-language': 'en' },
    });
    expect(inEnglish.json().message).toBe('The municipality given does not exist');
  });
});

describe('office hours in the reader’s language', () => {
  it('answers English pages the English hours, and the Spanish ones (marked es) when an office has none', async () => {
    const inEnglish = (municipality: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/commercial-offices/public?municipality=${municipality}`,
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
    const [plaza] = (await inEnglish(2)).json();
    expect(plaza).toMatchObject({
      hours: 'Monday to Friday 8:00 to 16:30; every other Saturday 8:00 to 12:00',
      hoursLang: 'en',
    });

    const created = await call('POST', '/api/commercial-offices', admin, {
      ...office,
      name: 'Oficina Solo Español',
      municipality: 6,
      hours: { es: 'Martes y jueves de 9:00 a 12:00', en: '' },
    });
    expect(created.json().hours).toEqual({ es: 'Martes y jueves de 9:00 a 12:00', en: null });
    const only = (await inEnglish(6)).json().find((o: { name: string }) => o.name === 'Oficina Solo Español');
    expect(only).toMatchObject({ hours: 'Martes y jueves de 9:00 a 12:00', hoursLang: 'es' });

    const changed = await call('PATCH', `/api/commercial-offices/${created.json()._id}`, admin, {
      hours: { en: 'Tuesday and Thursday 9:00 to 12:00' },
      version: 0,
    });
    expect(changed.json().hours).toEqual({
      es: 'Martes y jueves de 9:00 a 12:00',
      en: 'Tuesday and Thursday 9:00 to 12:00',
    });
    const after = (await inEnglish(6))
      .json()
      .find((o: { name: string }) => o.name === 'Oficina Solo Español');
    expect(after).toMatchObject({ hours: 'Tuesday and Thursday 9:00 to 12:00', hoursLang: 'en' });
    await call('DELETE', `/api/commercial-offices/${created.json()._id}`, admin);
  });
});

describe('office management (COMMERCIAL_OFFICE)', () => {
  it('creates an office serving its own municipality by default, changes and removes it, traced', async () => {
    const created = await call('POST', '/api/commercial-offices', admin, office);
    expect(created.statusCode).toBe(201);
    const o = created.json();
    expect(o).toMatchObject({ ...office, serves: [2], version: 0 });
    const changed = await call('PATCH', `/api/commercial-offices/${o._id}`, admin, {
      serves: [2, 3],
      version: 0,
    });
    expect(changed.json()).toMatchObject({ serves: [2, 3], version: 1 });
    const centro = (await call('GET', '/api/commercial-offices/public?municipality=3')).json();
    expect(centro.map((x: { name: string }) => x.name)).toContain(office.name);
    const stale = await call('PATCH', `/api/commercial-offices/${o._id}`, admin, {
      name: 'Otra',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.current.serves).toEqual([2, 3]);
    expect((await call('DELETE', `/api/commercial-offices/${o._id}`, admin)).statusCode).toBe(204);
    const kinds = (
      await t.database.db
        .select({ type: traces.type })
        .from(traces)
        .where(and(eq(traces.module, 'commercial-offices'), eq(traces.entityId, o._id)))
    ).map((r) => r.type);
    expect(kinds.sort()).toEqual(['CREATE', 'REMOVE', 'UPDATE']);
  });

  it('requires name, address, province and municipality with the spec’s messages', async () => {
    const res = await call('POST', '/api/commercial-offices', admin, { boss: 'x' });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'body.name: Requerido',
        'body.address: Requerido',
        'body.province: Requerido',
        'body.municipality: Requerido',
      ]),
    );
    const bad = await call('POST', '/api/commercial-offices', admin, { ...office, serves: [2, 77] });
    expect(bad.json()).toMatchObject({ reference: 486 });
  });

  it('lets COMMERCIAL_OFFICE:READ see but not change, and keeps customers and strangers out', async () => {
    // The commercial specialist reads offices (to send customers to them) but does not change them.
    const readerAuth = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
    expect((await call('POST', '/api/commercial-offices/search', readerAuth, {})).statusCode).toBe(200);
    expect((await call('POST', '/api/commercial-offices', readerAuth, office)).statusCode).toBe(403);
    expect((await call('POST', '/api/commercial-offices/search', customer, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/commercial-offices/search', undefined, {})).statusCode).toBe(401);
  });
});

describe('a writer scoped to a municipality', () => {
  /** Carlos gets COMMERCIAL_OFFICE read/write and is limited to `address` (a municipality or a province). */
  async function scopedWriter(address: Record<string, unknown>) {
    const db = t.database.db;
    const [carlos] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'carlos.grandes@aguasdelahabana.cu'));
    let [role] = await db.select().from(roles).where(eq(roles.name, 'OFFICE_EDITOR'));
    if (!role) {
      [role] = await db.insert(roles).values({ space: carlos.space, name: 'OFFICE_EDITOR' }).returning();
      await db.insert(rolePermissions).values([
        { roleId: role.id, permission: PERMISSIONS.COMMERCIAL_OFFICE_READ },
        { roleId: role.id, permission: PERMISSIONS.COMMERCIAL_OFFICE_WRITE },
      ]);
      await db.insert(userRoles).values({ userId: carlos.id, roleId: role.id });
    }
    await db.update(users).set({ address }).where(eq(users.id, carlos.id));
    return (await t.login('carlos.grandes@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
  }

  it('creates and changes offices only in their municipality (456 elsewhere, 453 outside the province) and lists only theirs', async () => {
    const inThree = (
      await call('POST', '/api/commercial-offices', admin, { ...office, municipality: 3 })
    ).json();
    const carlos = await scopedWriter({ scopeMunicipality: 1 });

    const outside = await call('POST', '/api/commercial-offices', carlos, { ...office, municipality: 3 });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 456 });
    const changed = await call('PATCH', `/api/commercial-offices/${inThree._id}`, carlos, {
      name: 'Cambiada',
      version: inThree.version,
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toMatchObject({ reference: 456 });
    expect((await call('GET', `/api/commercial-offices/${inThree._id}`, admin)).json().name).toBe(
      office.name,
    );

    const own = await call('POST', '/api/commercial-offices', carlos, { ...office, municipality: 1 });
    expect(own.statusCode).toBe(201);
    const moved = await call('PATCH', `/api/commercial-offices/${own.json()._id}`, carlos, {
      municipality: 3,
      version: 0,
    });
    expect(moved.json()).toMatchObject({ reference: 456 });
    const widened = await call('PATCH', `/api/commercial-offices/${own.json()._id}`, carlos, {
      serves: [1, 3],
      version: 0,
    });
    expect(widened.json()).toMatchObject({ reference: 456 });
    expect(
      (await call('PATCH', `/api/commercial-offices/${own.json()._id}`, carlos, { name: 'Mía', version: 0 }))
        .statusCode,
    ).toBe(200);

    const list = await call('POST', '/api/commercial-offices/search', carlos, { size: 100 });
    expect(list.statusCode).toBe(200);
    const seen = list.json() as { municipality: number; name: string }[];
    expect(seen.map((o) => o.name)).toContain('Mía');
    expect(new Set(seen.map((o) => o.municipality))).toEqual(new Set([1]));
    expect(Number(list.headers['x-total-count'])).toBe(seen.length);
    const filtered = await call('POST', '/api/commercial-offices/search', carlos, {
      filters: [{ type: 'TERM', field: 'municipality', value: 3 }],
    });
    expect(filtered.json()).toMatchObject({ reference: 456 });

    const province = await scopedWriter({ scopeProvince: 'Matanzas' });
    const far = await call('POST', '/api/commercial-offices', province, { ...office, municipality: 1 });
    expect(far.statusCode).toBe(403);
    expect(far.json()).toMatchObject({ reference: 453 });
    expect((await call('POST', '/api/commercial-offices/search', province, {})).json().reference).toBe(453);
  });
});
