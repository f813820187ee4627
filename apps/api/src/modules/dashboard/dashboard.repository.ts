import { and, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { userRollups as u } from '../../db/schema';

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

/**
 * The range's first and last Havana days (inclusive; far bounds when open), its whole months (from
 * `fm_lo` up to, not including, `fm_end`) and whether it has any (`whole`).
 */
function span(days: readonly DayBound[]): SQL {
  const lo: SQL[] = [sql`'0001-01-01'::date`];
  const hi: SQL[] = [sql`'9999-12-31'::date`];
  for (const b of days) {
    const d = havanaDay(b.at);
    if (b.op === 'gte' || b.op === 'eq') lo.push(d);
    if (b.op === 'gt') lo.push(sql`(${d} + 1)`);
    if (b.op === 'lte' || b.op === 'eq') hi.push(d);
    if (b.op === 'lt') hi.push(sql`(${d} - 1)`);
  }
  return sql`select lo, hi, fm_lo, fm_end, fm_lo < fm_end as whole from (
    select lo, hi, (date_trunc('month', lo - 1) + interval '1 month')::date as fm_lo,
      date_trunc('month', hi + 1)::date as fm_end
    from (select greatest(${sql.join(lo, sql`, `)}) as lo, least(${sql.join(hi, sql`, `)}) as hi) d) m`;
}

/**
 * The payment rollup rows that sum to the range's figures (status, method, type, count, amount_cents,
 * bonus_cents), exactly: its whole months from payment_rollup_months plus their tail (shards not
 * folded yet), and the days at its ends from payment_rollups (folded and tail). A long range reads a
 * few hundred rows, not one per day and bucket.
 */
function spanned(space: string, days: readonly DayBound[], status?: string): SQL {
  const only = (col: SQL) => (status ? sql` and ${col} = ${status}` : sql``);
  const cols = sql`status, method, type, count, amount_cents, bonus_cents`;
  return sql`with b as materialized (${span(days)})
    select ${cols} from payment_rollups r, b where r.space = ${space}${only(sql`r.status`)}
      and r.day >= b.lo and r.day < (case when b.whole then b.fm_lo else b.hi + 1 end)
    union all
    select ${cols} from payment_rollups r, b where b.whole and r.space = ${space}${only(sql`r.status`)}
      and r.day >= b.fm_end and r.day <= b.hi
    union all
    select ${cols} from payment_rollup_months m, b where b.whole and m.space = ${space}${only(sql`m.status`)}
      and m.month >= b.fm_lo and m.month < b.fm_end
    union all
    select ${cols} from payment_rollups r, b where b.whole and r.space = ${space}${only(sql`r.status`)}
      and r.shard >= 0 and r.day >= b.fm_lo and r.day < b.fm_end`;
}

/**
 * The dashboard's reads (spec §7), from the rollups the database keeps in the same transaction as
 * every payment and user change (migration 0017): the cost follows the number of days in the range,
 * not the number of payments. Past days are folded into one row per bucket (migration 0030,
 * `foldPastDays`); a read sums the folded rows and the live tail (today's shards, late changes) in one
 * statement, so it is exact whether a day is folded or not. Counts and sums come back as the
 * database's text (bigint).
 */
export function createDashboardRepository(db: Db) {
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
    async payedByMethodAndType(space: string, days: readonly DayBound[]) {
      const { rows } = (await db.execute(sql`
        select method, type, coalesce(sum(count), 0)::bigint as count,
          coalesce(sum(amount_cents), 0)::bigint as amount, coalesce(sum(bonus_cents), 0)::bigint as bonus
        from (${spanned(space, days, 'PAYED')}) x
        group by method, type`)) as unknown as {
        rows: { method: string; type: string; count: string; amount: string; bonus: string }[];
      };
      return rows;
    },

    /** PAYED payments per day (YYYY-MM-DD), oldest first; days without any left out. */
    async payedPerDay(space: string, days: readonly DayBound[]) {
      const { rows } = (await db.execute(sql`
        with b as materialized (${span(days)})
        select to_char(day, 'YYYY-MM-DD') as "_id", sum(count)::bigint as count,
          coalesce(sum(amount_cents), 0)::bigint as total
        from (
          select d.day, d.count, d.amount_cents from payment_rollup_days d, b
          where d.space = ${space} and d.status = 'PAYED' and d.day >= b.lo and d.day <= b.hi
          union all
          select r.day, r.count, r.amount_cents from payment_rollups r, b
          where r.space = ${space} and r.status = 'PAYED' and r.shard >= 0 and r.day >= b.lo and r.day <= b.hi
        ) x
        group by day having sum(count) > 0 order by day`)) as unknown as {
        rows: { _id: string; count: string; total: string }[];
      };
      return rows;
    },

    /** Payments per status. */
    async perStatus(space: string, days: readonly DayBound[]) {
      const { rows } = (await db.execute(sql`
        select status as "_id", sum(count)::bigint as count from (${spanned(space, days)}) x
        group by status having sum(count) > 0 order by status`)) as unknown as {
        rows: { _id: string; count: string }[];
      };
      return rows;
    },

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
