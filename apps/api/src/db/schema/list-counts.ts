import { boolean, integer, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * The staff lists' exact totals over millions of rows (issue 29, migration 0029), kept by statement
 * triggers in the same transaction as each change, per the values the lists filter on, spread over 8
 * shards so concurrent writers do not queue on one row. Summed at read time when a search's filters
 * name only these columns; otherwise the list counts its rows (through an index).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    space: text('space').notNull(),
    status: text('status').notNull(),
    clientType: text('client_type'),
    municipality: integer('municipality'),
    /** Not removed (`deleted_at is null`): what the list shows unless it asks for removed users. */
    live: boolean('live').notNull(),
    shard: smallint('shard').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    unique('user_counts_key')
      .on(t.space, t.status, t.clientType, t.municipality, t.live, t.shard)
      .nullsNotDistinct(),
  ],
);

export const traceCounts = pgTable(
  'trace_counts',
  {
    space: text('space').notNull(),
    type: text('type').notNull(),
    module: text('module').notNull(),
    shard: smallint('shard').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'trace_counts_pk', columns: [t.space, t.type, t.module, t.shard] })],
);

export const securityEventCounts = pgTable(
  'security_event_counts',
  {
    space: text('space').notNull(),
    event: text('event').notNull(),
    result: text('result').notNull(),
    shard: smallint('shard').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'security_event_counts_pk', columns: [t.space, t.event, t.result, t.shard] })],
);

export const accountCounts = pgTable(
  'account_counts',
  {
    space: text('space').notNull(),
    clientType: text('client_type').notNull(),
    municipality: integer('municipality').notNull(),
    active: boolean('active').notNull(),
    shard: smallint('shard').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'account_counts_pk',
      columns: [t.space, t.clientType, t.municipality, t.active, t.shard],
    }),
  ],
);

/** The payment record's totals by status, method and type (0017's rollups are per day as well). */
export const paymentCounts = pgTable(
  'payment_counts',
  {
    space: text('space').notNull(),
    status: text('status').notNull(),
    method: text('method').notNull(),
    type: text('type').notNull(),
    shard: smallint('shard').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'payment_counts_pk', columns: [t.space, t.status, t.method, t.type, t.shard] })],
);

/**
 * The users list's total per role (issue 29, migration 0031): how many users hold each role, per the
 * other values the list filters on together with a role (status, client type, municipality, removed
 * or not). Kept through role grants and revocations (`user_roles`) and through the users' own changes.
 */
export const userRoleCounts = pgTable(
  'user_role_counts',
  {
    space: text('space').notNull(),
    roleId: uuid('role_id').notNull(),
    status: text('status').notNull(),
    clientType: text('client_type'),
    municipality: integer('municipality'),
    live: boolean('live').notNull(),
    shard: smallint('shard').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    unique('user_role_counts_key')
      .on(t.space, t.roleId, t.status, t.clientType, t.municipality, t.live, t.shard)
      .nullsNotDistinct(),
  ],
);
