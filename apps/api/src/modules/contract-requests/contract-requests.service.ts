import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  annulRefusal,
  BILLING_PERIOD_MONTHS,
  CONTRACT_LABELS,
  type ContractRequestInput,
  type ContractRequestStatus,
  type ContractSector,
  type ContractStaffPatch,
  clientCodeMatcher,
  contractRequestProblems,
  findMunicipality,
  formatRequestId,
  isOpenRequest,
  isStaffTransition,
  maskHolderName,
  mayProcessSector,
  normalizeClientCode,
  normalizeContractRequest,
  normalizeRequestId,
  type ProcedureType,
  procedureCreatesAccount,
  procedureNamesCode,
  requestIdFromBytes,
  UPLOAD_TOKEN_TTL_MS,
  visibleSectors,
} from '@ov/domain';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  accounts,
  billingDocuments,
  contractModels,
  contractRequestAttachments,
  contractRequestEvents,
  contractRequests,
  municipalities,
  users,
} from '../../db/schema';
import type { Lang } from '../../lib/language';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';
import { consume, refund } from '../../lib/throttle';
import { writeTrace } from '../../lib/traces';
import type { Principal } from '../../plugins/access';
import { provesOwnership } from '../billing/billing.service';
import type { CommercialSystem } from '../billing/commercial-system';
import { formatAddress } from '../billing/ledger.mappers';
import type { FileStorage } from '../files/storage';
import { mailMessage } from '../notifications/notifications.mail';
import { createNotification } from '../notifications/notifications.service';
import type { SettingsStore } from '../settings/settings.store';
import { loadActor } from '../users/users.admin.support';
import {
  type ContractModel,
  DEFAULT_CONTRACT_MODELS,
  renderRequestContract,
  renderRequestReceipt,
} from './contract-requests.pdf';

type Row = typeof contractRequests.$inferSelect;
const t = contractRequests;

export const contractRequestSearchSpec: SearchSpec = {
  searchColumns: [t.fullName, t.entity, t.clientCode, t.requestId],
  filterFields: {
    sector: t.sector,
    status: t.status,
    municipality: t.municipality,
    procedureType: t.procedureType,
    createdAt: t.createdAt,
  },
  sortFields: { createdAt: t.createdAt, updatedAt: t.updatedAt, status: t.status, fullName: t.fullName },
  // The oldest first: who has waited longest is served first.
  defaultSort: [asc(t.createdAt), asc(t.id)],
};

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const municipalityName = (pk: number) => findMunicipality(pk)?.municipio ?? String(pk);
const today = () => new Date().toISOString().slice(0, 10);

/** What anyone holding the request ID may see: the progress, nothing personal. */
function publicDto(r: Row, history: { status: string; at: Date }[]) {
  return {
    requestId: formatRequestId(r.requestId),
    status: r.status as ContractRequestStatus,
    sector: r.sector as ContractSector,
    procedureType: r.procedureType as ProcedureType,
    municipality: r.municipality,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    history: history.map((h) => ({ status: h.status as ContractRequestStatus, at: h.at.toISOString() })),
  };
}

