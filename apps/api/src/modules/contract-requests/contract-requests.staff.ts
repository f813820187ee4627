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
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db, Executor } from '../../db/client';
import { commercialOffices, contractRequestEvents, contractRequests } from '../../db/schema';
import { writeTrace } from '../../lib/traces';
import type { CommercialSystem } from '../billing';
import type { RequestAccess } from './contract-requests.access';
import type { createContractIssuer } from './contract-requests.contract';
import { today } from './contract-requests.contract';
import { detailsOf, type Row, traced } from './contract-requests.dto';
import { tellRequester } from './contract-requests.notify';

const t = contractRequests;

export async function hasDebt(commercial: CommercialSystem, cc: string) {
  const debt = await commercial.getDebt(cc);
  return debt.totalDebtCents > 0;
}

export interface StaffWorkflowDeps {
  db: Db;
  commercial: CommercialSystem;
  publicUrl: string;
  access: RequestAccess;
  issuer: ReturnType<typeof createContractIssuer>;
}

/** What staff do with a request: move it through its states, answer, annul, fill the contract's fields. */
export function createStaffWorkflow(deps: StaffWorkflowDeps) {
  const { db, commercial, access, issuer } = deps;
  const { staffView, byRequestId, assertMayProcess } = access;
  const { prepareContract, applyToLedger } = issuer;

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
    await tellRequester(tx, after, answer, deps.publicUrl);
    return after;
  }

  return {
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
          ? await hasDebt(commercial, seen.clientCode)
          : false;
      const result = await db.transaction(async (tx) => {
        const before = await byRequestId(tx, raw, true);
        assertMayProcess(p, view, before);
        if (before.status === 'ANNULLED') throw new AppError('BADREQUESTERROR', 432);
        if (body.version !== undefined && body.version !== before.version)
          throw new AppError('CONFLICTERROR', 409, {
            ref: formatRequestId(before.requestId),
            current: await detailsOf(tx, before),
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
      return detailsOf(db, result);
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
            current: await detailsOf(tx, before),
          });
        return move(tx, p, before, 'ANNULLED', reason, { annulReason: reason });
      });
      return detailsOf(db, result);
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
            current: await detailsOf(tx, before),
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
          const [known] = await tx
            .select({ id: commercialOffices.id })
            .from(commercialOffices)
            .where(
              and(
                eq(commercialOffices.space, before.space),
                eq(commercialOffices.name, office),
                sql`${before.municipality} = any(${commercialOffices.serves})`,
              ),
            )
            .limit(1);
          if (!known) throw new AppError('BADREQUESTERROR', 479, { field: 'commercialOffice' });
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
      return detailsOf(db, result);
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
        if (!row.clientCode || (await hasDebt(commercial, row.clientCode))) continue;
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
}
