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
