import { z } from 'zod';

/** What the payment-agreement routes accept (the rules are agreements.ts, zod-free for light pages). */
const cents = z.number().int().min(0).max(1_000_000_000_000);

/** What a customer sends from the code's page. */
export const agreementRequestSchema = z.object({
  cc: z.string().trim().min(1).max(40),
  invoiceIds: z.array(z.string().trim().min(1).max(60)).min(1).max(60),
  downPaymentCents: cents,
  instalments: z.number().int().min(0).max(120),
  reason: z.string().max(1000),
  phone: z.string().max(20).optional().nullable(),
});
export type AgreementRequestInput = z.infer<typeof agreementRequestSchema>;

/** A clerk's approval: the plan as asked (fields left out) or changed, and an optional answer. */
export const agreementApprovalSchema = z.object({
  downPaymentCents: cents.optional(),
  instalments: z.number().int().min(0).max(120).optional(),
  answer: z.string().trim().max(2000).optional().nullable(),
  version: z.number().int().min(0).optional(),
});
export type AgreementApproval = z.infer<typeof agreementApprovalSchema>;

export const agreementRejectionSchema = z.object({
  reason: z.string().max(2000),
  version: z.number().int().min(0).optional(),
});
