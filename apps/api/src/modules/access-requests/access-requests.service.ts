import { AppError, describeNotification, hasPermission, PERMISSIONS } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import type { SearchQuery } from '../../lib/search';
import { writeTrace } from '../../lib/traces';
import { createNotification, mailMessage } from '../notifications';
import { assertUuidFilters } from '../traces';
import { assertMayHandOut } from '../users';
import type { AccessRequestsRepository, AccessRequestJoined as Joined } from './access-requests.repository';

const TRACE = { module: 'access-requests', section: 'requests' } as const;
const fullName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

/**
 * Access requests are for staff (452 for a customer): the super-administrator role is never asked
 * for, only granted directly by a super-administrator (410).
 */
function assertStaff(p: Principal) {
  if (p.isCustomer && p.permissions.length === 0) throw new AppError('BADREQUESTERROR', 452);
}

export function createAccessRequestsService({ requests }: { requests: AccessRequestsRepository }) {
  function toDto(x: Joined) {
    return {
      _id: x.r.id,
      id: x.r.id,
      status: x.r.status as 'PENDING' | 'ACCEPTED' | 'REJECTED',
      justification: x.r.justification,
      reason: x.r.reason,
      createdAt: x.r.createdAt.toISOString(),
      decidedAt: x.r.decidedAt?.toISOString() ?? null,
      role: { _id: x.role.id, name: x.role.name, superAdmin: x.role.superAdmin },
      requester: { _id: x.requester.id, fullName: fullName(x.requester), email: x.requester.email },
      decidedBy: x.decider
        ? { _id: x.decider.id, fullName: fullName(x.decider), email: x.decider.email }
        : null,
    };
  }

  async function one(ex: Executor, p: Principal, id: string) {
    const x = await requests.find(p.space, id, ex);
    if (!x) throw new AppError('NOTFOUND', 415);
    return x;
  }

  /** Accept or reject: only a PENDING request (468), never one's own (452); SUPER_ADMIN only by a super-admin (410). */
  async function decide(p: Principal, id: string, status: 'ACCEPTED' | 'REJECTED', reason: string | null) {
    return requests.transaction(async (tx) => {
      const x = await one(tx, p, id);
      if (x.r.status !== 'PENDING') throw new AppError('BADREQUESTERROR', 468);
      if (x.r.requester === p.userId) throw new AppError('BADREQUESTERROR', 452);
      if (status === 'ACCEPTED') {
        if (x.role.superAdmin && !p.isSuperAdmin) throw new AppError('UNAUTHORIZEDERROR', 410);
        await assertMayHandOut(tx, p, [x.role.id]);
        await requests.grantRole(x.r.requester, x.r.roleId, tx);
        await writeTrace(tx, {
          module: 'users',
          section: 'roles',
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          entityId: x.r.requester,
          before: null,
          after: { roleGranted: x.role.name, accessRequest: id },
        });
      }
      await requests.decide(x.r.id, { status, reason, decidedBy: p.userId }, tx);
      await writeTrace(tx, {
        ...TRACE,
        space: p.space,
        type: 'UPDATE',
        owner: p.userId,
        entityId: id,
        before: { status: 'PENDING' },
        after: { status, reason },
      });
      await createNotification(tx, {
        space: p.space,
        owner: x.r.requester,
        type: 'TASK_UPDATE_STATE',
        payload: { body: { status, name: x.role.name }, kind: 'ACCESS_REQUEST', accessRequestId: id, reason },
        event: 'ACCESS_REQUEST_DECIDED',
        params: { accessRequestId: id, role: x.role.name, status, reason: reason ?? null },
      });
      const params = { role: x.role.name, status, reason: reason ?? null };
      const words = (lang: 'es' | 'en') => {
        const m = describeNotification('ACCESS_REQUEST_DECIDED', params, lang);
        return { subject: m?.title ?? '', body: m?.text ?? '' };
      };
      await mailMessage(tx, {
        to: x.requester.email,
        lang: x.requester.language,
        name: x.requester.firstName,
        kind: 'access-request-decided',
        texts: { es: words('es'), en: words('en') },
      });
      return toDto(await one(tx, p, id));
    });
  }

  return {
    /** Roles a staff member can ask for: every role of the space but the customer and super-admin roles. */
    async requestableRoles(p: Principal) {
      assertStaff(p);
      const rows = await requests.requestableRoles(p.space);
      return rows.map((r) => ({ _id: r.id, ...r }));
    },

    /** A signed-in person asks for a role: not one they hold (469), one open request per role (467). */
    async create(p: Principal, input: { roleId: string; justification: string }) {
      assertStaff(p);
      return requests.transaction(async (tx) => {
        const role = await requests.role(p.space, input.roleId, tx);
        if (!role) throw new AppError('NOTFOUND', 415);
        if (role.superAdmin) throw new AppError('UNAUTHORIZEDERROR', 410);
        if (p.roles.includes(role.name)) throw new AppError('BADREQUESTERROR', 469);
        if (await requests.hasOpenRequest(p.userId, role.id, tx)) throw new AppError('BADREQUESTERROR', 467);
        const row = await requests.insert(
          { space: p.space, requester: p.userId, roleId: role.id, justification: input.justification },
          tx,
        );
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'CREATE',
          owner: p.userId,
          entityId: row.id,
          before: null,
          after: { role: role.name, justification: input.justification, status: 'PENDING' },
        });
        return toDto(await one(tx, p, row.id));
      });
    },

    /** USER:WRITE sees every request of the space; anyone else (or `mine: true`) only their own. */
    async search(p: Principal, q: SearchQuery & { mine?: boolean }) {
      assertUuidFilters(q, ['roleId', 'requester']);
      const all = hasPermission(p.permissions, [PERMISSIONS.USER_WRITE]) && !q.mine;
      const { rows, total } = await requests.search(p.space, all ? undefined : p.userId, q);
      return { rows: rows.map(toDto), total };
    },

    accept: (p: Principal, id: string) => decide(p, id, 'ACCEPTED', null),
    reject: (p: Principal, id: string, reason: string) => decide(p, id, 'REJECTED', reason),
  };
}
export type AccessRequestsService = ReturnType<typeof createAccessRequestsService>;
