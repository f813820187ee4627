import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only audit log; a trigger in the migrations refuses UPDATE and DELETE. */
export const traces = pgTable(
  'traces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    space: text('space').notNull(),
    type: text('type').notNull(),
    owner: uuid('owner'),
    module: text('module').notNull(),
    section: text('section').notNull(),
    entityId: text('entity_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('traces_space_created_idx').on(t.space, t.createdAt),
    index('traces_entity_idx').on(t.module, t.entityId),
  ],
);

/**
 * The security log: every sign-in and its outcome (who, when, from where, result), kept apart from
 * the business traces and append-only like them. `login` is what was typed (bounded), `userId` the
 * account it named when there is one.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    space: text('space').notNull(),
    event: text('event').notNull(),
    result: text('result').notNull(),
    userId: uuid('user_id'),
    login: text('login').notNull(),
    ip: text('ip').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_space_created_idx').on(t.space, t.createdAt),
    index('security_events_user_idx').on(t.userId, t.createdAt),
  ],
);
