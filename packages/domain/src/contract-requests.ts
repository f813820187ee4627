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
