import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Binary column: node-postgres gives a Buffer, PGlite a Uint8Array; both are read back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Uploaded images (re-encoded webp); the bytes live in the FileStorage, named `<id>.webp`. */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey(),
  owner: uuid('owner').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind').notNull(),
  bytes: integer('bytes').notNull(),
  thumbBytes: integer('thumb_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bytes of stored files when STORAGE=postgres (the default): one row per key (`images/<id>.webp`,
 * `documents/<id>.pdf`), shared by every process on the database. lib/storage/postgres.ts.
 */
export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
