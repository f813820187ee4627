import { randomBytes } from 'node:crypto';
import {
  AppError,
  BILLING_PERIOD_MONTHS,
  CONTRACT_LABELS,
  type ContractRequestInput,
  type ContractRequestStatus,
  type ContractSector,
  clientCodeMatcher,
  contractRequestProblems,
  formatRequestId,
  maskHolderName,
  normalizeClientCode,
  normalizeContractRequest,
  normalizeRequestId,
  type ProcedureType,
  procedureNamesCode,
  requestIdFromBytes,
  UPLOAD_TOKEN_TTL_MS,
} from '@ov/domain';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { contractRequestEvents, contractRequests, municipalities } from '../../db/schema';
import type { Lang } from '../../lib/language';
import { pageWindow, type SearchQuery, searchOrder, searchWhere } from '../../lib/search';
import { consume, refund, ThrottledError } from '../../lib/throttle';
import { writeTrace } from '../../lib/traces';
import type { CommercialSystem } from '../billing';
import { provesOwnership } from '../billing';
import type { FileStorage } from '../files';
import type { SettingsStore } from '../settings';
import { createRequestAccess } from './contract-requests.access';
import { createRequestAttachments, hashToken } from './contract-requests.attachments';
import { createRequestClaims } from './contract-requests.claim';
import { createContractIssuer, municipalityName } from './contract-requests.contract';
import { contractRequestSearchSpec, detailsOf, publicDto, summaryDto, traced } from './contract-requests.dto';
import { tellRequester } from './contract-requests.notify';
import { renderRequestContract, renderRequestReceipt } from './contract-requests.pdf';
import { createStaffWorkflow, hasDebt } from './contract-requests.staff';

const t = contractRequests;

export interface ContractRequestsDeps {
  db: Db;
  commercial: CommercialSystem;
  clientCodePattern: string;
  /** The settings store: client-code shape and billing period in force (the configuration's without it). */
  settings?: Pick<SettingsStore, 'get' | 'codePattern'>;
  publicUrl: string;
  storage: FileStorage;
  /** Renders the contract (tests swap it to see error 460). */
  renderContract?: typeof renderRequestContract;
}

/** Lookups of request IDs per address: enough for a family, far too few to walk the ID space. */
export const LOOKUP_RATE = [{ windowMs: 15 * 60_000, max: 60 }];
const CODE_CHECK = [{ windowMs: 15 * 60_000, max: 30 }];
const UNKNOWN_CODE = [{ windowMs: 15 * 60_000, max: 10 }];
/** Requests sent anonymously from one address: 10 an hour. */
const CREATE_RATE = [{ windowMs: 3600_000, max: 10 }];
/**
 * Requests sent from one account: 5 an hour, 20 a day (a household or an office with many supplies
 * still fits). Its own key: over it only sending more requests is refused, nothing else of the account.
 */
export const ACCOUNT_CREATE_RATE = [
  { windowMs: 3600_000, max: 5 },
  { windowMs: 24 * 3600_000, max: 20 },
];

