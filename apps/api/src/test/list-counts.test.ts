import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 29: the staff lists' totals come from counts the database keeps (migration 0029) when the
 * filters allow; they must be the exact count of the rows, before and after the rows change. Each
 * kept total is compared with the same search plus a filter that matches every row (a date or text
 * range from the beginning of time), which makes the list count its rows instead.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization: admin }, payload: payload as Json });
const everything = (field: string, from: string, to: string) => ({ type: 'RANGE', field, from, to });
const ALL_TIME = ['createdAt', '2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'] as const;

/** The kept total and the counted total of one search (both must be the same). */
async function totals(url: string, filters: object[], all = everything(...ALL_TIME)) {
  const kept = await call('POST', url, { size: 1, filters });
  const counted = await call('POST', url, { size: 1, filters: [...filters, all] });
  expect(kept.statusCode).toBe(200);
  expect(counted.statusCode).toBe(200);
  return { kept: Number(kept.headers['x-total-count']), counted: Number(counted.headers['x-total-count']) };
}
async function expectExact(url: string, filters: object[], all?: ReturnType<typeof everything>) {
  const { kept, counted } = await totals(url, filters, all);
  expect(kept).toBe(counted);
  return kept;
}

describe('the staff lists’ kept totals are exact', () => {
  it('users: unfiltered, by status, client type and municipality, through creation, lock and removal', async () => {
    const url = '/api/users/search';
    const cases: object[][] = [
      [],
      [{ type: 'TERM', field: 'status', value: 'ACTIVE' }],
      [{ type: 'TERMS', field: 'status', value: ['LOCK', 'DELETED'] }],
      [{ type: 'TERM', field: 'clientType', value: 'RESIDENTIAL' }],
      [{ type: 'TERM', field: 'municipality', value: 3 }],
      [
        { type: 'TERM', field: 'clientType', value: 'RESIDENTIAL' },
        { type: 'TERM', field: 'municipality', value: 3 },
      ],
    ];
    const before = [];
    for (const f of cases) before.push(await expectExact(url, f));
    expect(before[0]).toBeGreaterThan(0);

    const made = await call('POST', '/api/users', {
      username: 'user.kept1',
      fullName: 'Usuario Contado',
      nationalId: '85010112345',
      gender: 'F',
      country: 'Cuba',
      email: 'kept1@example.cu',
      municipality: 3,
      birthDate: '1985-01-01',
      address: 'Calle 23 # 456, Vedado',
      clientType: 'RESIDENTIAL',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json()._id;
    expect(await expectExact(url, [])).toBe(before[0] + 1);
    expect(await expectExact(url, cases[5])).toBe(before[5] + 1);
    expect((await call('POST', '/api/users/status/LOCK', { ids: [id] })).statusCode).toBe(200);
    expect(await expectExact(url, cases[1])).toBe(before[1]);
    expect(await expectExact(url, cases[2])).toBe(before[2] + 1);
    expect((await call('DELETE', `/api/users/${id}`)).statusCode).toBeLessThan(300);
    for (const f of cases) await expectExact(url, f);
    expect(await expectExact(url, [])).toBe(before[0]);
  });

  it('users by role (migration 0031): through grant, revocation, status, municipality, removal and deletion', async () => {
    const url = '/api/users/search';
    const made = await call('POST', '/api/security/roles', { name: 'KEPT_ROLE' });
    expect(made.statusCode).toBeLessThan(300);
    const roleId = made.json()._id as string;
    const role = (ref: string) => ({ type: 'TERMS', field: 'roles', value: [ref] });
    const user = { type: 'TERMS', field: 'roles', value: ['USER'] };
    const cases: object[][] = [
      [user],
      [{ type: 'TERM', field: 'roles', value: 'USER' }],
      [role('KEPT_ROLE')],
      [role(roleId)],
      [user, { type: 'TERM', field: 'status', value: 'ACTIVE' }],
      [user, { type: 'TERM', field: 'status', value: 'LOCK' }],
      [user, { type: 'TERMS', field: 'status', value: ['LOCK', 'DELETED'] }],
      [user, { type: 'TERM', field: 'clientType', value: 'RESIDENTIAL' }],
      [user, { type: 'TERM', field: 'municipality', value: 3 }],
      [role('KEPT_ROLE'), { type: 'TERM', field: 'municipality', value: 5 }],
      [
        user,
        { type: 'TERM', field: 'clientType', value: 'RESIDENTIAL' },
        { type: 'TERM', field: 'municipality', value: 3 },
      ],
      [role('NO_SUCH_ROLE')],
      // Counted, not kept (two roles: a user holding both is one user), and still right.
      [{ type: 'TERMS', field: 'roles', value: ['USER', 'KEPT_ROLE'] }],
    ];
    const check = async () => {
      const got = [];
      for (const f of cases) got.push(await expectExact(url, f));
      return got;
    };
    const before = await check();
    expect(before[0]).toBeGreaterThan(0);
    expect(before[2]).toBe(0);
    expect(before[11]).toBe(0);

    const newUser = (n: number, municipality = 3) => ({
      username: `user.role${n}`,
      fullName: 'Usuario Con Rol',
      nationalId: `8501011234${n}`,
      gender: 'F',
      country: 'Cuba',
      email: `role${n}@example.cu`,
      municipality,
      birthDate: '1985-01-01',
      address: 'Calle 23 # 456, Vedado',
      clientType: 'RESIDENTIAL',
    });
    const a = await call('POST', '/api/users', newUser(1));
    const b = await call('POST', '/api/users', newUser(2));
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const [idA, idB] = [a.json()._id as string, b.json()._id as string];
    let now = await check();
    expect(now[0]).toBe(before[0] + 2);
    expect(now[10]).toBe(before[10] + 2);

    // Grant: A holds USER and KEPT_ROLE; then revoke USER from B.
    expect(
      (await call('POST', `/api/users/${idA}/roles`, { roleIds: ['USER', 'KEPT_ROLE'] })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/users/${idB}/roles`, { roleIds: ['KEPT_ROLE'] })).statusCode).toBe(200);
    now = await check();
    expect(now[0]).toBe(before[0] + 1);
    expect(now[2]).toBe(2);
    expect(now[3]).toBe(2);
    expect(now[12]).toBe(before[12] + 2);

    // The holders' own changes: status, municipality, removal (soft), deletion (hard).
    expect((await call('POST', '/api/users/status/LOCK', { ids: [idA, idB] })).statusCode).toBe(200);
    now = await check();
    expect(now[5]).toBe(before[5] + 1);
    const version = (await call('GET', `/api/users/${idB}`)).json().version;
    expect((await call('PATCH', `/api/users/${idB}`, { version, municipality: 5 })).statusCode).toBe(200);
    now = await check();
    expect(now[9]).toBe(1);
    expect((await call('DELETE', `/api/users/${idA}`)).statusCode).toBeLessThan(300);
    now = await check();
    expect(now[0]).toBe(before[0]);
    expect(now[2]).toBe(1);
    expect(now[6]).toBe(before[6] + 1);
    await t.database.db.execute(sql`delete from users where id = ${idB}`);
    now = await check();
    expect(now[2]).toBe(0);
    // A, removed, is still a USER with status DELETED (what a search for removed users finds).
    expect(now[6]).toBe(before[6] + 1);
    expect(now.filter((_, i) => i !== 6)).toEqual(before.filter((_, i) => i !== 6));
  });

  it('traces: unfiltered, by type and by module, as changes are traced', async () => {
    const url = '/api/traces/search';
    const cases: object[][] = [
      [],
      [{ type: 'TERM', field: 'type', value: 'CREATE' }],
      [{ type: 'TERMS', field: 'module', value: ['security', 'users'] }],
    ];
    const before = [];
    for (const f of cases) before.push(await expectExact(url, f));
    const role = await call('POST', '/api/security/roles', { name: 'KEPT_COUNT' });
    expect(role.statusCode).toBeLessThan(300);
    expect(await expectExact(url, [])).toBeGreaterThan(before[0]);
    expect(await expectExact(url, cases[1])).toBeGreaterThan(before[1]);
    for (const f of cases) await expectExact(url, f);
  });

  it('the security log: unfiltered and by result, as people sign in', async () => {
    const url = '/api/security-log/search';
    const refused = [{ type: 'TERM', field: 'result', value: 'refused' }];
    const before = await expectExact(url, refused);
    await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'nobody@example.cu', password: 'wrong password' },
    });
    expect(await expectExact(url, refused)).toBe(before + 1);
    await expectExact(url, []);
    await expectExact(url, [{ type: 'TERM', field: 'result', value: 'ok' }]);
  });

  // Payments made and settled through the gateways: payments.records.test.ts checks their totals.
  it('the payment record: unfiltered and by status, method and type', async () => {
    const url = '/api/payments/search';
    await expectExact(url, []);
    await expectExact(url, [{ type: 'TERMS', field: 'status', value: ['PAYED', 'PENDING'] }]);
    await expectExact(url, [{ type: 'TERM', field: 'paymentMethods', value: 'ENZONA' }]);
    await expectExact(url, [
      { type: 'TERM', field: 'type', value: 'CC' },
      { type: 'TERM', field: 'status', value: 'PAYED' },
    ]);
  });

  it('the client-code lookup: unfiltered, by municipality, client type and active', async () => {
    const url = '/api/billing/accounts/search';
    const all = everything('cc', '0', '99999999999999999999');
    expect(await expectExact(url, [], all)).toBeGreaterThan(0);
    await expectExact(url, [{ type: 'TERM', field: 'municipality', value: 3 }], all);
    await expectExact(url, [{ type: 'TERM', field: 'clientType', value: 'RESIDENTIAL' }], all);
    await expectExact(url, [{ type: 'TERM', field: 'active', value: true }], all);
  });
});
