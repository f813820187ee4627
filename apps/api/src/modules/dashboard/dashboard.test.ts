import { randomUUID } from 'node:crypto';
import { PAYMENT_METHODS } from '@ov/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRequests, users } from '../../db/schema';
import { seeded } from '../../test/seeded';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';

/**
 * A property test of the rollups (migration 0017): for random sequences of payments created, moved
 * between statuses (settled, cancelled, refunded, a refund undone) and removed, and of customers
 * created and removed, the dashboard's answers equal the raw aggregates over the tables.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STATUSES = ['PENDING', 'PAYED', 'CANCELED', 'FAILED', 'PENDING_REFUNDED', 'REFUNDED'] as const;
const TYPES = ['CC', 'ADELANTO'] as const;

async function raw(space: string, from: Date, to: Date) {
  const inRange = sql`(created_at at time zone 'America/Havana')::date between (${from.toISOString()}::timestamptz at time zone 'America/Havana')::date and (${to.toISOString()}::timestamptz at time zone 'America/Havana')::date`;
  const { rows: payed } = (await t.database.db.execute(sql`
    select method, type, count(*)::int as n, coalesce(sum(amount_cents),0)::bigint as amount, coalesce(sum(bonus_cents),0)::bigint as bonus
    from payment_requests where space = ${space} and status = 'PAYED' and ${inRange} group by method, type`)) as unknown as {
    rows: { method: string; type: string; n: number; amount: string; bonus: string }[];
  };
  const { rows: byStatus } = (await t.database.db.execute(sql`
    select status as "_id", count(*)::int as count from payment_requests where space = ${space} and ${inRange}
    group by status order by status`)) as unknown as { rows: { _id: string; count: number }[] };
  const { rows: histogram } = (await t.database.db.execute(sql`
    select to_char((created_at at time zone 'America/Havana')::date, 'YYYY-MM-DD') as "_id", count(*)::int as count,
      sum(amount_cents)::bigint as total
    from payment_requests where space = ${space} and status = 'PAYED' and ${inRange} group by 1 order by 1`)) as unknown as {
    rows: { _id: string; count: number; total: string }[];
  };
  const { rows: customers } = (await t.database.db.execute(sql`
    select client_type as "clientType", count(*)::int as count from users
    where space = ${space} and client_type is not null and deleted_at is null and ${inRange}
    group by client_type order by client_type`)) as unknown as {
    rows: { clientType: string; count: number }[];
  };
  const n = (x: string | number) => Number(x);
  const advances = payed.filter((x) => x.type === 'ADELANTO');
  const anticipatedAmount = advances.reduce((a, x) => a + n(x.amount), 0);
  const bonification = advances.reduce((a, x) => a + n(x.bonus), 0);
  return {
    paymentData: [
      {
        totalPayments: {
          totalCount: payed.reduce((a, x) => a + x.n, 0),
          totalAmount: payed.reduce((a, x) => a + n(x.amount), 0),
        },
        anticipated: { anticipatedCount: advances.reduce((a, x) => a + x.n, 0), anticipatedAmount },
        bonifications: {
          bonification,
          totalAmount: anticipatedAmount + bonification,
          totalPayed: anticipatedAmount,
        },
        byPaymentMethods: PAYMENT_METHODS.map((m) => ({
          paymentMethods: m,
          count: payed.filter((x) => x.method === m).reduce((a, x) => a + x.n, 0),
          amount: payed.filter((x) => x.method === m).reduce((a, x) => a + n(x.amount), 0),
        })),
      },
    ],
    byStatus,
    histogram: histogram.map((h) => ({ ...h, total: n(h.total) })),
    customers,
  };
}

describe('dashboard rollups', () => {
  it('equal the raw aggregates after random payments, status changes, refunds and removals', async () => {
    const rng = seeded(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)];
    const db = t.database.db;
    const [owner] = await db.select({ id: users.id, space: users.space }).from(users).limit(1);
    const space = owner.space;
    const day = 24 * 3600_000;
    const start = Date.UTC(2024, 10, 24);
    const ids: string[] = [];
    for (let step = 0; step < 400; step++) {
      const roll = rng();
      if (roll < 0.55 || ids.length < 5) {
        const id = randomUUID();
        ids.push(id);
        const type = pick(TYPES);
        const amount = 100 + Math.floor(rng() * 50_000);
        await db.insert(paymentRequests).values({
          id,
          space,
          userId: owner.id,
          cc: '2300000000003',
          type,
          method: pick(PAYMENT_METHODS),
          status: pick(STATUSES),
          amountCents: amount,
          bonusCents: type === 'ADELANTO' ? Math.round(amount * 0.05) : 0,
          externalId: `prop${id.replace(/-/g, '')}`,
          expiresAt: new Date(),
          createdAt: new Date(start + Math.floor(rng() * 730) * day + Math.floor(rng() * day)),
        });
      } else if (roll < 0.9) {
        await db
          .update(paymentRequests)
          .set({ status: pick(STATUSES) })
          .where(eq(paymentRequests.id, pick(ids)));
      } else {
        const id = ids.splice(Math.floor(rng() * ids.length), 1)[0];
        await db.delete(paymentRequests).where(eq(paymentRequests.id, id));
      }
    }
    // Customers: some created on random days, one removed.
    await db.execute(
      sql`update users set created_at = now() - (random() * interval '700 days') where client_type is not null`,
    );
    await db.execute(sql`update users set deleted_at = now() where email = 'luisa.bloqueada@example.cu'`);

    const dashboard = createDashboardService({
      dashboard: createDashboardRepository(db),
      postings: t.container.postings,
    });
    for (const [from, to] of [
      [new Date(start - day), new Date(start + 800 * day)],
      [new Date(start + 100 * day), new Date(start + 400 * day)],
      [new Date(start + 365 * day), new Date(start + 365 * day)],
    ]) {
      const range = [
        {
          type: 'RANGE' as const,
          field: 'createdAt',
          from: from.toISOString(),
          to: to.toISOString(),
          isDate: true,
        },
      ];
      const expected = await raw(space, from, to);
      expect(await dashboard.paymentData(space, range)).toEqual(expected.paymentData);
      expect(await dashboard.byStatus(space, range)).toEqual(expected.byStatus);
      expect(await dashboard.histogram(space, range)).toEqual(expected.histogram);
      expect(await dashboard.usersQuantity(space, range)).toEqual(expected.customers);
    }
  });
});
