import { z } from 'zod';
import {
  BANK_ACCOUNT_PATTERN,
  CONTRACT_SECTORS,
  type ContractSector,
  ENTITY_CODE_PATTERN,
  NUCLEUS_PEOPLE_MAX,
  NUCLEUS_PEOPLE_MIN,
  procedureNamesCode,
  procedureNeedsReason,
} from './contract-requests';
import { CONTRACT_FORM_PROCEDURES, type ProcedureType } from './enums';
import { EMAIL_PATTERN, isValidNationalId, PHONE_PATTERN } from './validation/rules';

/** The contract request as its sender fills it in: its shape, its rules field by field, its normal form. */

// ————— The request as sent —————

const text = (max: number) => z.string().max(max).optional().nullable();

/** Shape only (types and lengths); the rules are `contractRequestProblems`, which name the fields. */
export const contractRequestInputSchema = z.object({
  sector: z.string().max(40),
  procedureType: z.string().max(40),
  fullName: text(120),
  nationalId: text(20),
  entityCode: text(30),
  phone: text(20),
  email: text(254),
  municipality: z.number().int().min(0).max(100_000).optional().nullable(),
  popularCouncil: text(120),
  address: z
    .object({
      street: text(120),
      number: text(20),
      between1: text(120),
      between2: text(120),
    })
    .optional()
    .nullable(),
  reason: text(1000),
  nucleusPeople: z.number().int().min(-1000).max(1000).optional().nullable(),
  metered: z.boolean().optional().nullable(),
  hydrometerNumber: text(40),
  connectionRequestNumber: text(40),
  entity: text(160),
  legalRepresentative: text(120),
  bankAccount: text(40),
  owner: text(120),
  clientCode: text(40),
  proof: text(60),
});
export type ContractRequestInput = z.infer<typeof contractRequestInputSchema>;

/** One thing wrong with a request: the field (dotted path), the catalogue reference, and its kind. */
export interface ContractRequestProblem {
  field: string;
  reference: number;
  /** `required` shows the spec's 'Requerido' in forms; `invalid` the catalogue's message. */
  kind: 'required' | 'invalid';
}

const blank = (v: string | null | undefined) => !v?.trim();

/**
 * Every problem of a request, in the order of the form's steps (the API answers the first).
 * `callerHasCode` is true when the signed-in caller already has the named code associated (no proof).
 */
