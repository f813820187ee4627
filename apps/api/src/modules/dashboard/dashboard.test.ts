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
    const folding = createDashboardService({
      dashboard: createDashboardRepository(db),
      postings: t.container.postings,
    });
    for (let step = 0; step < 400; step++) {
      // Past days folded (migration 0030) halfway and near the end: later changes land in the tail.
      if (step === 200 || step === 350) await folding.foldRollups();
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

  it('are exact around Havana midnights and DST changes, folded or not, with late settlements and refunds', async () => {
    const rng = seeded(29);
    const db = t.database.db;
    const [owner] = await db.select({ id: users.id, space: users.space }).from(users).limit(1);
    const space = owner.space;
    const dashboard = createDashboardService({
      dashboard: createDashboardRepository(db),
      postings: t.container.postings,
    });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    // The instant a Havana day starts (a DST day may start at 01:00 local).
    const havanaStart = async (day: string) =>
      new Date(
        (
          await rows<{ at: string }>(
            sql`select to_char((${day}::date::timestamp at time zone 'America/Havana') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
          )
        )[0].at,
      );
    const [{ today }] = await rows<{ today: string }>(
      sql`select to_char((now() at time zone 'America/Havana')::date, 'YYYY-MM-DD') as today`,
    );
    const dayAfter = (day: string, n: number) =>
      new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    // An ordinary day, the nights clocks go forward (2025-03-09) and back (2025-11-02) in Havana, a
    // month's and a year's turn, yesterday and today.
    const days = [
      '2025-01-15',
      '2025-03-09',
      '2025-11-02',
      '2025-12-01',
      '2026-01-01',
      dayAfter(today, -1),
      today,
    ];
    const ids: string[] = [];
    const insertAt = async (createdAt: Date) => {
      const id = randomUUID();
      ids.push(id);
      const type = rng() < 0.3 ? 'ADELANTO' : 'CC';
      const amount = 100 + Math.floor(rng() * 50_000);
      await db.insert(paymentRequests).values({
        id,
        space,
        userId: owner.id,
        cc: '2300000000003',
        type,
        method: PAYMENT_METHODS[Math.floor(rng() * PAYMENT_METHODS.length)],
        status: 'PENDING',
        amountCents: amount,
        bonusCents: type === 'ADELANTO' ? Math.round(amount * 0.05) : 0,
        externalId: `tz${id.replace(/-/g, '')}`,
        expiresAt: new Date(),
        createdAt,
      });
    };
    for (const day of days) {
      const start = await havanaStart(day);
      // Around the day's first instant and the UTC-4/UTC-5 candidates of its midnight.
      for (const offsetMs of [-3_600_000, -1000, -1, 0, 1, 1000, 3_600_000])
        await insertAt(new Date(start.getTime() + offsetMs));
      const end = await havanaStart(dayAfter(day, 1));
      for (const offsetMs of [-1000, -1]) await insertAt(new Date(end.getTime() + offsetMs));
    }
    for (let i = 0; i < 5; i++) await insertAt(new Date(Date.now() - i * 60_000));

    // The web's ranges: from a Havana day's start to the end of the last day (dashboardDefaultRange,
    // datePresetRange), plus bounds in the middle of a day (the instant's Havana day counts).
    const ranges: [Date, Date][] = [];
    for (const day of days) {
      ranges.push([await havanaStart(day), new Date((await havanaStart(dayAfter(day, 1))).getTime() - 1)]);
      ranges.push([
        await havanaStart(dayAfter(day, -1)),
        new Date((await havanaStart(dayAfter(day, 2))).getTime() - 1),
      ]);
    }
    ranges.push([await havanaStart('2024-12-01'), new Date()]);
    // Whole months exactly (read from the monthly rollup once folded), and months plus days at both ends.
    ranges.push([await havanaStart('2025-03-01'), new Date((await havanaStart('2025-04-01')).getTime() - 1)]);
    ranges.push([await havanaStart('2025-01-01'), new Date((await havanaStart('2025-12-01')).getTime() - 1)]);
    ranges.push([await havanaStart('2025-01-15'), new Date((await havanaStart('2025-11-03')).getTime() - 1)]);
    ranges.push([new Date(Date.UTC(2025, 2, 9, 4, 30)), new Date(Date.UTC(2025, 10, 2, 4, 30))]);
    const check = async (moment: string) => {
      for (const [from, to] of ranges) {
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
        const at = `${moment}, ${from.toISOString()} … ${to.toISOString()}`;
        expect(await dashboard.paymentData(space, range), at).toEqual(expected.paymentData);
        expect(await dashboard.byStatus(space, range), at).toEqual(expected.byStatus);
        expect(await dashboard.histogram(space, range), at).toEqual(expected.histogram);
      }
      // The payment record's total (kept in the same rollups) is every payment of the space.
      const [kept] = await rows<{ n: number }>(
        sql`select coalesce(sum(count), 0)::int as n from payment_rollups where space = ${space}`,
      );
      const [direct] = await rows<{ n: number }>(
        sql`select count(*)::int as n from payment_requests where space = ${space}`,
      );
      expect(kept.n, moment).toBe(direct.n);
    };
    const setStatus = async (status: string, which: string[]) => {
      for (const id of which)
        await db.update(paymentRequests).set({ status }).where(eq(paymentRequests.id, id));
    };
    const shardRows = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from payment_rollups where space = ${space} and shard >= 0
            and day < (now() at time zone 'America/Havana')::date`,
        )
      )[0].n;

    await check('created, pending');
    await setStatus(
      'PAYED',
      ids.filter((_, i) => i % 4 !== 0),
    );
    await check('settled, not folded');
    expect(await shardRows()).toBeGreaterThan(0);
    expect((await dashboard.foldRollups()).folded).toBeGreaterThan(0);
    expect(await shardRows()).toBe(0);
    await check('folded');
    // Late changes to folded days: refunds, a settlement, a refund undone, a removal.
    await setStatus(
      'REFUNDED',
      ids.filter((_, i) => i % 4 === 1),
    );
    await setStatus(
      'PAYED',
      ids.filter((_, i) => i % 4 === 0),
    );
    await setStatus(
      'PAYED',
      ids.filter((_, i) => i % 8 === 1),
    );
    await db.delete(paymentRequests).where(eq(paymentRequests.id, ids[2]));
    expect(await shardRows()).toBeGreaterThan(0);
    await check('late changes over folded days (the tail)');
    await dashboard.foldRollups();
    await check('folded again');

    if (t.database.kind === 'postgres') {
      // A payment's transaction holding shard rows of a folded day (a refund committed, then undone in
      // a transaction left open): the fold skips them without waiting, and folds them at the next
      // pass; the figures stay exact throughout.
      await setStatus('REFUNDED', [ids[3]]);
      await db.transaction(async (tx) => {
        await tx.update(paymentRequests).set({ status: 'PAYED' }).where(eq(paymentRequests.id, ids[3]));
        expect((await dashboard.foldRollups()).folded).toBe(0);
        expect(await shardRows()).toBeGreaterThan(0);
      });
      await check('refund undone while a fold ran');
      expect((await dashboard.foldRollups()).folded).toBeGreaterThan(0);
      expect(await shardRows()).toBe(0);
      await check('folded after the refund undone');
    }
  });
});
