import { z } from 'zod';
import {
  CLIENT_TYPES,
  type ClientType,
  CONTRACT_REQUEST_STATUSES,
  type ContractRequestStatus,
  PROCEDURE_TYPES,
  type ProcedureType,
} from './enums';
import { PERMISSIONS, type Permission } from './permissions';
import { EMAIL_PATTERN, isValidNationalId, PHONE_PATTERN } from './validation/rules';

/**
 * Contract requests (design §5): what a household, a state entity or a big client sends to get a new
 * water contract or change one, and the status machine staff move it along. One set of rules for the
 * API (which answers the catalogue's 410–436 references) and the web form (which shows the same
 * messages beside each field).
 */

export const CONTRACT_SECTORS = CLIENT_TYPES;
export type ContractSector = ClientType;

/** The process permission that opens a sector's queue and lets staff act on its requests. */
export const SECTOR_PROCESS_PERMISSION: Readonly<Record<ContractSector, Permission>> = Object.freeze({
  RESIDENTIAL: PERMISSIONS.PROCESS_RESIDENTIAL_WRITE,
  STATE: PERMISSIONS.PROCESS_STATE_WRITE,
  ESTATE_BIG_CLIENT: PERMISSIONS.PROCESS_BIGCLIENT_WRITE,
});

/** The permissions that reach every sector (the all-sectors queue). */
export const ALL_SECTORS_PERMISSIONS: readonly Permission[] = [
  PERMISSIONS.CONTRACT_REQUEST_SEARCH,
  PERMISSIONS.CONTRACT_REQUEST_READ,
  PERMISSIONS.CONTRACT_REQUEST_WRITE,
];

const holds = (permissions: readonly string[], p: string) =>
  permissions.includes('ADMIN') || permissions.includes(p);

/** The sectors whose requests a staff member sees (empty: none, so not staff for this). */
export function visibleSectors(permissions: readonly string[]): ContractSector[] {
  if (ALL_SECTORS_PERMISSIONS.some((p) => holds(permissions, p))) return [...CONTRACT_SECTORS];
  return CONTRACT_SECTORS.filter((s) => holds(permissions, SECTOR_PROCESS_PERMISSION[s]));
}

/** Whether a staff member may act (take, answer, move, fill, sign, annul) on a sector's request. */
export function mayProcessSector(permissions: readonly string[], sector: ContractSector): boolean {
  return (
    holds(permissions, SECTOR_PROCESS_PERMISSION[sector]) ||
    holds(permissions, PERMISSIONS.CONTRACT_REQUEST_WRITE)
  );
}

/** Every procedure but a new contract or a new connection names an existing client code. */
export function procedureNamesCode(procedure: ProcedureType): boolean {
  return procedure !== 'NEW_CONTRACT' && procedure !== 'NEW_CONNECTION';
}

/** Procedures that end with a new account in the ledger once signed. */
export function procedureCreatesAccount(procedure: ProcedureType): boolean {
  return procedure === 'NEW_CONTRACT' || procedure === 'NEW_CONNECTION';
}

/** Procedures where the requester must say why (the staff cannot guess what to change or end). */
export function procedureNeedsReason(procedure: ProcedureType): boolean {
  return procedure === 'UPDATE_CONTRACT' || procedure === 'CANCEL_CONTRACT';
}

export const NUCLEUS_PEOPLE_MIN = 1;
export const NUCLEUS_PEOPLE_MAX = 30;
export const BANK_ACCOUNT_PATTERN = /^\d{16}$/;
/** An entity's code in the national registry (REEUP-like): digits and dots, 3 to 20. */
export const ENTITY_CODE_PATTERN = /^[0-9.]{3,20}$/;

// ————— Request IDs —————

/** 32 characters without look-alikes (no I, O, 0, 1): easy to read aloud and type on a phone. */
export const REQUEST_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REQUEST_ID_LENGTH = 10;
const REQUEST_ID_RE = new RegExp(`^[${REQUEST_ID_ALPHABET}]{${REQUEST_ID_LENGTH}}$`);

/** 'abcde-fghjk', ' ABCDE FGHJK ' → 'ABCDEFGHJK'; anything that cannot be an ID → null. */
export function normalizeRequestId(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return REQUEST_ID_RE.test(compact) ? compact : null;
}

/** 'ABCDEFGHJK' → 'ABCDE-FGHJK' (how an ID is shown and returned). */
export function formatRequestId(id: string): string {
  const compact = normalizeRequestId(id) ?? id;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

/** A new ID from random bytes (at least 10; each byte's low 5 bits pick a character: uniform). */
export function requestIdFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REQUEST_ID_LENGTH) throw new Error('Not enough random bytes');
  let out = '';
  for (let i = 0; i < REQUEST_ID_LENGTH; i++) out += REQUEST_ID_ALPHABET[bytes[i] & 31];
  return out;
}

// ————— Status machine (data) —————

export interface ContractTransition {
  from: ContractRequestStatus;
  to: ContractRequestStatus;
  /** `staff`: a staff member moves it; `ledger`: the ledger's answer about debt decides. */
  by: 'staff' | 'ledger';
}

