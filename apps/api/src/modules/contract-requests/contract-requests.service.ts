import {
  AppError,
  agreementLimitsOf,
  BILLING_PERIOD_MONTHS,
  CONTRACT_LABELS,
  type ContractRequestStatus,
  type ContractSector,
  clientCodeMatcher,
  DEFAULT_AGREEMENT_LIMITS,
  formatRequestId,
  maskHolderName,
  normalizeRequestId,
  type ProcedureType,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Database, Db } from '../../db/client';
import type { Lang } from '../../lib/language';
import type { SearchQuery } from '../../lib/search';
import { consume } from '../../lib/throttle';
import type { CommercialSystem } from '../billing';
import type { FileStorage } from '../files';
import type { SettingsStore } from '../settings';
import { createRequestAccess } from './contract-requests.access';
import { createAgreements } from './contract-requests.agreement';
import { createRequestAttachments } from './contract-requests.attachments';
import { createRequestClaims } from './contract-requests.claim';
import { createContractIssuer, municipalityName } from './contract-requests.contract';
import { createRequestIntake } from './contract-requests.create';
import { detailsOf, publicDto, summaryDto } from './contract-requests.dto';
import { createRequesterNotice } from './contract-requests.notify';
import { renderRequestContract, renderRequestReceipt } from './contract-requests.pdf';
import type { ContractRequestsRepository } from './contract-requests.repository';
import { createMove, createStaffWorkflow } from './contract-requests.staff';

export interface ContractRequestsDeps {
  /** Throttle counters (lib/throttle) and the users module's view of staff scope. */
  db: Db;
  /** All the SQL of contract requests (contract-requests.repository.ts). */
  repo: ContractRequestsRepository;
  /** The ledger, built once by the composition root (container.ts). */
  commercial: CommercialSystem;
  clientCodePattern: string;
  /** The settings store: client-code shape and billing period in force (the configuration's without it). */
  settings?: Pick<SettingsStore, 'get' | 'codePattern'>;
  publicUrl: string;
  /** Attachments and generated contracts (the configured store's `documents` area). */
  storage: FileStorage;
  /** Renders the contract (tests swap it to see error 460). */
  renderContract?: typeof renderRequestContract;
}

/** Lookups of request IDs per address: enough for a family, far too few to walk the ID space. */
export const LOOKUP_RATE = [{ windowMs: 15 * 60_000, max: 60 }];

/**
 * Contract requests (design §5): what customers and anonymous visitors do (here and in
 * contract-requests.create.ts), claims, attachments and the staff workflow, as one service.
 */
