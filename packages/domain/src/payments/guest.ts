import { z } from 'zod';
import { ccField } from '../billing/contracts';
import { INVOICE_DISPLAY_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../enums';
import { emailSchema } from '../validation/rules';
import { paymentCreatedSchema } from './contracts';

/**
 * Pay without an account (issue 30): anyone with a client code and a number printed on its paper
 * invoice (the last invoice's number or the contract's, as "Agregar código" accepts) sees the open
 * invoices, their total and the holder's initials, and pays them. Nothing else of the account.
 */

/** Words of a name that are not initialled: 'María de los Ángeles Pérez' → 'M. Á. P.'. */
const PARTICLES = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'e',
  'da',
  'do',
  'dos',
  'das',
  'van',
  'von',
]);

/**
 * 'María Pérez González' → 'M. P. G.': what a guest payer sees of the holder (enough for a son to
 * recognise his mother's bill, nothing to find her by). Particles are dropped, each initial is
 * upper-cased; an empty name is ''.
 */
export function holderInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s.]+/)
    .filter((w) => w && !PARTICLES.has(w.toLocaleLowerCase('es')));
  return words.map((w) => `${[...w][0].toLocaleUpperCase('es')}.`).join(' ');
}

/** What was printed on the paper invoice: the last invoice's number or the contract's. */
export const guestProofField = z.string().trim().min(1).max(60);

export const guestLookupBodySchema = z.object({ cc: ccField, proof: guestProofField });
export type GuestLookupBody = z.infer<typeof guestLookupBodySchema>;

/** An open invoice as a guest sees it; `payable` false for an agreed (Conveniada) one or one in flight. */
export const guestInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  issuedOn: z.string(),
  dueCents: z.number().int(),
  displayStatus: z.enum(INVOICE_DISPLAY_STATUSES),
  payable: z.boolean(),
});
export type GuestInvoice = z.infer<typeof guestInvoiceSchema>;

/** The answer to a code and its proof: the open invoices, what can be paid now and the holder's initials. */
export const guestDebtSchema = z.object({
  cc: z.string(),
  /** The holder's initials ('M. P. G.'), never the name. */
  holder: z.string(),
  invoices: z.array(guestInvoiceSchema),
  /** Sum of what is due on every open invoice. */
  totalCents: z.number().int(),
  /** Sum of what is due on the payable ones (what a guest pays with no invoice chosen). */
  payableCents: z.number().int(),
  /** The gateways a payment can be made through now. */
  methods: z.array(z.enum(PAYMENT_METHODS)),
});
export type GuestDebt = z.infer<typeof guestDebtSchema>;

export const guestPayBodySchema = guestLookupBodySchema.extend({
  method: z.enum(PAYMENT_METHODS),
  /** The invoices to pay; omitted = every payable open invoice. */
  invoiceIds: z.array(z.string().trim().min(1).max(60)).min(1).max(100).optional(),
  /** Must equal what is due now on the chosen invoices (result code 13 otherwise). */
  amountCents: z.number().int().positive().max(99_999_999_999),
  /** Where to send the receipt (optional; one confirmation per address, code and month). */
  email: emailSchema.optional(),
  /** The language of the receipt e-mail. */
  language: z.enum(['es', 'en']).optional(),
  phone: z.string().trim().max(20).optional(),
});
export type GuestPayBody = z.infer<typeof guestPayBodySchema>;

/** A guest's new payment, with the capability that opens its status and receipt (no session). */
export const guestPaymentCreatedSchema = paymentCreatedSchema.extend({
  /** Unguessable: whoever holds it may follow this payment and download its receipt. */
  receiptToken: z.string(),
});
export type GuestPaymentCreated = z.infer<typeof guestPaymentCreatedSchema>;

export const guestTokenQuerySchema = z.object({ token: z.string().min(10).max(200) });

/** A guest's payment as its token opens it: its status, never the account. */
export const guestPaymentSchema = z.object({
  paymentId: z.string(),
  cc: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  invoiceCount: z.number().int(),
  resultCode: z.number().int().nullable(),
  message: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  qr: z.string().nullable(),
  deepLink: z.string().nullable(),
  transactionCode: z.string().nullable(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the receipt e-mail was asked for (the address itself is not shown). */
  emailed: z.boolean(),
});
export type GuestPayment = z.infer<typeof guestPaymentSchema>;
