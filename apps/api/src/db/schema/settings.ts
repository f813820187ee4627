import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';

/** The administrator's settings of a space (design §6): only what differs from the environment. */
export const settings = pgTable('settings', {
  space: text('space')
    .primaryKey()
    .references(() => spaces.id),
  values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
