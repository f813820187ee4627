import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The portal's side of the utility's commercial system over HTTP (design §7, COMMERCIAL_SYSTEM=http).
 * With the built-in ledger these tables stay empty.
 */

/**
 * The last answer the commercial system gave per code and question (`key`: `account`, `debt`,
 * `invoices:…`), shared by every API process: what a customer sees, marked with `fetched_at`, when
 * the system cannot be reached. `stale` is set when the change feed names the code.
 */
export const commercialLastKnown = pgTable(
  'commercial_last_known',
  {
    cc: text('cc').notNull(),
    key: text('key').notNull(),
    body: jsonb('body').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    stale: timestamp('stale', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.cc, t.key] })],
);

/**
 * Invoices held by a payment in flight ("Procesando"): the commercial system has no such notion, so
 * the portal keeps the claims (one payment per invoice at a time: result code 4) with what was due
 * on each when it was confirmed live.
 */
export const commercialClaims = pgTable(
  'commercial_claims',
  {
    cc: text('cc').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    paymentId: uuid('payment_id').notNull(),
    dueCents: bigint('due_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cc, t.invoiceNumber] }),
    index('commercial_claims_payment_idx').on(t.paymentId),
  ],
);

/**
 * The posting outbox: every payment a gateway confirmed, to be applied once in the commercial system
 * (`POST /v1/payments`, Idempotency-Key = payment id), written in the transaction that settles it.
 * status: PENDING (waiting, retried with backoff) → POSTED, or REFUSED (409 `refusal_reason`) until
 * settled by the customer's choice (`choice`: REFUND | ADVANCE) → RESOLVED.
 */
export const commercialPostings = pgTable(
  'commercial_postings',
  {
    paymentId: uuid('payment_id').primaryKey(),
    space: text('space').notNull(),
    cc: text('cc').notNull(),
    /** CC | ADELANTO, as posted (an advance chosen after a refusal is posted as ADELANTO). */
    type: text('type').notNull(),
    /** The contract's `POST /v1/payments` body, as it will be sent. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A jobs process working on it holds it until then (a killed process lets it go by itself). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    postingId: text('posting_id'),
    refusalReason: text('refusal_reason'),
    choice: text('choice'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('commercial_postings_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('commercial_postings_space_status_idx').on(t.space, t.status, t.createdAt),
  ],
);

/**
 * One row per process-wide fact about the commercial system (`name`: `feed`, `reads`): the change
 * feed's cursor and when it was last read, the last successful read, the last error. Read by the
 * health endpoint and /admin/settings.
 */
export const commercialState = pgTable('commercial_state', {
  name: text('name').primaryKey(),
  cursor: text('cursor'),
  okAt: timestamp('ok_at', { withTimezone: true }),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
