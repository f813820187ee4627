import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A customer's payment through a gateway (design §2). Exactly once: `external_id` (our order id at
 * the gateway) and (method, gateway_ref) are unique; every status change is a guarded update
 * (`where status = expected`) and the ledger is idempotent per payment id.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: uuid('id').primaryKey(),
    space: text('space').notNull(),
    /** The payer's account; null for a guest's payment (pay without an account, issue 30). */
    userId: uuid('user_id'),
    cc: text('cc').notNull(),
    /** CC pays invoices; ADELANTO deposits an advance. */
    type: text('type').notNull(),
    /** ENZONA | TRANSFERMOVIL */
    method: text('method').notNull(),
    /** PENDING | PENDING_REFUNDED | CANCELED | PAYED | REFUNDED | FAILED */
    status: text('status').notNull().default('PENDING'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    bonusPercent: integer('bonus_percent').notNull().default(0),
    invoiceIds: jsonb('invoice_ids').$type<string[]>().notNull().default([]),
    gatewayRef: text('gateway_ref'),
    externalId: text('external_id').notNull(),
    /** Spec §8 result code once the payment ends (2 paid, 4 error, 6 wrong transaction, 11 expired…). */
    resultCode: integer('result_code'),
    redirectUrl: text('redirect_url'),
    qr: text('qr'),
    deepLink: text('deep_link'),
    transactionCode: text('transaction_code'),
    refundReason: text('refund_reason'),
    refundRef: text('refund_ref'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** A guest's address for the receipt e-mail (optional) and the language it is written in. */
    guestEmail: text('guest_email'),
    guestLanguage: text('guest_language'),
  },
  (t) => [
    uniqueIndex('payment_requests_external_uq').on(t.externalId),
    uniqueIndex('payment_requests_gateway_ref_uq')
      .on(t.method, t.gatewayRef)
      .where(sql`${t.gatewayRef} is not null`),
    index('payment_requests_space_created_idx').on(t.space, t.createdAt),
    index('payment_requests_user_created_idx').on(t.userId, t.createdAt),
    index('payment_requests_cc_idx').on(t.cc),
    index('payment_requests_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    // The staff record's sort by status, the amount's filter and sort (issue 29, migration 0029).
    index('payment_requests_space_status_created_idx').on(t.space, t.status, t.createdAt.desc(), t.id),
    index('payment_requests_space_amount_idx').on(t.space, t.amountCents),
    index('payment_requests_guest_cc_idx').on(t.cc, t.createdAt).where(sql`${t.userId} is null`),
    check('payment_requests_guest_ck', sql`${t.userId} is not null or ${t.type} = 'CC'`),
  ],
);

/**
 * The receipt e-mails of guests' payments: one per address, code and period (the month, Havana time),
 * so the address a stranger typed cannot be sent more than that.
 */
export const guestPaymentMails = pgTable(
  'guest_payment_mails',
  {
    email: text('email').notNull(),
    cc: text('cc').notNull(),
    period: text('period').notNull(),
    paymentId: uuid('payment_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'guest_payment_mails_pk', columns: [t.email, t.cc, t.period] })],
);

/**
 * Append-only log of everything a gateway told us about a payment (return, notification, poll) with
 * its raw payload and what we did with it; also unknown orders (payment_id null). A trigger in the
 * migrations refuses UPDATE and DELETE.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id'),
    method: text('method'),
    /** CREATE | ENZONA_RETURN | ENZONA_CANCEL | TM_NOTIFY | RECONCILE | REFUND | REFUND_CONFIRM */
    source: text('source').notNull(),
    /** SETTLED | DUPLICATE | PENDING | FAILED | CANCELED | EXPIRED | UNKNOWN_ORDER | MISMATCH | INVALID | ERROR | … */
    outcome: text('outcome').notNull(),
    resultCode: integer('result_code'),
    gatewayStatus: integer('gateway_status'),
    payload: jsonb('payload').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId),
    index('payment_events_created_idx').on(t.createdAt),
  ],
);