export function createContractRequestsService(deps: ContractRequestsDeps) {
  const { db, repo, commercial, storage } = deps;
  const fixedMatcher = clientCodeMatcher(deps.clientCodePattern);
  const matcherOf = (space: string) => deps.settings?.codePattern(space) ?? Promise.resolve(fixedMatcher);
  const billingMonthsOf = async (space: string) =>
    deps.settings ? (await deps.settings.get(space)).billingPeriodMonths : BILLING_PERIOD_MONTHS;
  const access = createRequestAccess({ db, repo });
  const { staffView, queueOf, byRequestId, readable } = access;
  const tellRequester = createRequesterNotice({ repo, publicUrl: deps.publicUrl });
  const issuer = createContractIssuer({
    repo,
    commercial,
    storage,
    publicUrl: deps.publicUrl,
    renderContract: deps.renderContract ?? renderRequestContract,
    matcherOf,
    billingMonthsOf,
  });
  const staff = createStaffWorkflow({ repo, commercial, access, issuer, tellRequester });
  const agreements = createAgreements({
    db,
    repo,
    commercial,
    access,
    storage,
    publicUrl: deps.publicUrl,
    limitsOf: async (space) =>
      deps.settings ? agreementLimitsOf(await deps.settings.get(space)) : DEFAULT_AGREEMENT_LIMITS,
    tellRequester,
    move: createMove({ repo, tellRequester }),
  });
  const attachments = createRequestAttachments({ db, repo, storage, access });
  const claims = createRequestClaims({ db, repo, access });
  const intake = createRequestIntake({ db, repo, commercial, matcherOf, tellRequester });

  return {
    ...staff,
    ...agreements,
    ...attachments,
    ...intake,
    askClaimCode: claims.askClaimCode,
    /** Claims an anonymous request with the code e-mailed to its address; answers the whole request. */
    async claim(p: Principal, raw: string, code: string) {
      return detailsOf(repo, await claims.claim(p, raw, code));
    },

    /** Anonymous: progress only. Throttled per address; unknown and malformed IDs read the same (415). */
    async lookup(raw: string, ip: string) {
      await consume(db, `request-lookup:${ip}`, LOOKUP_RATE);
      const row = await byRequestId(raw);
      return publicDto(row, await repo.statusHistory(row.id));
    },

    async receipt(raw: string, ip: string, lang: Lang) {
      await consume(db, `request-lookup:${ip}`, LOOKUP_RATE);
      const row = await byRequestId(raw);
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
      return detailsOf(repo, row);
    },

    async search(p: Principal, q: SearchQuery) {
      const view = await staffView(p);
      if (view) {
        for (const f of q.filters ?? []) {
          if (f.field === 'sector') {
            const wanted = [f.value, ...(Array.isArray(f.value) ? f.value : [])].flat();
            if (wanted.some((s) => typeof s === 'string' && !view.sectors.includes(s as ContractSector)))
              throw new AppError('BADREQUESTERROR', 452);
          }
          if (f.field === 'municipality' && view.scope !== null && Number(f.value) !== view.scope)
            throw new AppError('BADREQUESTERROR', 456);
        }
      }
      const search = q.search ? normalizeRequestId(q.search) : null;
      const { rows, total } = await repo.search(queueOf(p, view), q, search);
      return { total, rows: rows.map(summaryDto) };
    },

    /** How many requests of each status the caller's queue holds (the same filters, status aside). */
    async counts(p: Principal, q: SearchQuery) {
      const withoutStatus = { ...q, filters: (q.filters ?? []).filter((f) => f.field !== 'status') };
      const rows = await repo.countsByStatus(queueOf(p, await staffView(p)), withoutStatus);
      return rows.map((r) => ({ status: r.status as ContractRequestStatus, count: r.count }));
    },

    /**
     * Staff from SIGNATURE_READY, the owner once SIGNED (461 before, or when there is nothing); a
     * payment agreement's document once approved (642 before).
     */
    async contract(p: Principal, raw: string) {
      const { row, staff } = await readable(p, raw);
      const open = staff ? ['SIGNATURE_READY', 'SIGNED'].includes(row.status) : row.status === 'SIGNED';
      const missing = row.procedureType === 'PAYMENT_AGREEMENT' ? 642 : 461;
      if (!open || !row.contractFile) throw new AppError('BADREQUESTERROR', missing);
      const pdf = await storage.get(row.contractFile);
      if (!pdf) throw new AppError('BADREQUESTERROR', 461);
      const name =
        row.procedureType === 'PAYMENT_AGREEMENT'
          ? `convenio-${formatRequestId(row.requestId)}.pdf`
          : `contrato-${row.contractNumber ?? formatRequestId(row.requestId)}.pdf`;
      return { pdf, name };
    },
  };
}
export type ContractRequestsService = ReturnType<typeof createContractRequestsService>;

/**
 * The ledger decides when a request held for debt goes on: every invoice change announces its code
 * (`debts:<cc>`, `debts:*`), and after a lost connection every held request is looked at again.
 * Returns the unsubscribe (the container calls it on close).
 */
export function releaseWhenDebtsPaid(
  database: Pick<Database, 'onCacheInvalidation'>,
  requests: Pick<ContractRequestsService, 'releasePaid'>,
  log: { warn: (obj: object, msg: string) => void },
) {
  const release = (cc: string | null) =>
    requests.releasePaid(cc).catch((err) => log.warn({ err }, 'debt release'));
  return database.onCacheInvalidation(
    (payload) => {
      if (!payload.startsWith('debts:')) return;
      const key = payload.slice(6);
      release(key === '*' ? null : key);
    },
    () => {
      release(null);
    },
  );
}
