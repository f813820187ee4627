import {
  AppError,
  type ContractSector,
  mayProcessSector,
  normalizeRequestId,
  visibleSectors,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db, Executor } from '../../db/client';
import { loadActor } from '../users';
import type { ContractRequestsRepository, RequestQueue, Row } from './contract-requests.repository';

/** Who may read and who may process a request: its owner, or staff of its sector and municipality. */
export function createRequestAccess(deps: { db: Db; repo: ContractRequestsRepository }) {
  const { db, repo } = deps;

  /** Staff see a request when it is in one of their sectors and their municipality (if scoped). */
  async function staffView(p: Principal) {
    const sectors = visibleSectors(p.permissions);
    if (!sectors.length) return null;
    const actor = await loadActor(db, p);
    return { sectors, scope: p.isSuperAdmin ? null : actor.scopeMunicipality };
  }

  /** The requests a caller's lists read: staff their sectors (all three: no filter) and scope, others their own. */
  function queueOf(p: Principal, view: StaffView): RequestQueue {
    if (!view) return { space: p.space, owner: p.userId };
    return { space: p.space, sectors: view.sectors.length < 3 ? view.sectors : null, scope: view.scope };
  }

  /** Unscoped staff see every municipality; scoped ones only theirs. */
  const inScope = (view: { scope: number | null }, row: Row) =>
    view.scope === null || view.scope === row.municipality;

  /** The request by its ID as typed (415 when malformed or unknown); `lock` inside a transaction. */
  async function byRequestId(raw: string, ex?: Executor, lock = false) {
    const id = normalizeRequestId(raw);
    if (!id) throw new AppError('NOTFOUND', 415);
    const row = await repo.byRequestId(id, lock, ex);
    if (!row) throw new AppError('NOTFOUND', 415);
    return row;
  }

  /** The row when the caller may read it: its owner, or staff of its sector and municipality. */
  async function readable(p: Principal, raw: string): Promise<{ row: Row; staff: boolean }> {
    const row = await byRequestId(raw);
    if (row.space !== p.space) throw new AppError('NOTFOUND', 415);
    const view = await staffView(p);
    // Outside the staff member's municipality a request reads like any other they may not see.
    if (view?.sectors.includes(row.sector as ContractSector) && inScope(view, row))
      return { row, staff: true };
    // Someone else's request reads as unknown: no probing whose ID exists.
    if (row.userId !== p.userId) throw new AppError('NOTFOUND', 415);
    return { row, staff: false };
  }

  /** Staff who may act on this request (sector process permission, municipality scope). */
  type StaffView = Awaited<ReturnType<typeof staffView>>;
  function assertMayProcess(p: Principal, view: StaffView, row: Row) {
    if (row.space !== p.space) throw new AppError('NOTFOUND', 415);
    if (!view?.sectors.includes(row.sector as ContractSector) || !inScope(view, row))
      throw new AppError('NOTFOUND', 415);
    if (!mayProcessSector(p.permissions, row.sector as ContractSector))
      throw new AppError('BADREQUESTERROR', 452);
  }

  return { staffView, queueOf, byRequestId, readable, assertMayProcess };
}
export type RequestAccess = ReturnType<typeof createRequestAccess>;
