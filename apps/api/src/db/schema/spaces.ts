import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The tenant: one utility. Every tenant-owned row carries its id. */
export const spaces = pgTable('spaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
