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
    // One person's changes, the sorts by type and by module (issue 29, migration 0029).
    index('traces_owner_created_idx').on(t.owner, t.createdAt, t.id),
    index('traces_space_type_created_idx').on(t.space, t.type, t.createdAt.desc(), t.id.desc()),
    index('traces_space_module_created_idx').on(t.space, t.module, t.createdAt.desc(), t.id.desc()),
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
    // The sorts by result and by address (issue 29, migration 0029).
    index('security_events_space_result_created_idx').on(t.space, t.result, t.createdAt.desc(), t.id.desc()),
    index('security_events_space_ip_idx').on(t.space, t.ip),
  ],
);
