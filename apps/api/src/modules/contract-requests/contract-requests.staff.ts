import {
  AppError,
  annulRefusal,
  type ContractRequestStatus,
  type ContractSector,
  type ContractStaffPatch,
  formatRequestId,
  isOpenRequest,
  isStaffTransition,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import { writeTrace } from '../../lib/traces';
import type { CommercialSystem } from '../billing';
import type { RequestAccess } from './contract-requests.access';
import type { createContractIssuer } from './contract-requests.contract';
import { today } from './contract-requests.contract';
import { detailsOf as details, traced } from './contract-requests.dto';
import type { createRequesterNotice } from './contract-requests.notify';
import type { ContractRequestsRepository, RequestChanges, Row } from './contract-requests.repository';

export async function hasDebt(commercial: CommercialSystem, cc: string) {
  const debt = await commercial.getDebt(cc);
  return debt.totalDebtCents > 0;
}

export interface StaffWorkflowDeps {
  repo: ContractRequestsRepository;
  commercial: CommercialSystem;
  access: RequestAccess;
  issuer: ReturnType<typeof createContractIssuer>;
  tellRequester: ReturnType<typeof createRequesterNotice>;
}

/**
 * Moves a request from `from` to `to` in one guarded statement (WHERE status = from): the one that
 * loses a race gets 409. Records the step, traces it and tells the requester, all in `tx`.
 */
export function createMove(deps: Pick<StaffWorkflowDeps, 'repo' | 'tellRequester'>) {
  const { repo, tellRequester } = deps;
  return async function move(
    tx: Executor,
    p: Principal | null,
    before: Row,
    to: ContractRequestStatus,
    answer: string | null,
    extra: RequestChanges = {},
    version?: number,
  ) {
    const after = await repo.advance(
      tx,
      before,
      { ...extra, status: to, ...(answer ? { answer } : {}) },
      version,
    );
    if (!after) throw new AppError('CONFLICTERROR', 409, { ref: formatRequestId(before.requestId) });
    await repo.insertEvent(tx, {
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
    await tellRequester(tx, after, answer);
    return after;
  };
}

/** What staff do with a request: move it through its states, answer, annul, fill the contract's fields. */
export function createStaffWorkflow(deps: StaffWorkflowDeps) {
  const { repo, commercial, access, issuer } = deps;
  const move = createMove(deps);
  const detailsOf = (row: Row, ex?: Executor) => details(repo, row, ex);
  const { staffView, byRequestId, assertMayProcess } = access;
  const { prepareContract, applyToLedger } = issuer;

  return {
    async transition(
      p: Principal,
      raw: string,
      body: { to: ContractRequestStatus; answer?: string | null; version?: number },
    ) {
      const answer = body.answer?.trim() || null;
      // Asked before the transaction: the ledger and the caller's scope are other reads.
      const view = await staffView(p);
      const seen = await byRequestId(raw);
      // A payment agreement is about the debt: never held for it; approved or rejected on its own routes.
      const agreement = seen.procedureType === 'PAYMENT_AGREEMENT';
      const debt =
        !agreement && (body.to === 'PENDING' || body.to === 'REVIEW') && seen.clientCode
          ? await hasDebt(commercial, seen.clientCode)
          : false;
      const result = await repo.transaction(async (tx) => {
        const before = await byRequestId(raw, tx, true);
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
        if (agreement && (body.to === 'SIGNATURE_READY' || body.to === 'SIGNED'))
          throw new AppError('BADREQUESTERROR', 437);
        const to = body.to;
        // Taking a request on a code with debt, or sending it to review, asks the ledger first: with
        // debt it is held in DEBT_PENDING until the ledger says the debt is paid.
        if ((to === 'PENDING' || to === 'REVIEW') && before.clientCode && debt) {
          const pending = from === 'PENDING' ? before : await move(tx, p, before, 'PENDING', null);
          return move(tx, null, pending, 'DEBT_PENDING', answer);
        }
        let extra: RequestChanges = {};
        if (to === 'SIGNATURE_READY') extra = await prepareContract(tx, before);
        if (to === 'SIGNED') {
          if (!before.contractFile) throw new AppError('BADREQUESTERROR', 461);
          extra = { contractDate: before.contractDate ?? today() };
          extra = { ...extra, ...(await applyToLedger(tx, { ...before, ...extra } as Row)) };
        }
        return move(tx, p, before, to, answer, extra);
      });
      return detailsOf(result);
    },

    async annul(p: Principal, raw: string, body: { reason?: string | null; version?: number }) {
      const reason = body.reason?.trim();
      const view = await staffView(p);
      const result = await repo.transaction(async (tx) => {
        const before = await byRequestId(raw, tx, true);
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
      const result = await repo.transaction(async (tx) => {
        const before = await byRequestId(raw, tx, true);
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
        // The office printed on the contract is one of the offices serving the request's municipality.
        const office = blankToNull(patch.commercialOffice);
        if (office && office !== before.commercialOffice) {
          if (!(await repo.officeServes(tx, before.space, office, before.municipality)))
            throw new AppError('BADREQUESTERROR', 479, { field: 'commercialOffice' });
        }
        const set = Object.fromEntries(
          Object.entries({
            contractNumber: blankToNull(patch.contractNumber),
            policy: blankToNull(patch.policy),
            commercialOffice: blankToNull(patch.commercialOffice),
            contractPlace: blankToNull(patch.contractPlace),
            contractDate: blankToNull(patch.contractDate),
          }).filter(([, v]) => v !== undefined),
        );
        const after = await repo.updateFields(tx, before.id, set);
        await repo.insertEvent(tx, {
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

    /** The ledger decides: requests held for debt on `cc` go back to PENDING once it has none. */
    async releasePaid(cc: string | null) {
      const held = await repo.heldForDebt(cc);
      let released = 0;
      for (const row of held) {
        if (!row.clientCode || (await hasDebt(commercial, row.clientCode))) continue;
        try {
          await repo.transaction((tx) => move(tx, null, row, 'PENDING', null));
          released++;
        } catch (err) {
          if (!(err instanceof AppError && err.name === 'CONFLICTERROR')) throw err;
        }
      }
      return released;
    },
  };
}
