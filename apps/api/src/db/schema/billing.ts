import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The built-in commercial system (design §2): accounts are client codes. Money is integer cents
 * (`bigint` in mode number: exact below 2^53). Hot paths and their indexes:
 * - debts per code: `invoices_open_cc_idx` (partial, only unpaid rows: small and hot);
 * - invoice pages per code, newest first: `invoices_cc_issued_idx` (cc, issued_on desc, id).
 */
export const accounts = pgTable(
  'accounts',
  {
    cc: text('cc').primaryKey(),
    space: text('space').notNull(),
    holderName: text('holder_name').notNull(),
    clientType: text('client_type').notNull(),
    street: text('street').notNull(),
    number: text('number'),
    betweenStreets: text('between_streets'),
    municipality: integer('municipality').notNull(),
    popularCouncil: text('popular_council'),
    commercialOffice: text('commercial_office').notNull(),
    policy: text('policy'),
    contractNumber: text('contract_number'),
    nucleusPeople: integer('nucleus_people').notNull().default(1),
    metered: boolean('metered').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_space_holder_idx').on(t.space, t.holderName),
    index('accounts_contract_idx').on(t.contractNumber),
    // The holder-name search (`ilike '%…%'`, issue 29): trigrams (pg_trgm, migration 0032).
    index('accounts_holder_trgm_idx').using('gin', t.holderName.op('gin_trgm_ops')),
  ],
);

/** A customer's association with a code: one live user per code (497 otherwise). */
export const clientCodeLinks = pgTable(
  'client_code_links',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cc: text('cc')
      .notNull()
      .references(() => accounts.cc),
    space: text('space').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('client_code_links_cc_uq').on(t.cc), index('client_code_links_user_idx').on(t.userId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cc: text('cc')
      .notNull()
      .references(() => accounts.cc),
    number: text('number').notNull(),
    issuedOn: date('issued_on').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    invoicedCents: bigint('invoiced_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    partial: boolean('partial').notNull().default(false),
    policy: text('policy'),
    /** PENDING | PAID | PARTIAL | AGREED; the display status is derived (domain invoiceDisplayStatus). */
    status: text('status').notNull().default('PENDING'),
    /** Set while a payment is in flight ("Procesando"); a second payment cannot claim the invoice. */
    inFlightPaymentId: uuid('in_flight_payment_id'),
    consumptionM3: integer('consumption_m3'),
    /**
     * The payment agreement (payment_agreements.id) the invoice belongs to: an AGREED invoice it
     * covers (its debt is the agreement's items), or one of the agreement's payable items.
     */
    agreementId: uuid('agreement_id'),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    index('invoices_cc_issued_idx').on(t.cc, t.issuedOn.desc(), t.id),
    index('invoices_open_cc_idx').on(t.cc).where(sql`${t.status} <> 'PAID'`),
    index('invoices_in_flight_idx').on(t.inFlightPaymentId).where(sql`${t.inFlightPaymentId} is not null`),
    index('invoices_agreement_idx').on(t.agreementId).where(sql`${t.agreementId} is not null`),
  ],
);

/** Money applied to the ledger, once per payment (unique payment_id). */
export const ledgerPayments = pgTable(
  'ledger_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').notNull(),
    cc: text('cc')
      .notNull()
      .references(() => accounts.cc),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    method: text('method').notNull(),
    /** CC pays invoices; ADELANTO credits the advance balance. */
    kind: text('kind').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_payments_payment_uq').on(t.paymentId),
    index('ledger_payments_cc_idx').on(t.cc),
  ],
);

/** Which invoices a payment paid and how much went to each (receipts are built from this). */
export const ledgerPaymentInvoices = pgTable(
  'ledger_payment_invoices',
  {
    paymentId: uuid('payment_id').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index('ledger_payment_invoices_invoice_idx').on(t.invoiceId),
  ],
);

export const advanceBalances = pgTable('advance_balances', {
  cc: text('cc')
    .primaryKey()
    .references(() => accounts.cc),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Conveniada: invoices under an agreement are paid at the commercial office (result code 12). */
export const paymentAgreements = pgTable(
  'payment_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cc: text('cc')
      .notNull()
      .references(() => accounts.cc),
    invoiceIds: uuid('invoice_ids').array().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The portal's request ID (contract request of procedure PAYMENT_AGREEMENT), when asked online. */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_agreements_cc_idx').on(t.cc)],
);

/** Issued documents, so a printed verification code can be checked later (public). */
export const billingDocuments = pgTable('billing_documents', {
  code: text('code').primaryKey(),
  kind: text('kind').notNull(),
  cc: text('cc').notNull(),
  subject: text('subject').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});
