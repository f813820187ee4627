import { toDateRangeFilter } from '@ov/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedPaymentsDemo } from './payments-demo';

/** The demo's payment history agrees with the ledger it is drawn from, and gives the dashboard shapes. */
let t: TestApp;
const now = new Date();
beforeAll(async () => {
  t = await createTestApp();
  await seedPaymentsDemo(t.database.db, now);
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('demo payment history', () => {
  it('makes every paid online payment the ledger payment it stands for, its invoices paid', async () => {
    const paid = await rows<{ n: number }>(sql`select count(*)::int as n from payment_requests
      where status = 'PAYED' and type = 'CC'`);
    expect(paid[0].n).toBeGreaterThan(100);
    const mismatched = await rows<{ id: string }>(sql`
      select p.id from payment_requests p
      left join ledger_payments l on l.payment_id = p.id
      where p.status = 'PAYED' and (l.id is null or l.cc <> p.cc or l.amount_cents <> p.amount_cents
        or l.method <> p.method or l.kind <> p.type or p.settled_at <> l.applied_at or p.created_at > l.applied_at
        or exists (select 1 from invoices i where i.id::text in (select jsonb_array_elements_text(p.invoice_ids))
          and i.status <> 'PAID'))`);
    expect(mismatched).toEqual([]);
  });

  it('leaves the ledger untouched by the tries that failed, and never dates a payment in the future', async () => {
    const failedInLedger = await rows<{ id: string }>(sql`select p.id from payment_requests p
      join ledger_payments l on l.payment_id = p.id where p.status <> 'PAYED'`);
    expect(failedInLedger).toEqual([]);
    const future = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_payments
      where applied_at > ${now.toISOString()}::timestamptz`);
    expect(future[0].n).toBe(0);
    const byStatus = await rows<{ status: string; result: number | null }>(sql`
      select distinct status, result_code as result from payment_requests order by 1, 2`);
    expect(byStatus).toEqual(
      expect.arrayContaining([
        { status: 'PAYED', result: 2 },
        { status: 'CANCELED', result: 4 },
        { status: 'FAILED', result: 4 },
        { status: 'FAILED', result: 11 },
        { status: 'PENDING', result: null },
      ]),
    );
  });

  it('credits each advance balance with exactly its deposit and bonus', async () => {
    const wrong = await rows<{ cc: string }>(sql`
      select b.cc from advance_balances b
      left join (select cc, sum(amount_cents + bonus_cents) as credited from payment_requests
        where type = 'ADELANTO' and status = 'PAYED' group by cc) p on p.cc = b.cc
      left join (select cc, sum(amount_cents + bonus_cents) as credited from ledger_payments
        where kind = 'ADELANTO' group by cc) l on l.cc = b.cc
      join client_code_links k on k.cc = b.cc
      where p.credited is distinct from b.balance_cents or l.credited is distinct from b.balance_cents`);
    expect(wrong).toEqual([]);
  });

  it('holds each "Procesando" invoice by a real pending payment of its due amount', async () => {
    const held = await rows<{ cc: string; status: string | null; fits: boolean }>(sql`
      select i.cc, p.status, (p.amount_cents = i.invoiced_cents - i.paid_cents
        and p.invoice_ids = jsonb_build_array(i.id::text)) as fits
      from invoices i left join payment_requests p on p.id = i.in_flight_payment_id
      where i.in_flight_payment_id is not null`);
    expect(held.length).toBeGreaterThan(0);
    for (const h of held) expect(h).toMatchObject({ status: 'PENDING', fits: true });
  });

  it('spreads payments and sign-ups over two years, each customer registered before paying', async () => {
    const [spread] = await rows<{ months: number; days: number }>(sql`select
      count(distinct date_trunc('month', created_at))::int as months,
      extract(day from max(created_at) - min(created_at))::int as days
      from payment_requests where status = 'PAYED'`);
    expect(spread.days).toBeGreaterThan(600);
    expect(spread.months).toBeGreaterThanOrEqual(18);
    const early = await rows<{
      id: string;
    }>(sql`select p.id from payment_requests p join users u on u.id = p.user_id
      where u.created_at > p.created_at`);
    expect(early).toEqual([]);

    const admin = await t.login();
    const from = new Date(now.getTime() - 2 * 365 * 86_400_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-request/payment-histogram',
      headers: admin,
      payload: { filters: [toDateRangeFilter('createdAt', from, now)] },
    });
    expect(res.statusCode).toBe(200);
    const days = res.json() as { _id: string; count: number }[];
    expect(new Set(days.map((d) => d._id.slice(0, 7))).size).toBeGreaterThanOrEqual(18);
  });
});
