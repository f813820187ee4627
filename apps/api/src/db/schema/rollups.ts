import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's figures (spec §7), kept by triggers in the same transaction as each payment's change
 * (migration 0017): per space, Havana day, status, method and type, spread over 8 shards (0–7) so concurrent
 * settlements do not queue on one row. Past days are folded into one row per bucket (shard -1) by
 * payment_rollups_fold (migration 0030, the `rollup-fold` job), exactly, and summed into
 * `paymentRollupMonths` and `paymentRollupDays`; the shards left are the live tail (today's, and late
 * changes not folded yet). Summed at read time; never a scan of the payments.
 */
export const paymentRollups = pgTable(
  'payment_rollups',
  {
    space: text('space').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    method: text('method').notNull(),
    type: text('type').notNull(),
    shard: smallint('shard').notNull(),
    count: integer('count').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.space, t.day, t.status, t.method, t.type, t.shard] }),
    index('payment_rollups_tail_idx').on(t.space, t.day).where(sql`${t.shard} >= 0`),
  ],
);

/**
 * The folded days of `payment_rollups` summed per month (first day of the month), kept by
 * payment_rollups_fold in the same statement as it folds (migration 0030): a month's figures are its
 * row here plus its tail rows (shard ≥ 0) in `payment_rollups`.
 */
export const paymentRollupMonths = pgTable(
  'payment_rollup_months',
  {
    space: text('space').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    method: text('method').notNull(),
    type: text('type').notNull(),
    count: integer('count').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.space, t.month, t.status, t.method, t.type] })],
);

/**
 * The folded days of `payment_rollups` summed per day and status, kept by payment_rollups_fold in the
 * same statement as it folds (migration 0030): a day's figures are its row here plus its tail rows.
 */
export const paymentRollupDays = pgTable(
  'payment_rollup_days',
  {
    space: text('space').notNull(),
    status: text('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.space, t.status, t.day] })],
);

/** Customers (users with a client type, not removed) per space, day of creation and client type. */
export const userRollups = pgTable(
  'user_rollups',
  {
    space: text('space').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    clientType: text('client_type').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.space, t.day, t.clientType] })],
);