export function contractRequestProblems(
  input: ContractRequestInput,
  opts: { callerHasCode?: boolean; clientCodePattern?: RegExp } = {},
): ContractRequestProblem[] {
  const out: ContractRequestProblem[] = [];
  const need = (field: string, reference: number, missing: boolean) => {
    if (missing) out.push({ field, reference, kind: 'required' });
  };
  const check = (field: string, reference: number, bad: boolean) => {
    if (bad) out.push({ field, reference, kind: 'invalid' });
  };
  const sector = (CONTRACT_SECTORS as readonly string[]).includes(input.sector)
    ? (input.sector as ContractSector)
    : null;
  if (!sector)
    out.push({ field: 'sector', reference: 356, kind: blank(input.sector) ? 'required' : 'invalid' });
  // A payment agreement is asked from the code's page (agreements.ts), never with this form.
  const procedure = (CONTRACT_FORM_PROCEDURES as readonly string[]).includes(input.procedureType)
    ? (input.procedureType as ProcedureType)
    : null;
  if (!procedure)
    out.push({
      field: 'procedureType',
      reference: 415,
      kind: blank(input.procedureType) ? 'required' : 'invalid',
    });

  if (procedure && procedureNamesCode(procedure)) {
    need('clientCode', 430, blank(input.clientCode));
    const cc = (input.clientCode ?? '').replace(/[\s-]/g, '');
    if (cc && opts.clientCodePattern) check('clientCode', 430, !opts.clientCodePattern.test(cc));
    if (!opts.callerHasCode) need('proof', 499, blank(input.proof));
  }

  need('fullName', 410, blank(input.fullName));
  if (sector === 'RESIDENTIAL') {
    need('nationalId', 433, blank(input.nationalId));
    if (!blank(input.nationalId)) check('nationalId', 433, !isValidNationalId(input.nationalId!.trim()));
  } else if (!blank(input.entityCode)) {
    check('entityCode', 433, !ENTITY_CODE_PATTERN.test(input.entityCode!.trim()));
  }
  if (blank(input.phone) && blank(input.email)) need('phone', 436, true);
  if (!blank(input.phone)) check('phone', 440, !PHONE_PATTERN.test(input.phone!.replace(/[\s-]/g, '')));
  if (!blank(input.email)) check('email', 439, !EMAIL_PATTERN.test(input.email!.trim()));
  if (sector && sector !== 'RESIDENTIAL') {
    need('entity', 421, blank(input.entity));
    need('legalRepresentative', 419, blank(input.legalRepresentative));
    need('bankAccount', 418, blank(input.bankAccount));
    if (!blank(input.bankAccount))
      check('bankAccount', 418, !BANK_ACCOUNT_PATTERN.test(input.bankAccount!.replace(/[\s-]/g, '')));
  }

  need('municipality', 414, !input.municipality);
  need('address.street', 411, blank(input.address?.street));
  need('address.number', 411, blank(input.address?.number));
  need('address.between1', 412, blank(input.address?.between1));
  need('address.between2', 413, blank(input.address?.between2));

  if (sector === 'RESIDENTIAL' && procedure) {
    const people = input.nucleusPeople;
    if (people === undefined || people === null) need('nucleusPeople', 428, procedure === 'NEW_CONTRACT');
    else check('nucleusPeople', 428, people < NUCLEUS_PEOPLE_MIN || people > NUCLEUS_PEOPLE_MAX);
    if (input.metered) need('hydrometerNumber', 424, blank(input.hydrometerNumber));
    need(
      'connectionRequestNumber',
      429,
      procedure === 'NEW_CONNECTION' && blank(input.connectionRequestNumber),
    );
  }
  if (procedure === 'OWNER_CHANGE') need('owner', 423, blank(input.owner));
  if (procedure && procedureNeedsReason(procedure)) need('reason', 431, blank(input.reason));
  return out;
}

/** The request as stored: trimmed, blanks dropped, separators removed from numbers. */
export function normalizeContractRequest(input: ContractRequestInput) {
  const t = (v: string | null | undefined) => (blank(v) ? null : v!.trim().replace(/\s+/g, ' '));
  const digits = (v: string | null | undefined) => (blank(v) ? null : v!.replace(/[\s-]/g, ''));
  const sector = input.sector as ContractSector;
  const residential = sector === 'RESIDENTIAL';
  return {
    sector,
    procedureType: input.procedureType as ProcedureType,
    fullName: t(input.fullName)!,
    nationalId: residential ? t(input.nationalId) : null,
    entityCode: residential ? null : t(input.entityCode),
    phone: digits(input.phone),
    email: blank(input.email) ? null : input.email!.trim().toLowerCase(),
    municipality: input.municipality!,
    popularCouncil: t(input.popularCouncil),
    street: t(input.address?.street)!,
    number: t(input.address?.number)!,
    between1: t(input.address?.between1)!,
    between2: t(input.address?.between2)!,
    reason: t(input.reason),
    nucleusPeople: residential ? (input.nucleusPeople ?? null) : null,
    metered: residential ? Boolean(input.metered) : false,
    hydrometerNumber: residential && input.metered ? t(input.hydrometerNumber) : null,
    connectionRequestNumber: residential ? t(input.connectionRequestNumber) : null,
    entity: residential ? null : t(input.entity),
    legalRepresentative: residential ? null : t(input.legalRepresentative),
    bankAccount: residential ? null : digits(input.bankAccount),
    owner: t(input.owner),
    clientCode: procedureNamesCode(input.procedureType as ProcedureType) ? digits(input.clientCode) : null,
  };
}
export type NormalizedContractRequest = ReturnType<typeof normalizeContractRequest>;
