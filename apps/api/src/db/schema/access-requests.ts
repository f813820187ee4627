import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { roles, users } from './users';

/** A staff member asks for a role; an administrator accepts (role granted) or rejects it. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    requester: uuid('requester')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    justification: text('justification').notNull(),
    status: text('status').notNull().default('PENDING'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per person and role; decided ones stay as history.
    uniqueIndex('access_requests_pending_uq').on(t.requester, t.roleId).where(sql`${t.status} = 'PENDING'`),
    index('access_requests_space_created_idx').on(t.space, t.createdAt),
  ],
);
