import { randomBytes } from 'node:crypto';
import {
  AppError,
  type ContractRequestInput,
  contractRequestProblems,
  formatRequestId,
  normalizeClientCode,
  normalizeContractRequest,
  type ProcedureType,
  procedureNamesCode,
  requestIdFromBytes,
  UPLOAD_TOKEN_TTL_MS,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/language';
import { consume, refund, ThrottledError } from '../../lib/throttle';
import { writeTrace } from '../../lib/traces';
import type { CommercialSystem } from '../billing';
import { provesOwnership } from '../billing';
import { hashToken } from './contract-requests.attachments';
import { traced } from './contract-requests.dto';
import type { createRequesterNotice } from './contract-requests.notify';
import type { ContractRequestsRepository } from './contract-requests.repository';
import { hasDebt } from './contract-requests.staff';

export const DEFAULT_SPACE_ID = 'ahab';

const CODE_CHECK = [{ windowMs: 15 * 60_000, max: 30 }];
const UNKNOWN_CODE = [{ windowMs: 15 * 60_000, max: 10 }];
const OWNERSHIP_PROOF = [{ windowMs: 15 * 60_000, max: 5 }];
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

export interface RequestIntakeDeps {
  /** Throttle counters (lib/throttle). */
  db: Db;
  repo: ContractRequestsRepository;
  commercial: CommercialSystem;
  /** The client-code shape in force in a space. */
  matcherOf: (space: string) => Promise<RegExp>;
  tellRequester: ReturnType<typeof createRequesterNotice>;
}

/** A request coming in: the code checked before sending, and the request stored with its first step. */
export function createRequestIntake(deps: RequestIntakeDeps) {
  const { db, repo, commercial, matcherOf, tellRequester } = deps;

  return {
    async create(p: Principal | null, input: ContractRequestInput, lang: Lang, ip: string) {
      const raw = input.clientCode ? normalizeClientCode(input.clientCode) : '';
      const callerHasCode = Boolean(p && raw && (await repo.ownsCode(p.userId, raw)));
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
      if (!(await repo.municipalityExists(n.municipality)))
        throw new AppError('BADREQUESTERROR', 414, { field: 'municipality' });
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
            await consume(db, key, OWNERSHIP_PROOF);
            if (!(await provesOwnership(commercial, account, input.proof ?? '')))
              throw new AppError('BADREQUESTERROR', 499, { field: 'proof' });
            await refund(db, key, OWNERSHIP_PROOF);
          }
        }
        // The owner is the caller; an anonymous request stays anonymous whatever e-mail it names, until
        // someone proves that address (contract-requests.claim.ts).
        const owner = p?.userId ?? null;
        const uploadToken = randomBytes(24).toString('base64url');
        for (let attempt = 0; ; attempt++) {
          const requestId = requestIdFromBytes(randomBytes(10));
          try {
            return await repo.transaction(async (tx) => {
              const row = await repo.insertRequest(tx, {
                ...n,
                requestId,
                space,
                userId: owner,
                lang,
                uploadTokenHash: hashToken(uploadToken),
                uploadTokenExpiresAt: new Date(Date.now() + UPLOAD_TOKEN_TTL_MS),
              });
              await repo.insertEvent(tx, {
                requestId: row.id,
                kind: 'STATUS',
                status: 'NEW',
                actor: p?.userId ?? null,
              });
              await writeTrace(tx, {
                space,
                type: 'CREATE',
                owner: p?.userId ?? null,
                module: 'contract-requests',
                section: row.sector.toLowerCase(),
                entityId: row.id,
                after: traced(row),
              });
              await tellRequester(tx, row, null);
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
      const owner = p ? await repo.ownsCode(p.userId, cc) : false;
      const proven = !owner && body.proof ? await provesOwnership(commercial, account, body.proof) : false;
      if (!owner && !proven) return base;
      const open = procedureNamesCode(body.procedureType)
        ? await repo.openRequestFor(cc, body.procedureType)
        : null;
      return {
        ...base,
        hasDebt: await hasDebt(commercial, cc),
        openRequestId: open ? formatRequestId(open) : null,
      };
    },
  };
}

/** The unique constraint a failed insert broke (PostgreSQL 23505), or null. */
export function uniqueConstraint(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.cause ?? e;
  return c?.code === '23505' ? (c.constraint ?? 'unknown') : null;
}