export function createContractRequestsService(deps: ContractRequestsDeps) {
  const { db, commercial, storage } = deps;
  const fixedMatcher = clientCodeMatcher(deps.clientCodePattern);
  const matcherOf = (space: string) => deps.settings?.codePattern(space) ?? Promise.resolve(fixedMatcher);
  const billingMonthsOf = async (space: string) =>
    deps.settings ? (await deps.settings.get(space)).billingPeriodMonths : BILLING_PERIOD_MONTHS;
  const access = createRequestAccess(db);
  const { staffView, byRequestId, readable } = access;
  const issuer = createContractIssuer({
    storage,
    publicUrl: deps.publicUrl,
    renderContract: deps.renderContract ?? renderRequestContract,
    matcherOf,
    billingMonthsOf,
  });
  const staff = createStaffWorkflow({ db, commercial, publicUrl: deps.publicUrl, access, issuer });
  const attachments = createRequestAttachments({ db, storage, access });
  const claims = createRequestClaims({ db, access });

  const service = {
    ...staff,
    ...attachments,
    askClaimCode: claims.askClaimCode,
    /** Claims an anonymous request with the code e-mailed to its address; answers the whole request. */
    async claim(p: Principal, raw: string, code: string) {
      return detailsOf(db, await claims.claim(p, raw, code));
    },
    async create(p: Principal | null, input: ContractRequestInput, lang: Lang, ip: string) {
      const raw = input.clientCode ? normalizeClientCode(input.clientCode) : '';
      const callerHasCode = Boolean(p && raw && (await ownsCode(p.userId, raw)));
      const problems = contractRequestProblems(input, {
        callerHasCode,
        clientCodePattern: await matcherOf(p?.space ?? DEFAULT_SPACE_ID),
      });
      if (problems.length) {
        const first = problems[0];
        throw new AppError('BADREQUESTERROR', first.reference, { field: first.field, problems });
      }
      const n = normalizeContractRequest(input);
      const space = p?.space ?? DEFAULT_SPACE_ID;
      const [m] = await db
        .select({ pk: municipalities.pk })
        .from(municipalities)
        .where(eq(municipalities.pk, n.municipality));
      if (!m) throw new AppError('BADREQUESTERROR', 414, { field: 'municipality' });
      // Counted up front (parallel requests cannot pass together); a signed-in request that is refused
      // (unknown code, wrong proof, an open one already) gives its slot back.
      const rate = p ? ACCOUNT_CREATE_RATE : CREATE_RATE;
      const rateKey = p ? `contract-request-account:${p.userId}` : `contract-request:${ip}`;
      await consume(db, rateKey, rate);
      const store = async () => {
        if (n.clientCode) {
          const account = await commercial.findAccount(n.clientCode);
          if (!account || account.space !== space || !account.active)
            throw new AppError('BADREQUESTERROR', 430, { field: 'clientCode' });
          if (account.clientType !== n.sector)
            throw new AppError('BADREQUESTERROR', 357, { field: 'sector' });
          if (!callerHasCode) {
            const key = `ownership-proof:${p?.userId ?? ip}`;
            await consume(db, key, [{ windowMs: 15 * 60_000, max: 5 }]);
            if (!(await provesOwnership(commercial, account, input.proof ?? '')))
              throw new AppError('BADREQUESTERROR', 499, { field: 'proof' });
            await refund(db, key, [{ windowMs: 15 * 60_000, max: 5 }]);
          }
        }
        // The owner is the caller; an anonymous request stays anonymous whatever e-mail it names, until
        // someone proves that address (contract-requests.claim.ts).
        const owner = p?.userId ?? null;
        const uploadToken = randomBytes(24).toString('base64url');
        for (let attempt = 0; ; attempt++) {
          const requestId = requestIdFromBytes(randomBytes(10));
          try {
            return await db.transaction(async (tx) => {
              const [row] = await tx
                .insert(t)
                .values({
                  ...n,
                  requestId,
                  space,
                  userId: owner,
                  lang,
                  uploadTokenHash: hashToken(uploadToken),
                  uploadTokenExpiresAt: new Date(Date.now() + UPLOAD_TOKEN_TTL_MS),
                })
                .returning();
              await tx
                .insert(contractRequestEvents)
                .values({ requestId: row.id, kind: 'STATUS', status: 'NEW', actor: p?.userId ?? null });
              await writeTrace(tx, {
                space,
                type: 'CREATE',
                owner: p?.userId ?? null,
                module: 'contract-requests',
                section: row.sector.toLowerCase(),
                entityId: row.id,
                after: traced(row),
              });
              await tellRequester(tx, row, null, deps.publicUrl);
              return {
                requestId: formatRequestId(row.requestId),
                status: 'NEW' as const,
                createdAt: row.createdAt.toISOString(),
                uploadToken,
              };
            });
          } catch (err) {
            const constraint = uniqueConstraint(err);
            if (constraint === 'contract_requests_open_uq')
              throw new AppError('BADREQUESTERROR', 420, { field: 'clientCode' });
            if (constraint === 'contract_requests_request_id_uq' && attempt < 3) continue;
            throw err;
          }
        }
      };
      try {
        return await store();
      } catch (err) {
        if (p && err instanceof AppError && !(err instanceof ThrottledError)) await refund(db, rateKey, rate);
        throw err;
      }
    },

    /** Anonymous: progress only. Throttled per address; unknown and malformed IDs read the same (415). */
    async lookup(raw: string, ip: string) {
      await consume(db, `request-lookup:${ip}`, LOOKUP_RATE);
      const row = await byRequestId(db, raw);
      const history = await db
        .select({ status: contractRequestEvents.status, at: contractRequestEvents.at })
        .from(contractRequestEvents)
        .where(and(eq(contractRequestEvents.requestId, row.id), eq(contractRequestEvents.kind, 'STATUS')))
        .orderBy(asc(contractRequestEvents.at), asc(contractRequestEvents.id));
      return publicDto(row, history);
    },

    async receipt(raw: string, ip: string, lang: Lang) {
      await consume(db, `request-lookup:${ip}`, LOOKUP_RATE);
      const row = await byRequestId(db, raw);
      const words = CONTRACT_LABELS[lang];
      const requestId = formatRequestId(row.requestId);
      return {
        requestId,
        pdf: await renderRequestReceipt(
          {
            requestId,
            sector: words.sector[row.sector as ContractSector],
            procedure: words.procedure[row.procedureType as ProcedureType],
            status: words.status[row.status as ContractRequestStatus],
            holder: maskHolderName(row.entity ?? row.fullName),
            municipality: municipalityName(row.municipality),
            date: new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', {
              dateStyle: 'long',
              timeStyle: 'short',
              timeZone: 'America/Havana',
            }).format(row.createdAt),
            followUrl: `${deps.publicUrl}/oficina_virtual/search?id=${requestId}`,
          },
          lang,
        ).catch(() => {
          throw new AppError('BADREQUESTERROR', 460);
        }),
      };
    },

    async get(p: Principal, raw: string) {
      const { row } = await readable(p, raw);
      return detailsOf(db, row);
    },

    async search(p: Principal, q: SearchQuery) {
      const conds: (SQL | undefined)[] = [eq(t.space, p.space)];
      const view = await staffView(p);
      if (!view) conds.push(eq(t.userId, p.userId));
      else {
        for (const f of q.filters ?? []) {
          if (f.field === 'sector') {
            const wanted = [f.value, ...(Array.isArray(f.value) ? f.value : [])].flat();
            if (wanted.some((s) => typeof s === 'string' && !view.sectors.includes(s as ContractSector)))
              throw new AppError('BADREQUESTERROR', 452);
          }
          if (f.field === 'municipality' && view.scope !== null && Number(f.value) !== view.scope)
            throw new AppError('BADREQUESTERROR', 456);
        }
        if (view.sectors.length < 3) conds.push(inArray(t.sector, view.sectors));
        if (view.scope !== null) conds.push(eq(t.municipality, view.scope));
      }
      const search = q.search ? normalizeRequestId(q.search) : null;
      // A typed request ID finds that request at once (the unique index), whatever the text search says.
      const where = search
        ? and(...conds, eq(t.requestId, search))
        : searchWhere(contractRequestSearchSpec, q, and(...conds));
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(...searchOrder(contractRequestSearchSpec, q))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(t).where(where),
      ]);
      return { total, rows: rows.map(summaryDto) };
    },

    /** How many requests of each status the caller's queue holds (the same filters, status aside). */
    async counts(p: Principal, q: SearchQuery) {
      const withoutStatus = { ...q, filters: (q.filters ?? []).filter((f) => f.field !== 'status') };
      const conds: SQL[] = [eq(t.space, p.space)];
      const view = await staffView(p);
      if (!view) conds.push(eq(t.userId, p.userId));
      else {
        if (view.sectors.length < 3) conds.push(inArray(t.sector, view.sectors));
        if (view.scope !== null) conds.push(eq(t.municipality, view.scope));
      }
      const rows = await db
        .select({ status: t.status, count: count() })
        .from(t)
        .where(searchWhere(contractRequestSearchSpec, withoutStatus, and(...conds)))
        .groupBy(t.status);
      return rows.map((r) => ({ status: r.status as ContractRequestStatus, count: Number(r.count) }));
    },

    /** Staff from SIGNATURE_READY, the owner once SIGNED (461 before, or when there is nothing). */
    async contract(p: Principal, raw: string) {
      const { row, staff } = await readable(p, raw);
      const open = staff ? ['SIGNATURE_READY', 'SIGNED'].includes(row.status) : row.status === 'SIGNED';
      if (!open || !row.contractFile) throw new AppError('BADREQUESTERROR', 461);
      const pdf = await storage.get(row.contractFile);
      if (!pdf) throw new AppError('BADREQUESTERROR', 461);
      return { pdf, name: `contrato-${row.contractNumber ?? formatRequestId(row.requestId)}.pdf` };
    },

    /** Before sending: is the code usable, and (for its owner or with proof) debt and an open request. */
    async validateReq(
      p: Principal | null,
      body: { cc: string; procedureType: ProcedureType; proof?: string | null },
      ip: string,
    ) {
      const who = p?.userId ?? ip;
      const cc = normalizeClientCode(body.cc);
      if (!(await matcherOf(p?.space ?? DEFAULT_SPACE_ID)).test(cc))
        throw new AppError('BADREQUESTERROR', 430, { field: 'cc' });
      await consume(db, `code-check:${who}`, CODE_CHECK);
      await consume(db, `code-unknown:${who}`, UNKNOWN_CODE);
      const account = await commercial.findAccount(cc);
      if (!account || account.space !== (p?.space ?? DEFAULT_SPACE_ID))
        return { valid: false, active: false };
      await refund(db, `code-unknown:${who}`, UNKNOWN_CODE);
      const base = { valid: true, active: account.active, clientType: account.clientType };
      const owner = p ? await ownsCode(p.userId, cc) : false;
      const proven = !owner && body.proof ? await provesOwnership(commercial, account, body.proof) : false;
      if (!owner && !proven) return base;
      const [open] = procedureNamesCode(body.procedureType)
        ? await db
            .select({ requestId: t.requestId })
            .from(t)
            .where(
              and(
                eq(t.clientCode, cc),
                eq(t.procedureType, body.procedureType),
                sql`${t.status} not in ('SIGNED', 'ANNULLED')`,
              ),
            )
        : [];
      return {
        ...base,
        hasDebt: await hasDebt(commercial, cc),
        openRequestId: open ? formatRequestId(open.requestId) : null,
      };
    },
  };

  async function ownsCode(userId: string, cc: string) {
    const [link] = await db
      .execute<{ ok: number }>(
        sql`select 1 as ok from client_code_links where user_id = ${userId} and cc = ${cc}`,
      )
      .then((r) => r.rows);
    return Boolean(link);
  }

  return service;
}
export type ContractRequestsService = ReturnType<typeof createContractRequestsService>;

const DEFAULT_SPACE_ID = 'ahab';

function uniqueConstraint(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.cause ?? e;
  return c?.code === '23505' ? (c.constraint ?? 'unknown') : null;
}
