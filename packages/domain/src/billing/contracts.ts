import { z } from 'zod';
import { CLIENT_TYPES, INVOICE_DISPLAY_STATUSES } from '../enums';
import { INVOICE_STATUSES } from './display-status';

/**
 * Shapes of the billing calls under /api/ahab-requests (spec §7). The code's format is checked by the
 * API against CLIENT_CODE_PATTERN (357 when it does not match); here only its length is bounded.
 */
export const ccField = z.string().trim().min(1).max(40);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha AAAA-MM-DD');
const cents = z.number().int();

/**
 * The last known figures (design §7): when the utility's commercial system cannot be reached, an answer
 * kept from an earlier read, marked with when it was read (`asOf`, ISO 8601) and `stale: true`. Absent
 * when the figures are live.
 */
export const lastKnownMarker = {
  asOf: z.string().optional(),
  stale: z.literal(true).optional(),
};
export interface LastKnown {
  asOf?: string;
  stale?: true;
}

export const ccBodySchema = z.object({ cc: ccField });

export const validateCcResponseSchema = z.object({
  cc: z.string(),
  valid: z.boolean(),
  active: z.boolean(),
  clientType: z.enum(CLIENT_TYPES),
  /** Full name for the owner and staff; masked ('M*** P***') for anyone else. */
  holder: z.string(),
  municipality: z.string(),
  associated: z.boolean(),
});

export const associateCcBodySchema = z.object({
  cc: ccField,
  /** The contract number, or the number of one of the code's last three invoices. */
  proof: z.string().trim().min(1).max(60),
});

export const clientCodeSummarySchema = z.object({
  cc: z.string(),
  holder: z.string(),
  clientType: z.enum(CLIENT_TYPES),
  address: z.string(),
  municipality: z.string(),
  municipalityPk: z.number(),
  commercialOffice: z.string(),
  policy: z.string().nullable(),
  contractNumber: z.string().nullable(),
  active: z.boolean(),
  totalDebtCents: cents,
  advanceBalanceCents: cents,
  associatedAt: z.string().nullable(),
  ...lastKnownMarker,
});
export type ClientCodeSummary = z.infer<typeof clientCodeSummarySchema>;

export const debtsCcsBodySchema = z.object({ ccs: z.array(ccField).max(50).optional() });
export const ccDebtSchema = z.object({
  cc: z.string(),
  totalDebtCents: cents,
  pendingInvoices: z.number().int(),
  /** issued_on of the oldest unpaid invoice, or null without debt. */
  oldestDue: isoDate.nullable(),
  agreedInvoices: z.number().int(),
  processingInvoices: z.number().int(),
  ...lastKnownMarker,
});
export type CcDebt = z.infer<typeof ccDebtSchema>;

export const invoiceCcBodySchema = z.object({
  cc: ccField,
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(250).default(10),
  filters: z
    .object({
      from: isoDate.optional(),
      to: isoDate.optional(),
      status: z.array(z.enum(INVOICE_DISPLAY_STATUSES)).max(5).optional(),
    })
    .default({}),
});
export type InvoiceCcQuery = z.infer<typeof invoiceCcBodySchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  cc: z.string(),
  number: z.string(),
  issuedOn: isoDate,
  periodFrom: isoDate,
  periodTo: isoDate,
  invoicedCents: cents,
  paidCents: cents,
  bonusCents: cents,
  toPayCents: cents,
  partial: z.boolean(),
  policy: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  displayStatus: z.enum(INVOICE_DISPLAY_STATUSES),
  consumptionM3: z.number().int().nullable(),
  ...lastKnownMarker,
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

/** The invoice's id: a uuid with the built-in ledger, the invoice number with a commercial system over HTTP. */
export const debtsInvoiceBodySchema = z.object({ cc: ccField, invoiceId: z.string().trim().min(1).max(60) });
export const invoiceDetailSchema = invoiceSchema.extend({
  holder: z.string(),
  payments: z.array(
    z.object({
      paymentId: z.string(),
      amountCents: cents,
      method: z.string(),
      kind: z.enum(['CC', 'ADELANTO']),
      appliedAt: z.string(),
    }),
  ),
});

export const advanceBalanceSchema = z.object({ cc: z.string(), balanceCents: cents });
export const totalDebtSchema = z.object({
  cc: z.string(),
  totalDebtCents: cents,
  pendingInvoices: z.number(),
  ...lastKnownMarker,
});

export const validateReqBodySchema = z.object({ cc: ccField, clientType: z.enum(CLIENT_TYPES).optional() });
export const accountSummarySchema = z.object({
  cc: z.string(),
  holder: z.string(),
  clientType: z.enum(CLIENT_TYPES),
  street: z.string(),
  number: z.string().nullable(),
  betweenStreets: z.string().nullable(),
  municipality: z.string(),
  municipalityPk: z.number(),
  popularCouncil: z.string().nullable(),
  commercialOffice: z.string(),
  policy: z.string().nullable(),
  contractNumber: z.string().nullable(),
  nucleusPeople: z.number().int(),
  metered: z.boolean(),
  active: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const consumptionPointSchema = z.object({
  period: z.string(),
  periodFrom: isoDate,
  periodTo: isoDate,
  invoicedCents: cents,
  consumptionM3: z.number().int().nullable(),
});

export const documentVerificationSchema = z.object({
  valid: z.boolean(),
  kind: z.enum(['RECEIPT', 'INVOICE_RECEIPT', 'CONTRACT']).optional(),
  cc: z.string().optional(),
  holder: z.string().optional(),
  amountCents: cents.nullable().optional(),
  subject: z.string().optional(),
  issuedAt: z.string().optional(),
});
