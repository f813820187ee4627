import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { users } from './users';

/**
 * What a user is told (spec §3): `payload.body` keeps the spec's `{status, name}`; `event` and
 * `params` are what the drawer and the e-mails word in the reader's language (rows older than them
 * have them filled by migration 0019 where recognisable).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    owner: uuid('owner')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** What it is about (`NotificationEvent` of the domain) and its parameters, worded when read. */
    event: text('event'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_owner_created_idx').on(t.owner, t.read, t.createdAt)],
);
