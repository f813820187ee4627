import { and, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { paymentRollups as r, userRollups as u } from '../../db/schema';

/** One bound on the rollups' day: the Havana day an instant falls on, compared with `op`. */
export interface DayBound {
  op: 'gte' | 'lte' | 'gt' | 'lt' | 'eq';
  at: Date;
}

const COMPARE = { gte, lte, gt, lt, eq } as const;

/** The Havana day of an instant, as the rollups keep it. */
const havanaDay = (at: Date): SQL =>
  sql`((${at.toISOString()}::timestamptz) at time zone 'America/Havana')::date`;

const dayWhere = (bounds: readonly DayBound[], day: PgColumn) =>
  and(...bounds.map((b) => COMPARE[b.op](day, havanaDay(b.at))));

const sum = (col: PgColumn) => sql<string>`coalesce(sum(${col}), 0)`;

/**
 * The dashboard's reads (spec §7), from the rollups the database keeps in the same transaction as
 * every payment and user change (migration 0017): the cost follows the number of days in the range,
 * not the number of payments. Past days are folded into one row per bucket (migration 0030,
 * `foldPastDays`); a read sums the folded rows and the live tail (today's shards, late changes) in one
 * statement, so it is exact whether a day is folded or not. Counts and sums come back as the
 * database's text (bigint).
 */
export function createDashboardRepository(db: Db) {
  const payed = (space: string, days: readonly DayBound[]) =>
    and(eq(r.space, space), eq(r.status, 'PAYED'), dayWhere(days, r.day));
  return {
    /**
     * Folds up to `batch` shard rows of days before today (Havana) into their folded rows, exactly
     * (migration 0030); rows a payment's transaction holds are left for the next pass. Answers how
     * many were folded (0 while another fold runs).
     */
    async foldPastDays(batch: number) {
      const { rows } = (await db.execute(
        sql`select payment_rollups_fold((now() at time zone 'America/Havana')::date, ${batch}::int) as n`,
      )) as unknown as { rows: { n: number }[] };
      return Number(rows[0].n);
    },

    /** PAYED payments by method and type: count, amount and bonus (cents). */
    payedByMethodAndType: (space: string, days: readonly DayBound[]) =>
      db
        .select({
          method: r.method,
          type: r.type,
          count: sql<string>`coalesce(sum(${r.count}), 0)`,
          amount: sum(r.amountCents),
          bonus: sum(r.bonusCents),
        })
        .from(r)
        .where(payed(space, days))
        .groupBy(r.method, r.type),

    /** PAYED payments per day (YYYY-MM-DD), oldest first; days without any left out. */
    payedPerDay: (space: string, days: readonly DayBound[]) =>
      db
        .select({
          _id: sql<string>`to_char(${r.day}, 'YYYY-MM-DD')`,
          count: sql<string>`sum(${r.count})`,
          total: sum(r.amountCents),
        })
        .from(r)
        .where(payed(space, days))
        .groupBy(r.day)
        .having(sql`sum(${r.count}) > 0`)
        .orderBy(r.day),

    /** Payments per status. */
    perStatus: (space: string, days: readonly DayBound[]) =>
      db
        .select({ _id: r.status, count: sql<string>`sum(${r.count})` })
        .from(r)
        .where(and(eq(r.space, space), dayWhere(days, r.day)))
        .groupBy(r.status)
        .having(sql`sum(${r.count}) > 0`)
        .orderBy(r.status),

    /** Customers (users with a client type, not removed) per client type. */
    customersPerClientType: (space: string, days: readonly DayBound[]) =>
      db
        .select({ clientType: u.clientType, count: sql<string>`sum(${u.count})` })
        .from(u)
        .where(and(eq(u.space, space), dayWhere(days, u.day)))
        .groupBy(u.clientType)
        .having(sql`sum(${u.count}) > 0`)
        .orderBy(u.clientType),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
