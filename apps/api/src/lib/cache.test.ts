import { type CcDebt, DEMO_LINKED_CODES, DEMO_UNLINKED_CODES } from '@ov/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, JOSE, MARIA, STAFF } from '../test/billing-world';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../test/test-app';
import { createInvalidatedCache } from './cache';

describe('an invalidated cache', () => {
  it('reads once, then serves the copy until the key is invalidated', async () => {
    const cache = createInvalidatedCache<number>({ maxEntries: 10, ttlMs: 60_000 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.load('a', read)).toBe(1);
    expect(await cache.load('a', read)).toBe(1);
    cache.invalidate('a');
    expect(await cache.load('a', read)).toBe(2);
    cache.clear();
    expect(await cache.load('a', read)).toBe(3);
  });

  it('does not keep a value read while an invalidation arrived', async () => {
    const cache = createInvalidatedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.load('u', () => new Promise<string>((done) => (release = () => done('stale'))));
    cache.invalidate('u'); // the row changed while the read was in flight
    release();
    expect(await slow).toBe('stale');
    expect(await cache.load('u', async () => 'fresh')).toBe('fresh');
  });

  it('reads the missing keys of a batch together and answers in the order asked', async () => {
    const cache = createInvalidatedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const asked: string[][] = [];
    const read = async (keys: string[]) => {
      asked.push(keys);
      return keys.map((k) => `${k}${asked.length}`);
    };
    expect(await cache.loadMany(['a', 'b'], read)).toEqual(['a1', 'b1']);
    expect(await cache.loadMany(['c', 'a', 'b'], read)).toEqual(['c2', 'a1', 'b1']);
    expect(await cache.loadMany(['b', 'a'], read)).toEqual(['b1', 'a1']);
    cache.invalidate('a');
    expect(await cache.loadMany(['b', 'a', 'c'], read)).toEqual(['b1', 'a3', 'c2']);
    expect(asked).toEqual([['a', 'b'], ['c'], ['a']]);
  });

  it('does not keep a batch read while an invalidation arrived', async () => {
    const cache = createInvalidatedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.loadMany(
      ['x', 'y'],
      (keys) => new Promise<string[]>((done) => (release = () => done(keys.map(() => 'stale')))),
    );
    cache.invalidate('y');
    release();
    expect(await slow).toEqual(['stale', 'stale']);
    expect(await cache.loadMany(['x', 'y'], async (keys) => keys.map(() => 'fresh'))).toEqual([
      'fresh',
      'fresh',
    ]);
  });

  it('forgets the oldest entries beyond its bound and every entry after its time limit', async () => {
    const cache = createInvalidatedCache<string>({ maxEntries: 2, ttlMs: 60_000 });
    for (const k of ['a', 'b', 'c']) await cache.load(k, async () => k);
    expect(cache.size).toBe(2);
    expect(await cache.load('a', async () => 'again')).toBe('again');

    const brief = createInvalidatedCache<number>({ maxEntries: 2, ttlMs: 1 });
    await brief.load('k', async () => 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await brief.load('k', async () => 2)).toBe(2);
  });
});

/**
 * The API keeps callers' permissions and customers' codes between requests. Changes made behind its
 * back (a script, a hand-written UPDATE) must still apply on the very next request.
 */
describe('cached access rules and client codes follow the database', () => {
  let t: TestApp;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a customer blocked by hand on the next request, and lets them back in when unblocked', async () => {
    const jose = caller(t.app, (await t.login(JOSE, DEMO_PASSWORD)).authorization);
    expect((await jose.post('debts-ccs', {})).statusCode).toBe(200);
    await exec(sql`update users set status = 'BLOCKED' where email = ${JOSE}`);
    expect((await jose.post('debts-ccs', {})).statusCode).toBe(401);
    await exec(sql`update users set status = 'ACTIVE' where email = ${JOSE}`);
    expect((await jose.post('debts-ccs', {})).statusCode).toBe(200);
  });

  it('applies a permission removed from a role by hand on the next request', async () => {
    const staff = caller(t.app, (await t.login(STAFF, DEMO_PASSWORD)).authorization);
    const cc = DEMO_LINKED_CODES.find((c) => c.email === MARIA)!.cc;
    expect((await staff.post('debts-ccs', { ccs: [cc] })).statusCode).toBe(200);
    const removed = await exec(
      sql`delete from role_permissions where permission = 'INVOICE:READ'
          and role_id in (select role_id from user_roles ur join users u on u.id = ur.user_id where u.email = ${STAFF})
          returning role_id, permission`,
    );
    expect(removed.rows.length).toBeGreaterThan(0);
    expect((await staff.post('debts-ccs', { ccs: [cc] })).statusCode).toBe(403);
    for (const row of removed.rows as { role_id: string; permission: string }[])
      await exec(
        sql`insert into role_permissions (role_id, permission) values (${row.role_id}, ${row.permission})`,
      );
    expect((await staff.post('debts-ccs', { ccs: [cc] })).statusCode).toBe(200);
  });

  it('shows invoices added, changed and removed by hand in the debts on the next request', async () => {
    const maria = caller(t.app, (await t.login(MARIA, DEMO_PASSWORD)).authorization);
    const cc = DEMO_LINKED_CODES.find((c) => c.email === MARIA)!.cc;
    const debtOf = async () => {
      const res = await maria.post('debts-ccs', {});
      expect(res.statusCode).toBe(200);
      return (res.json() as CcDebt[]).find((d) => d.cc === cc)!;
    };
    const before = await debtOf();
    expect(await debtOf()).toEqual(before);

    await exec(
      sql`insert into invoices (cc, number, issued_on, period_from, period_to, invoiced_cents)
          values (${cc}, 'HAND-0001', '2026-11-01', '2026-09-01', '2026-10-31', 12345)`,
    );
    const added = await debtOf();
    expect(added.totalDebtCents).toBe(before.totalDebtCents + 12345);
    expect(added.pendingInvoices).toBe(before.pendingInvoices + 1);

    await exec(sql`update invoices set paid_cents = 345 where number = 'HAND-0001'`);
    expect((await debtOf()).totalDebtCents).toBe(before.totalDebtCents + 12000);

    await exec(sql`update invoices set status = 'AGREED' where number = 'HAND-0001'`);
    expect((await debtOf()).agreedInvoices).toBe(before.agreedInvoices + 1);

    await exec(sql`delete from invoices where number = 'HAND-0001'`);
    expect(await debtOf()).toEqual(before);
  });

  it('drops every debt copy when one statement changes the invoices of more than 1000 codes', async () => {
    const maria = caller(t.app, (await t.login(MARIA, DEMO_PASSWORD)).authorization);
    const cc = DEMO_LINKED_CODES.find((c) => c.email === MARIA)!.cc;
    const debtOf = async () =>
      ((await maria.post('debts-ccs', { ccs: [cc] })).json() as CcDebt[])[0].totalDebtCents;
    const before = await debtOf();
    await exec(
      sql`insert into accounts (cc, space, holder_name, client_type, street, municipality, commercial_office)
          select '99' || lpad(g::text, 11, '0'), space, 'Import', client_type, street, municipality, commercial_office
          from accounts, generate_series(1, 1000) g where cc = ${cc}`,
    );
    // One statement (as an import would): 1000 new codes and Maria's, so it announces `debts:*`.
    await exec(
      sql`insert into invoices (cc, number, issued_on, period_from, period_to, invoiced_cents)
          select c, 'BULK-' || c, '2026-11-01', '2026-09-01', '2026-10-31', 100
          from (select cc as c from accounts where cc like '99%' or cc = ${cc}) s`,
    );
    expect(await debtOf()).toBe(before + 100);
    await exec(sql`delete from invoices where number like 'BULK-%'`);
    expect(await debtOf()).toBe(before);
    await exec(sql`delete from accounts where cc like '99%' and holder_name = 'Import'`);
  });

  it('shows a code associated by hand in the customer’s debts on the next request', async () => {
    const maria = caller(t.app, (await t.login(MARIA, DEMO_PASSWORD)).authorization);
    const before = (await maria.post('debts-ccs', {})).json() as { cc: string }[];
    const extra = DEMO_UNLINKED_CODES[0].cc;
    expect(before.map((d) => d.cc)).not.toContain(extra);
    await exec(
      sql`insert into client_code_links (user_id, cc, space)
          select id, ${extra}, space from users where email = ${MARIA}`,
    );
    const after = (await maria.post('debts-ccs', {})).json() as { cc: string }[];
    expect(after.map((d) => d.cc)).toEqual([...before.map((d) => d.cc), extra]);
    await exec(sql`delete from client_code_links where cc = ${extra}`);
    expect(((await maria.post('debts-ccs', {})).json() as unknown[]).length).toBe(before.length);
  });
});
