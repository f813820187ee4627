import { z } from 'zod';
import { ccField } from '../billing/contracts';
import {
  CLIENT_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  POSTING_STATUSES,
  type PostingStatus,
} from '../enums';
import { filterSchema } from '../validation/forms';

/** Shapes of the payment calls (/api/payments/*, /api/payment-request/*). Money is integer cents. */
const cents = z.number().int();
const positiveCents = z.number().int().positive().max(99_999_999_999);

export const payInvoicesBodySchema = z.object({
  cc: ccField,
  /**
   * The invoices to pay (one code); omitted = the whole open debt of the code. Ids as invoice-cc
   * answers them: uuids with the built-in ledger, invoice numbers with a commercial system over HTTP.
   */
  invoiceIds: z.array(z.string().trim().min(1).max(60)).min(1).max(100).optional(),
  method: z.enum(PAYMENT_METHODS),
  /** Must equal what is due now on the chosen invoices (result code 13 otherwise). */
  amountCents: positiveCents,
  /** Transfermóvil: the payer's phone (optional). */
  phone: z.string().trim().max(20).optional(),
});
export type PayInvoicesBody = z.infer<typeof payInvoicesBodySchema>;

export const payAdvanceBodySchema = z.object({
  cc: ccField,
  method: z.enum(PAYMENT_METHODS),
  amountCents: positiveCents,
  phone: z.string().trim().max(20).optional(),
});
export type PayAdvanceBody = z.infer<typeof payAdvanceBodySchema>;

/** What the customer needs to go on paying: the gateway's page (EnZona) or the code/QR (Transfermóvil). */
export const paymentCreatedSchema = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  type: z.enum(PAYMENT_TYPES),
  method: z.enum(PAYMENT_METHODS),
  amountCents: cents,
  bonusCents: cents,
  bonusPercent: z.number().optional(),
  redirectUrl: z.string().optional(),
  qr: z.string().optional(),
  deepLink: z.string().optional(),
  transactionCode: z.string().optional(),
  expiresAt: z.string(),
});
export type PaymentCreated = z.infer<typeof paymentCreatedSchema>;

export const advanceQuoteSchema = z.object({
  /** true with code 1 (no debt), false with code 8 (debts to pay first). */
  allowed: z.boolean(),
  code: z.union([z.literal(1), z.literal(8)]),
  message: z.string(),
  minimumCents: cents,
  bonusPercent: z.number(),
  balanceCents: cents,
  debtCents: cents,
});
export type AdvanceQuote = z.infer<typeof advanceQuoteSchema>;

/** Where a payment stands in the utility's commercial system (`enums.ts`, zod-free for the web's filters). */
export { POSTING_STATUSES, type PostingStatus };
export const POSTING_REFUSAL_REASONS = [
  'ALREADY_PAID',
  'AMOUNT_MISMATCH',
  'AGREED',
  'UNKNOWN_INVOICE',
  'ACCOUNT_INACTIVE',
] as const;
export type PostingRefusalReason = (typeof POSTING_REFUSAL_REASONS)[number];
export const POSTING_CHOICES = ['REFUND', 'ADVANCE'] as const;
export type PostingChoice = (typeof POSTING_CHOICES)[number];

export const paymentPostingSchema = z.object({
  status: z.enum(POSTING_STATUSES),
  /** CC, or ADELANTO once an advance was chosen after a refusal. */
  type: z.string(),
  attempts: z.number().int(),
  postingId: z.string().nullable(),
  refusalReason: z.string().nullable(),
  choice: z.enum(POSTING_CHOICES).nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  postedAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type PaymentPosting = z.infer<typeof paymentPostingSchema>;

/** The customer's (or staff's) answer to a refused posting. */
export const postingChoiceBodySchema = z.object({ choice: z.enum(POSTING_CHOICES) });

/** What a choice leaves: the payment's status and its posting. */
export const postingChoiceResultSchema = z.object({
  paymentId: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  posting: paymentPostingSchema,
});
export type PostingChoiceResult = z.infer<typeof postingChoiceResultSchema>;

/** The dashboard card: postings waiting and refused (`enabled` false with the built-in ledger). */
export const postingSummarySchema = z.object({
  enabled: z.boolean(),
  pending: z.number().int(),
  refused: z.number().int(),
  oldestPendingAt: z.string().nullable(),
});
export type PostingSummary = z.infer<typeof postingSummarySchema>;

/** `GET /api/payments/reconciliation.csv?date=YYYY-MM-DD` (a Havana calendar day). */
export const reconciliationQuerySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const paymentDtoSchema = z.object({
  _id: z.string(),
  id: z.string(),
  cc: z.string(),
  /** The payer's account; null for a guest's payment (paid without an account, "sin cuenta"). */
  userId: z.string().nullable(),
  /** Paid without an account (issue 30). */
  guest: z.boolean(),
  type: z.enum(PAYMENT_TYPES),
  /** The spec's field name on the dashboard and records. */
  paymentMethods: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: cents,
  bonusCents: cents,
  invoiceIds: z.array(z.string()),
  externalId: z.string(),
  gatewayRef: z.string().nullable(),
  /** Spec §8 result code (2 paid, 4 error, 6 wrong transaction, 11 expired, …); null while pending. */
  resultCode: z.number().int().nullable(),
  message: z.string().nullable(),
  transactionCode: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  qr: z.string().nullable(),
  deepLink: z.string().nullable(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its posting in the commercial system (COMMERCIAL_SYSTEM=http); absent with the built-in ledger. */
  posting: paymentPostingSchema.nullable().optional(),
});
export type PaymentDto = z.infer<typeof paymentDtoSchema>;

export const refundBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });

/** The dashboard's payload (spec §7): a createdAt range, from the start of the first day to the end of the last. */
export const dashboardFiltersSchema = z.object({ filters: z.array(filterSchema).default([]) });

/** Dashboard amounts are integer cents (the web formats them); counts are integers. */
export const paymentDataSchema = z.array(
  z.object({
    totalPayments: z.object({ totalCount: z.number(), totalAmount: cents }),
    anticipated: z.object({ anticipatedCount: z.number(), anticipatedAmount: cents }),
    bonifications: z.object({ bonification: cents, totalAmount: cents, totalPayed: cents }),
    byPaymentMethods: z.array(
      z.object({ paymentMethods: z.enum(PAYMENT_METHODS), count: z.number(), amount: cents }),
    ),
  }),
);
export const paymentHistogramSchema = z.array(z.object({ _id: z.string(), count: z.number(), total: cents }));
export const paymentByStatusSchema = z.array(z.object({ _id: z.enum(PAYMENT_STATUSES), count: z.number() }));
export const usersQuantitySchema = z.array(
  z.object({ clientType: z.union([z.enum(CLIENT_TYPES), z.null()]), count: z.number() }),
);