/** Every allowed move but annulment (any state but SIGNED, residential only: `annulRefusal`). */
export const CONTRACT_TRANSITIONS: readonly ContractTransition[] = Object.freeze([
  { from: 'NEW', to: 'PENDING', by: 'staff' },
  { from: 'PENDING', to: 'REVIEW', by: 'staff' },
  { from: 'PENDING', to: 'DEBT_PENDING', by: 'ledger' },
  { from: 'DEBT_PENDING', to: 'PENDING', by: 'ledger' },
  { from: 'REVIEW', to: 'PENDING', by: 'staff' },
  { from: 'REVIEW', to: 'SIGNATURE_READY', by: 'staff' },
  { from: 'SIGNATURE_READY', to: 'REVIEW', by: 'staff' },
  { from: 'SIGNATURE_READY', to: 'SIGNED', by: 'staff' },
]);

/** Where staff may move a request from `from` (in the machine's order). */
export function staffTransitionsFrom(from: ContractRequestStatus): ContractRequestStatus[] {
  return CONTRACT_TRANSITIONS.filter((t) => t.from === from && t.by === 'staff').map((t) => t.to);
}

export function isStaffTransition(from: ContractRequestStatus, to: ContractRequestStatus): boolean {
  return CONTRACT_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === 'staff');
}

/** Open: neither signed nor annulled. */
export function isOpenRequest(status: ContractRequestStatus): boolean {
  return status !== 'SIGNED' && status !== 'ANNULLED';
}

/** Why a request cannot be annulled (catalogue reference), or null when it can. */
export function annulRefusal(sector: ContractSector, status: ContractRequestStatus): number | null {
  if (status === 'ANNULLED') return 457;
  if (sector !== 'RESIDENTIAL') return 455;
  if (status === 'SIGNED') return 435;
  return null;
}

/** The steps a request goes through, in order, for the requester's timeline. */
export const CONTRACT_TIMELINE: readonly ContractRequestStatus[] = [
  'NEW',
  'PENDING',
  'REVIEW',
  'SIGNATURE_READY',
  'SIGNED',
];

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

const blank = (v: string | null | undefined) => !v || !v.trim();

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
  const procedure = (PROCEDURE_TYPES as readonly string[]).includes(input.procedureType)
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

// ————— Staff —————

/** The staff fields (design §5), changed over the version read. */
export const contractStaffPatchSchema = z.object({
  contractNumber: z.string().trim().max(40).optional().nullable(),
  policy: z.string().trim().max(40).optional().nullable(),
  commercialOffice: z.string().trim().max(160).optional().nullable(),
  contractPlace: z.string().trim().max(160).optional().nullable(),
  contractDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .nullable(),
  version: z.number().int().min(0),
  force: z.boolean().optional(),
});
export type ContractStaffPatch = z.infer<typeof contractStaffPatchSchema>;

export const contractTransitionSchema = z.object({
  to: z.enum(CONTRACT_REQUEST_STATUSES),
  answer: z.string().trim().max(2000).optional().nullable(),
});

export const contractAnnulSchema = z.object({
  reason: z.string().max(2000).optional().nullable(),
});

export const validateReqSchema = z.object({
  cc: z.string().trim().min(1).max(40),
  procedureType: z.enum(PROCEDURE_TYPES),
  proof: z.string().trim().max(60).optional().nullable(),
});

/** Attachment kinds and limits (design §5). */
export const ATTACHMENT_KINDS = ['IDENTITY_DOCUMENT', 'PROPERTY_TITLE', 'OTHER'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_MAX = 5;
/** How long the anonymous requester's upload token lasts. */
export const UPLOAD_TOKEN_TTL_MS = 60 * 60 * 1000;

// ————— Labels (the API's PDFs and e-mails and the web's i18n read the same words) —————

export const CONTRACT_LABELS = {
  es: {
    sector: { RESIDENTIAL: 'Residencial', STATE: 'Estatal', ESTATE_BIG_CLIENT: 'Grandes clientes' },
    procedure: {
      NEW_CONTRACT: 'Contrato nuevo',
      UPDATE_CONTRACT: 'Actualización de contrato',
      OWNER_CHANGE: 'Cambio de titular',
      NEW_CONNECTION: 'Nueva acometida',
      METER_INSTALLATION: 'Instalación de metro contador',
      CANCEL_CONTRACT: 'Baja del contrato',
    },
    status: {
      NEW: 'Nueva',
      PENDING: 'En trámite',
      DEBT_PENDING: 'Detenida por deuda',
      REVIEW: 'En revisión',
      SIGNATURE_READY: 'Lista para firmar',
      SIGNED: 'Firmada',
      ANNULLED: 'Anulada',
    },
  },
  en: {
    sector: { RESIDENTIAL: 'Residential', STATE: 'State', ESTATE_BIG_CLIENT: 'Big clients' },
    procedure: {
      NEW_CONTRACT: 'New contract',
      UPDATE_CONTRACT: 'Contract update',
      OWNER_CHANGE: 'Change of holder',
      NEW_CONNECTION: 'New connection',
      METER_INSTALLATION: 'Water meter installation',
      CANCEL_CONTRACT: 'Contract termination',
    },
    status: {
      NEW: 'New',
      PENDING: 'In progress',
      DEBT_PENDING: 'On hold for debt',
      REVIEW: 'Under review',
      SIGNATURE_READY: 'Ready to sign',
      SIGNED: 'Signed',
      ANNULLED: 'Annulled',
    },
  },
} as const satisfies Record<
  'es' | 'en',
  {
    sector: Record<ContractSector, string>;
    procedure: Record<ProcedureType, string>;
    status: Record<ContractRequestStatus, string>;
  }
>;
