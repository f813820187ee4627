import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Uploaded images (re-encoded webp); the bytes live in the FileStorage, named `<id>.webp`. */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey(),
  owner: uuid('owner').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind').notNull(),
  bytes: integer('bytes').notNull(),
  thumbBytes: integer('thumb_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
