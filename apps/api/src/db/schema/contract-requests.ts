import type { AgreementPayload } from '@ov/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import { spaces } from './spaces';
import { users } from './users';

/**
 * Contract requests (design §5). Hot paths and their indexes:
 * - a sector queue, oldest first, filtered by status and municipality: `contract_requests_queue_idx`;
 * - a queue without a status filter: `contract_requests_sector_idx`; all sectors by status:
 *   `contract_requests_status_idx`; all sectors, no filter (the staff queue opened first):
 *   `contract_requests_space_created_idx`;
 * - the queue's exact total and its counts per status: `contract_request_counts`, kept by the
 *   database (migration 0025) instead of counting 200,000 rows per call;
 * - the lookup by request ID: the unique `contract_requests_request_id_uq`;
 * - one open request per code and procedure (420): the partial unique `contract_requests_open_uq`.
 */
export const contractRequests = pgTable(
  'contract_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 10 characters of REQUEST_ID_ALPHABET, stored without the dash. */
    requestId: text('request_id').notNull(),
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    sector: text('sector').notNull(),
    procedureType: text('procedure_type').notNull(),
    status: text('status').notNull().default('NEW'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    lang: text('lang').notNull().default('es'),
    fullName: text('full_name').notNull(),
    nationalId: text('national_id'),
    entityCode: text('entity_code'),
    phone: text('phone'),
    email: text('email'),
    municipality: integer('municipality').notNull(),
    popularCouncil: text('popular_council'),
    street: text('street').notNull(),
    number: text('number').notNull(),
    between1: text('between1').notNull(),
    between2: text('between2').notNull(),
    reason: text('reason'),
    nucleusPeople: integer('nucleus_people'),
    metered: boolean('metered').notNull().default(false),
    hydrometerNumber: text('hydrometer_number'),
    connectionRequestNumber: text('connection_request_number'),
    entity: text('entity'),
    legalRepresentative: text('legal_representative'),
    bankAccount: text('bank_account'),
    owner: text('owner'),
    clientCode: text('client_code'),
    // Staff fields.
    contractNumber: text('contract_number'),
    policy: text('policy'),
    commercialOffice: text('commercial_office'),
    contractPlace: text('contract_place'),
    contractDate: date('contract_date'),
    answer: text('answer'),
    annulReason: text('annul_reason'),
    /** The account created in the ledger when a new contract is signed. */
    newClientCode: text('new_client_code'),
    /** The verification code printed on the generated contract. */
    contractCode: text('contract_code'),
    /** The generated contract, kept so staff and requester download the same document. */
    contractFile: text('contract_file'),
    /** A payment agreement's invoices, plan asked and plan approved (procedure PAYMENT_AGREEMENT). */
    agreement: jsonb('agreement').$type<AgreementPayload>(),
    uploadTokenHash: text('upload_token_hash'),
    uploadTokenExpiresAt: timestamp('upload_token_expires_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_requests_request_id_uq').on(t.requestId),
    index('contract_requests_queue_idx').on(t.space, t.sector, t.status, t.municipality, t.createdAt, t.id),
    index('contract_requests_sector_idx').on(t.space, t.sector, t.createdAt, t.id),
    index('contract_requests_status_idx').on(t.space, t.status, t.createdAt, t.id),
    index('contract_requests_space_created_idx').on(t.space, t.createdAt, t.id),
    index('contract_requests_user_idx').on(t.userId, t.createdAt),
    index('contract_requests_unowned_email_idx').on(t.email).where(sql`${t.userId} is null`),
    index('contract_requests_debt_idx').on(t.clientCode).where(sql`${t.status} = 'DEBT_PENDING'`),
    uniqueIndex('contract_requests_open_uq')
      .on(t.space, t.clientCode, t.procedureType)
      .where(sql`${t.clientCode} is not null and ${t.status} not in ('SIGNED', 'ANNULLED')`),
  ],
);

/**
 * How many requests each (space, sector, status, municipality) holds, kept by a trigger on
 * contract_requests in the same transaction as the change (migration 0025): a queue's exact total and
 * its counts per status under equality filters are sums over at most a few hundred rows.
 */
export const contractRequestCounts = pgTable(
  'contract_request_counts',
  {
    space: text('space').notNull(),
    sector: text('sector').notNull(),
    status: text('status').notNull(),
    municipality: integer('municipality').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.space, t.sector, t.status, t.municipality] })],
);

/** What happened to a request, oldest first: status changes, answers, annulment, staff fields. */
export const contractRequestEvents = pgTable(
  'contract_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => contractRequests.id, { onDelete: 'cascade' }),
    /** STATUS | ANSWER | FIELDS | ATTACHMENT */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    actor: uuid('actor').references(() => users.id, { onDelete: 'set null' }),
    answer: text('answer'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_request_events_request_idx').on(t.requestId, t.at)],
);

/** Identity documents and property titles; the bytes live in the file storage. */
export const contractRequestAttachments = pgTable(
  'contract_request_attachments',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => contractRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** image/webp (re-encoded) or application/pdf */
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_request_attachments_request_idx').on(t.requestId)],
);

/** The contract model of each sector: clauses in both languages (459 when a sector has none). */
export const contractModels = pgTable(
  'contract_models',
  {
    space: text('space')
      .notNull()
      .references(() => spaces.id),
    sector: text('sector').notNull(),
    title: jsonb('title').$type<{ es: string; en: string }>().notNull(),
    clauses: jsonb('clauses').$type<{ es: string[]; en: string[] }>().notNull(),
    tariffBasis: jsonb('tariff_basis').$type<{ es: string; en: string }>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.space, t.sector] })],
);

/**
 * A code e-mailed to an anonymous request's address so that a signed-in customer can claim it (issue
 * 26): only its hash is kept, it is bound to the request and to the account that asked, expires, is
 * spent once, and dies after five wrong tries.
 */
export const contractRequestClaims = pgTable(
  'contract_request_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => contractRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_request_claims_request_user_idx').on(t.requestId, t.userId)],
);