/** A row of a list (queues and "Mis solicitudes"). */
export function summaryDto(r: Row) {
  return {
    _id: r.id,
    requestId: formatRequestId(r.requestId),
    status: r.status as ContractRequestStatus,
    sector: r.sector as ContractSector,
    procedureType: r.procedureType as ProcedureType,
    fullName: r.fullName,
    entity: r.entity,
    municipality: r.municipality,
    clientCode: r.clientCode,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function fullDto(
  r: Row,
  events: (typeof contractRequestEvents.$inferSelect)[],
  attachments: (typeof contractRequestAttachments.$inferSelect)[],
) {
  return {
    ...summaryDto(r),
    owned: r.userId !== null,
    nationalId: r.nationalId,
    entityCode: r.entityCode,
    phone: r.phone,
    email: r.email,
    popularCouncil: r.popularCouncil,
    address: { street: r.street, number: r.number, between1: r.between1, between2: r.between2 },
    reason: r.reason,
    nucleusPeople: r.nucleusPeople,
    metered: r.metered,
    hydrometerNumber: r.hydrometerNumber,
    connectionRequestNumber: r.connectionRequestNumber,
    legalRepresentative: r.legalRepresentative,
    bankAccount: r.bankAccount,
    owner: r.owner,
    contractNumber: r.contractNumber,
    policy: r.policy,
    commercialOffice: r.commercialOffice,
    contractPlace: r.contractPlace,
    contractDate: r.contractDate,
    answer: r.answer,
    annulReason: r.annulReason,
    newClientCode: r.newClientCode,
    contractCode: r.contractCode,
    hasContract: r.contractFile !== null,
    lang: r.lang,
    version: r.version,
    history: events.map((e) => ({
      kind: e.kind,
      status: e.status as ContractRequestStatus,
      answer: e.answer,
      at: e.at.toISOString(),
    })),
    attachments: attachments.map((a) => ({
      _id: a.id,
      kind: a.kind,
      contentType: a.contentType,
      fileName: a.fileName,
      bytes: a.bytes,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
export type ContractRequestDto = ReturnType<typeof fullDto>;

const traced = ({ uploadTokenHash: _h, uploadTokenExpiresAt: _e, contractFile: _f, ...rest }: Row) => rest;

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
const CREATE_RATE = [{ windowMs: 3600_000, max: 10 }];

export function createContractRequestsService(deps: ContractRequestsDeps) {
  const { db, commercial, storage } = deps;
  const fixedMatcher = clientCodeMatcher(deps.clientCodePattern);
  const matcherOf = (space: string) => deps.settings?.codePattern(space) ?? Promise.resolve(fixedMatcher);
  const billingMonthsOf = async (space: string) =>
    deps.settings ? (await deps.settings.get(space)).billingPeriodMonths : BILLING_PERIOD_MONTHS;
  const renderContract = deps.renderContract ?? renderRequestContract;

  /** Staff see a request when it is in one of their sectors and their municipality (if scoped). */
  async function staffView(p: Principal) {
    const sectors = visibleSectors(p.permissions);
    if (!sectors.length) return null;
    const actor = await loadActor(db, p);
    return { sectors, scope: p.isSuperAdmin ? null : actor.scopeMunicipality };
  }

  async function byRequestId(ex: Executor, raw: string, lock = false) {
    const id = normalizeRequestId(raw);
    if (!id) throw new AppError('NOTFOUND', 415);
    const q = ex.select().from(t).where(eq(t.requestId, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError('NOTFOUND', 415);
    return row;
  }

  /** The row when the caller may read it: its owner, or staff of its sector and municipality. */
  async function readable(p: Principal, raw: string): Promise<{ row: Row; staff: boolean }> {
    const row = await byRequestId(db, raw);
    if (row.space !== p.space) throw new AppError('NOTFOUND', 415);
    const view = await staffView(p);
    if (view?.sectors.includes(row.sector as ContractSector)) {
      if (view.scope !== null && view.scope !== row.municipality) throw new AppError('BADREQUESTERROR', 456);
      return { row, staff: true };
    }
    // Someone else's request reads as unknown: no probing whose ID exists.
    if (row.userId !== p.userId) throw new AppError('NOTFOUND', 415);
    return { row, staff: false };
  }

  /** Staff who may act on this request (sector process permission, municipality scope). */
  type StaffView = Awaited<ReturnType<typeof staffView>>;
  function assertMayProcess(p: Principal, view: StaffView, row: Row) {
    if (row.space !== p.space) throw new AppError('NOTFOUND', 415);
    if (!view?.sectors.includes(row.sector as ContractSector)) throw new AppError('NOTFOUND', 415);
    if (!mayProcessSector(p.permissions, row.sector as ContractSector))
      throw new AppError('BADREQUESTERROR', 452);
    if (view.scope !== null && view.scope !== row.municipality) throw new AppError('BADREQUESTERROR', 456);
  }

  async function detailsOf(row: Row, ex: Executor = db) {
    const [events, files] = await Promise.all([
      ex
        .select()
        .from(contractRequestEvents)
        .where(eq(contractRequestEvents.requestId, row.id))
        .orderBy(asc(contractRequestEvents.at), asc(contractRequestEvents.id)),
      ex
        .select()
        .from(contractRequestAttachments)
        .where(eq(contractRequestAttachments.requestId, row.id))
        .orderBy(asc(contractRequestAttachments.createdAt)),
    ]);
    return fullDto(row, events, files);
  }

  /** Tells the requester: the drawer (when the request has an owner) and an e-mail (when known). */
  async function tell(tx: Executor, row: Row, answer: string | null) {
    const requestId = formatRequestId(row.requestId);
    const status = row.status as ContractRequestStatus;
    if (row.userId) {
      await createNotification(tx, {
        space: row.space,
        owner: row.userId,
        type: 'TASK_UPDATE_STATE',
        payload: { body: { status, name: requestId }, requestId, kind: 'CONTRACT_REQUEST' },
        event: 'CONTRACT_REQUEST_STATUS',
        params: { requestId, status },
      });
    }
    let to = row.email;
    let name: string | null = row.fullName;
    if (!to && row.userId) {
      const [u] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, row.userId));
      to = u?.email ?? null;
      name = u?.firstName ?? name;
    }
    if (!to) return;
    const link = `${deps.publicUrl}/oficina_virtual/search?id=${requestId}`;
    const words = (lang: 'es' | 'en') => CONTRACT_LABELS[lang];
    const es = words('es');
    const en = words('en');
    const proc = row.procedureType as ProcedureType;
    await mailMessage(tx, {
      to,
      lang: row.lang,
      name,
      kind: status === 'NEW' ? 'contract-request-received' : 'contract-request-status',
      texts: {
        es: {
          subject:
            status === 'NEW'
              ? `Recibimos su solicitud ${requestId}`
              : `Su solicitud ${requestId}: ${es.status[status]}`,
          body: [
            status === 'NEW'
              ? `Recibimos su solicitud de ${es.procedure[proc].toLowerCase()}. Su número de solicitud es ${requestId}.`
              : `Su solicitud ${requestId} (${es.procedure[proc].toLowerCase()}) está ahora: ${es.status[status]}.`,
            answer ? `Respuesta de la oficina comercial: ${answer}` : '',
            `Consulte el estado en ${link}`,
            status === 'NEW'
              ? `Comprobante en PDF: ${deps.publicUrl}/api/contract-requests/lookup/${requestId}/receipt.pdf`
              : '',
          ]
            .filter(Boolean)
            .join('\n\n'),
        },
        en: {
          subject:
            status === 'NEW'
              ? `We received your request ${requestId}`
              : `Your request ${requestId}: ${en.status[status]}`,
          body: [
            status === 'NEW'
              ? `We received your ${en.procedure[proc].toLowerCase()} request. Your request number is ${requestId}.`
              : `Your request ${requestId} (${en.procedure[proc].toLowerCase()}) is now: ${en.status[status]}.`,
            answer ? `Answer from the commercial office: ${answer}` : '',
            `Check its status at ${link}`,
            status === 'NEW'
              ? `PDF receipt: ${deps.publicUrl}/api/contract-requests/lookup/${requestId}/receipt.pdf`
              : '',
          ]
            .filter(Boolean)
            .join('\n\n'),
        },
      },
    });
  }

  async function hasDebt(cc: string) {
    const debt = await commercial.getDebt(cc);
    return debt.totalDebtCents > 0;
  }

  /**
   * Moves a request from `from` to `to` in one guarded statement (WHERE status = from): the one that
   * loses a race gets 409. Records the step, traces it and tells the requester, all in `tx`.
   */
  async function move(
    tx: Executor,
    p: Principal | null,
    before: Row,
    to: ContractRequestStatus,
    answer: string | null,
    extra: Partial<typeof t.$inferInsert> = {},
    version?: number,
  ) {
    const conds = [eq(t.id, before.id), eq(t.status, before.status)];
    if (version !== undefined) conds.push(eq(t.version, version));
    const [after] = await tx
      .update(t)
      .set({
        ...extra,
        status: to,
        ...(answer ? { answer } : {}),
        version: sql`${t.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(...conds))
      .returning();
    if (!after) throw new AppError('CONFLICTERROR', 409, { ref: formatRequestId(before.requestId) });
    await tx.insert(contractRequestEvents).values({
      requestId: before.id,
      kind: before.status === to ? 'ANSWER' : 'STATUS',
      status: to,
      actor: p?.userId ?? null,
      answer,
    });
    await writeTrace(tx, {
      space: before.space,
      type: 'UPDATE',
      owner: p?.userId ?? null,
      module: 'contract-requests',
      section: before.sector.toLowerCase(),
      entityId: before.id,
      before: traced(before),
      after: traced(after),
    });
    await tell(tx, after, answer);
    return after;
  }

  async function modelOf(ex: Executor, space: string, sector: string): Promise<ContractModel> {
    const [m] = await ex
      .select()
      .from(contractModels)
      .where(and(eq(contractModels.space, space), eq(contractModels.sector, sector)));
    if (!m) throw new AppError('BADREQUESTERROR', 459);
    return { title: m.title, clauses: m.clauses, tariffBasis: m.tariffBasis };
  }

  /** A new client code in the configured shape: digits, the municipality first (retried on a clash). */
  async function newClientCode(ex: Executor, space: string, municipality: number) {
    const matcher = await matcherOf(space);
    for (let i = 0; i < 20; i++) {
      const digits = [...randomBytes(8)].map((b) => String(b % 10)).join('');
      const cc = `${String(municipality).padStart(2, '0')}${digits}`;
      if (!matcher.test(cc)) continue;
      const [taken] = await ex.select({ cc: accounts.cc }).from(accounts).where(eq(accounts.cc, cc));
      const [reserved] = await ex.select({ id: t.id }).from(t).where(eq(t.newClientCode, cc));
      if (!taken && !reserved) return cc;
    }
    throw new AppError('BADREQUESTERROR', 460);
  }

  /** At SIGNATURE_READY: numbers, office, place and date settled, and the contract PDF stored. */
  async function prepareContract(tx: Executor, row: Row) {
    if (!row.commercialOffice) throw new AppError('BADREQUESTERROR', 425);
    if (!row.contractPlace) throw new AppError('BADREQUESTERROR', 426);
    const model = await modelOf(tx, row.space, row.sector);
    const year = new Date().getFullYear();
    const serial = row.requestId.slice(0, 6);
    const contractNumber = row.contractNumber ?? `C-${year}-${serial}`;
    const policy = row.policy ?? `P-${row.municipality}-${serial}`;
    const clientCode =
      procedureCreatesAccount(row.procedureType as ProcedureType) && !row.newClientCode
        ? await newClientCode(tx, row.space, row.municipality)
        : (row.newClientCode ?? row.clientCode);
    const code = [...randomBytes(16)]
      .map((b) => BASE32[b % 32])
      .join('')
      .match(/.{4}/g)!
      .join('-');
    const date = row.contractDate ?? today();
    const lang: Lang = row.lang === 'en' ? 'en' : 'es';
    let pdf: Buffer;
    try {
      pdf = await renderContract(
        {
          model,
          requestId: formatRequestId(row.requestId),
          contractNumber,
          policy,
          clientCode,
          clientName: row.owner && row.procedureType === 'OWNER_CHANGE' ? row.owner : row.fullName,
          nationalId: row.nationalId,
          entity: row.entity,
          entityCode: row.entityCode,
          legalRepresentative: row.legalRepresentative,
          bankAccount: row.bankAccount,
          address: formatAddress({
            street: row.street,
            number: row.number,
            betweenStreets: `${row.between1} y ${row.between2}`,
          }),
          municipality: municipalityName(row.municipality),
          commercialOffice: row.commercialOffice,
          nucleusPeople: row.nucleusPeople,
          hydrometerNumber: row.hydrometerNumber,
          billingPeriodMonths: await billingMonthsOf(row.space),
          place: row.contractPlace,
          date: new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' }).format(
            new Date(`${date}T12:00:00Z`),
          ),
          verificationCode: code,
          verifyUrl: `${deps.publicUrl}/api/ahab-requests/verify-document/${code}`,
        },
        lang,
      );
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('BADREQUESTERROR', 460);
    }
    const file = `${randomUUID()}.pdf`;
    await storage.put(file, pdf, tx);
    await tx.insert(billingDocuments).values({
      code,
      kind: 'CONTRACT',
      cc: clientCode ?? formatRequestId(row.requestId),
      subject: `${contractNumber} · ${formatRequestId(row.requestId)}`,
      amountCents: null,
    });
    return {
      contractNumber,
      policy,
      contractDate: date,
      contractCode: code,
      contractFile: file,
      newClientCode: procedureCreatesAccount(row.procedureType as ProcedureType) ? clientCode : null,
    };
  }

  /** At SIGNED: what the contract changes in the ledger. */
  async function applyToLedger(tx: Executor, row: Row) {
    const proc = row.procedureType as ProcedureType;
    if (procedureCreatesAccount(proc) && row.newClientCode) {
      await tx
        .insert(accounts)
        .values({
          cc: row.newClientCode,
          space: row.space,
          holderName: row.entity ?? row.fullName,
          clientType: row.sector,
          street: row.street,
          number: row.number,
          betweenStreets: `${row.between1} y ${row.between2}`,
          municipality: row.municipality,
          popularCouncil: row.popularCouncil,
          commercialOffice: row.commercialOffice ?? '',
          policy: row.policy,
          contractNumber: row.contractNumber,
          nucleusPeople: row.nucleusPeople ?? 1,
          metered: row.metered,
        })
        .onConflictDoNothing();
      return;
    }
    if (!row.clientCode) return;
    const set: Partial<typeof accounts.$inferInsert> =
      proc === 'OWNER_CHANGE' && row.owner
        ? { holderName: row.owner, contractNumber: row.contractNumber, policy: row.policy }
        : proc === 'CANCEL_CONTRACT'
          ? { active: false }
          : proc === 'METER_INSTALLATION'
            ? { metered: true }
            : { ...(row.nucleusPeople ? { nucleusPeople: row.nucleusPeople } : {}) };
    if (Object.keys(set).length) await tx.update(accounts).set(set).where(eq(accounts.cc, row.clientCode));
  }

  const service = {
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
      if (!p) await consume(db, `contract-request:${ip}`, CREATE_RATE);
      if (n.clientCode) {
        const account = await commercial.findAccount(n.clientCode);
        if (!account || account.space !== space || !account.active)
          throw new AppError('BADREQUESTERROR', 430, { field: 'clientCode' });
        if (account.clientType !== n.sector) throw new AppError('BADREQUESTERROR', 357, { field: 'sector' });
        if (!callerHasCode) {
          const key = `ownership-proof:${p?.userId ?? ip}`;
          await consume(db, key, [{ windowMs: 15 * 60_000, max: 5 }]);
          if (!(await provesOwnership(commercial, account, input.proof ?? '')))
            throw new AppError('BADREQUESTERROR', 499, { field: 'proof' });
          await refund(db, key, [{ windowMs: 15 * 60_000, max: 5 }]);
        }
      }
      // The owner: the caller, or the verified account of the e-mail given (attached at once).
      let owner = p?.userId ?? null;
      if (!owner && n.email) {
        const [u] = await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.space, space),
              sql`lower(${users.email}) = ${n.email}`,
              eq(users.verified, true),
              isNull(users.deletedAt),
            ),
          );
        owner = u?.id ?? null;
      }
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
            await tell(tx, row, null);
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
      return detailsOf(row);
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

    async transition(
      p: Principal,
      raw: string,
      body: { to: ContractRequestStatus; answer?: string | null; version?: number },
    ) {
      const answer = body.answer?.trim() || null;
      // Asked before the transaction: the ledger and the caller's scope are other reads.
      const view = await staffView(p);
      const seen = await byRequestId(db, raw);
      const debt =
        (body.to === 'PENDING' || body.to === 'REVIEW') && seen.clientCode
          ? await hasDebt(seen.clientCode)
          : false;
      const result = await db.transaction(async (tx) => {
        const before = await byRequestId(tx, raw, true);
        assertMayProcess(p, view, before);
        if (before.status === 'ANNULLED') throw new AppError('BADREQUESTERROR', 432);
        if (body.version !== undefined && body.version !== before.version)
          throw new AppError('CONFLICTERROR', 409, {
            ref: formatRequestId(before.requestId),
            current: await detailsOf(before, tx),
          });
        const from = before.status as ContractRequestStatus;
        // An answer without a move: the request stays where it is.
        if (body.to === from) {
          if (!answer || !isOpenRequest(from)) throw new AppError('BADREQUESTERROR', 437);
          return move(tx, p, before, from, answer);
        }
        if (!isStaffTransition(from, body.to)) throw new AppError('BADREQUESTERROR', 437);
        const to = body.to;
        // Taking a request on a code with debt, or sending it to review, asks the ledger first: with
        // debt it is held in DEBT_PENDING until the ledger says the debt is paid.
        if ((to === 'PENDING' || to === 'REVIEW') && before.clientCode && debt) {
          const pending = from === 'PENDING' ? before : await move(tx, p, before, 'PENDING', null);
          return move(tx, null, pending, 'DEBT_PENDING', answer);
        }
        let extra: Partial<typeof t.$inferInsert> = {};
        if (to === 'SIGNATURE_READY') extra = await prepareContract(tx, before);
        if (to === 'SIGNED') {
          if (!before.contractFile) throw new AppError('BADREQUESTERROR', 461);
          extra = { contractDate: before.contractDate ?? today() };
          await applyToLedger(tx, { ...before, ...extra } as Row);
        }
        return move(tx, p, before, to, answer, extra);
      });
      return detailsOf(result);
    },

    async annul(p: Principal, raw: string, body: { reason?: string | null; version?: number }) {
      const reason = body.reason?.trim();
      const view = await staffView(p);
      const result = await db.transaction(async (tx) => {
        const before = await byRequestId(tx, raw, true);
        assertMayProcess(p, view, before);
        if (!reason) throw new AppError('BADREQUESTERROR', 454);
        const refusal = annulRefusal(before.sector as ContractSector, before.status as ContractRequestStatus);
        if (refusal) throw new AppError('BADREQUESTERROR', refusal);
        if (body.version !== undefined && body.version !== before.version)
          throw new AppError('CONFLICTERROR', 409, {
            ref: formatRequestId(before.requestId),
            current: await detailsOf(before, tx),
          });
        return move(tx, p, before, 'ANNULLED', reason, { annulReason: reason });
      });
      return detailsOf(result);
    },

    async patch(p: Principal, raw: string, patch: ContractStaffPatch) {
      const view = await staffView(p);
      const result = await db.transaction(async (tx) => {
        const before = await byRequestId(tx, raw, true);
        assertMayProcess(p, view, before);
        if (before.status === 'ANNULLED') throw new AppError('BADREQUESTERROR', 432);
        if (before.status === 'SIGNED') throw new AppError('BADREQUESTERROR', 437);
        if (before.version !== patch.version && !patch.force)
          throw new AppError('CONFLICTERROR', 409, {
            ref: formatRequestId(before.requestId),
            current: await detailsOf(before, tx),
          });
        if (patch.contractDate) {
          const d = new Date(`${patch.contractDate}T12:00:00Z`);
          const created = before.createdAt.toISOString().slice(0, 10);
          if (Number.isNaN(d.getTime()) || patch.contractDate < created)
            throw new AppError('BADREQUESTERROR', 427, { field: 'contractDate' });
        }
        const blankToNull = (v: string | null | undefined) =>
          v === undefined ? undefined : v?.trim() || null;
        const set = Object.fromEntries(
          Object.entries({
            contractNumber: blankToNull(patch.contractNumber),
            policy: blankToNull(patch.policy),
            commercialOffice: blankToNull(patch.commercialOffice),
            contractPlace: blankToNull(patch.contractPlace),
            contractDate: blankToNull(patch.contractDate),
          }).filter(([, v]) => v !== undefined),
        );
        const [after] = await tx
          .update(t)
          .set({ ...set, version: sql`${t.version} + 1`, updatedAt: new Date() })
          .where(eq(t.id, before.id))
          .returning();
        await tx.insert(contractRequestEvents).values({
          requestId: before.id,
          kind: 'FIELDS',
          status: before.status,
          actor: p.userId,
        });
        await writeTrace(tx, {
          space: before.space,
          type: 'UPDATE',
          owner: p.userId,
          module: 'contract-requests',
          section: before.sector.toLowerCase(),
          entityId: before.id,
          before: traced(before),
          after: traced(after),
        });
        return after;
      });
      return detailsOf(result);
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
        hasDebt: await hasDebt(cc),
        openRequestId: open ? formatRequestId(open.requestId) : null,
      };
    },

    /** Attaches a file: the owner signed in, or anyone with the creation's upload token (one hour). */
    async attach(
      p: Principal | null,
      raw: string,
      token: string | undefined,
      file: { kind: string; fileName: string; contentType: string; bytes: Buffer },
    ) {
      const row = await byRequestId(db, raw);
      const byOwner = p && row.userId === p.userId;
      if (!byOwner) {
        const valid =
          token &&
          row.uploadTokenHash &&
          row.uploadTokenExpiresAt &&
          row.uploadTokenExpiresAt.getTime() > Date.now() &&
          timingSafeEqual(Buffer.from(hashToken(token)), Buffer.from(row.uploadTokenHash));
        if (!valid) throw new AppError('BADREQUESTERROR', 438);
      }
      if (!isOpenRequest(row.status as ContractRequestStatus))
        throw new AppError('BADREQUESTERROR', row.status === 'ANNULLED' ? 432 : 437);
      const id = randomUUID();
      const name = `${id}.${file.contentType === 'application/pdf' ? 'pdf' : 'webp'}`;
      return db.transaction(async (tx) => {
        // Count under the request's lock: two uploads at once cannot both be the fifth.
        await tx.select({ id: t.id }).from(t).where(eq(t.id, row.id)).for('update');
        const [{ n }] = await tx
          .select({ n: count() })
          .from(contractRequestAttachments)
          .where(eq(contractRequestAttachments.requestId, row.id));
        if (Number(n) >= 5) throw new AppError('BADREQUESTERROR', 442);
        await storage.put(name, file.bytes, tx);
        const [a] = await tx
          .insert(contractRequestAttachments)
          .values({
            id,
            requestId: row.id,
            kind: file.kind,
            contentType: file.contentType,
            fileName: file.fileName,
            bytes: file.bytes.length,
          })
          .returning();
        await tx.insert(contractRequestEvents).values({
          requestId: row.id,
          kind: 'ATTACHMENT',
          status: row.status,
          actor: p?.userId ?? null,
        });
        return {
          _id: a.id,
          kind: a.kind,
          contentType: a.contentType,
          fileName: a.fileName,
          bytes: a.bytes,
          createdAt: a.createdAt.toISOString(),
        };
      });
    },

    async attachment(p: Principal, raw: string, attachmentId: string) {
      const { row } = await readable(p, raw);
      const [a] = await db
        .select()
        .from(contractRequestAttachments)
        .where(
          and(
            eq(contractRequestAttachments.id, attachmentId),
            eq(contractRequestAttachments.requestId, row.id),
          ),
        );
      if (!a) throw new AppError('NOTFOUND', 415);
      const bytes = await storage.get(`${a.id}.${a.contentType === 'application/pdf' ? 'pdf' : 'webp'}`);
      if (!bytes) throw new AppError('NOTFOUND', 415);
      return { bytes, contentType: a.contentType, fileName: a.fileName };
    },

    /** The ledger decides: requests held for debt on `cc` go back to PENDING once it has none. */
    async releasePaid(cc: string | null) {
      const held = await db
        .select()
        .from(t)
        .where(and(eq(t.status, 'DEBT_PENDING'), cc ? eq(t.clientCode, cc) : undefined))
        .limit(500);
      let released = 0;
      for (const row of held) {
        if (!row.clientCode || (await hasDebt(row.clientCode))) continue;
        try {
          await db.transaction((tx) => move(tx, null, row, 'PENDING', null));
          released++;
        } catch (err) {
          if (!(err instanceof AppError && err.name === 'CONFLICTERROR')) throw err;
        }
      }
      return released;
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

/** A verified e-mail takes the requests made anonymously with it (called where an e-mail is verified). */
export async function claimRequestsByEmail(ex: Executor, userId: string, email: string) {
  await ex
    .update(contractRequests)
    .set({ userId })
    .where(
      and(isNull(contractRequests.userId), sql`${contractRequests.email} = ${email.trim().toLowerCase()}`),
    );
}

/** Each sector's default contract model, for a space that has none (idempotent). */
export async function ensureContractModels(ex: Executor, space: string) {
  await ex
    .insert(contractModels)
    .values(
      Object.entries(DEFAULT_CONTRACT_MODELS).map(([sector, m]) => ({
        space,
        sector,
        title: m.title,
        clauses: m.clauses,
        tariffBasis: m.tariffBasis,
      })),
    )
    .onConflictDoNothing();
}
