import { CLIENT_TYPES, CONTRACT_REQUEST_STATUSES, PROCEDURE_TYPES } from '@ov/domain';
import { z } from 'zod';

/** The answers of the contract-request routes (design §5), as the OpenAPI document states them. */
export const status = z.enum(CONTRACT_REQUEST_STATUSES);
export const idParams = z.object({ requestId: z.string().max(40) });
export const sector = z.enum(CLIENT_TYPES);
const procedure = z.enum(PROCEDURE_TYPES);

export const publicDtoSchema = z.object({
  requestId: z.string(),
  status,
  sector,
  procedureType: procedure,
  municipality: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(z.object({ status, at: z.string() })),
});
export const summaryDtoSchema = z.object({
  _id: z.string(),
  requestId: z.string(),
  status,
  sector,
  procedureType: procedure,
  fullName: z.string(),
  entity: z.string().nullable(),
  municipality: z.number(),
  clientCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const attachmentDtoSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  contentType: z.string(),
  fileName: z.string(),
  bytes: z.number(),
  createdAt: z.string(),
});
const plan = { downPaymentCents: z.number().int(), instalments: z.number().int() };
const item = z.object({
  n: z.number().int(),
  of: z.number().int(),
  dueOn: z.string(),
  amountCents: z.number().int(),
});
/** A payment agreement's invoices, the plan asked, the limits then in force and the plan approved. */
export const agreementDtoSchema = z.object({
  invoices: z.array(
    z.object({ id: z.string(), number: z.string(), issuedOn: z.string(), dueCents: z.number().int() }),
  ),
  totalCents: z.number().int(),
  asked: z.object(plan),
  limits: z.object({
    minDownPercent: z.number().int(),
    maxInstalments: z.number().int(),
    minInstalmentCents: z.number().int(),
  }),
  approved: z.object({ ...plan, on: z.string(), schedule: z.array(item) }).nullable(),
});
export const agreementOptionsSchema = z.object({
  cc: z.string(),
  holder: z.string(),
  limits: agreementDtoSchema.shape.limits,
  invoices: agreementDtoSchema.shape.invoices,
  openRequestId: z.string().nullable(),
  today: z.string(),
});
const s = z.string().nullable();
export const fullDtoSchema = summaryDtoSchema.extend({
  owned: z.boolean(),
  nationalId: s,
  entityCode: s,
  phone: s,
  email: s,
  popularCouncil: s,
  address: z.object({ street: z.string(), number: z.string(), between1: z.string(), between2: z.string() }),
  reason: s,
  nucleusPeople: z.number().nullable(),
  metered: z.boolean(),
  hydrometerNumber: s,
  connectionRequestNumber: s,
  legalRepresentative: s,
  bankAccount: s,
  owner: s,
  contractNumber: s,
  policy: s,
  commercialOffice: s,
  contractPlace: s,
  contractDate: s,
  answer: s,
  annulReason: s,
  newClientCode: s,
  contractCode: s,
  hasContract: z.boolean(),
  agreement: agreementDtoSchema.nullable(),
  lang: z.string(),
  version: z.number(),
  history: z.array(z.object({ kind: z.string(), status, answer: s, at: z.string() })),
  attachments: z.array(attachmentDtoSchema),
});
