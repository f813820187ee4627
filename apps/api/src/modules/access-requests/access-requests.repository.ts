import { aliasedTable, and, count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { accessRequests, roles, userRoles, users } from '../../db/schema';
import {
  naturalOrder,
  pageWindow,
  type SearchQuery,
  type SearchSpec,
  searchOrder,
  searchWhere,
} from '../../lib/search';

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');

const spec: SearchSpec = {
  searchColumns: [
    accessRequests.justification,
    requester.email,
    requester.firstName,
    requester.lastName,
    roles.name,
  ],
  filterFields: {
    status: accessRequests.status,
    roleId: accessRequests.roleId,
    role: roles.name,
    requester: accessRequests.requester,
    createdAt: accessRequests.createdAt,
  },
  sortFields: { createdAt: accessRequests.createdAt, status: accessRequests.status },
  ...naturalOrder([accessRequests.createdAt, 'desc'], [accessRequests.id, 'asc']),
};

type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
/** A request with its role, its requester and (once decided) who decided it. */
export type AccessRequestJoined = {
  r: typeof accessRequests.$inferSelect;
  role: RoleRow;
  requester: UserRow;
  decider: UserRow | null;
};

/** Staff members' requests for a role, and the grant of the role when one is accepted. */
export function createAccessRequestsRepository(db: Db) {
  function select(ex: Executor) {
    return ex
      .select({ r: accessRequests, role: roles, requester, decider })
      .from(accessRequests)
      .innerJoin(roles, eq(roles.id, accessRequests.roleId))
      .innerJoin(requester, eq(requester.id, accessRequests.requester))
      .leftJoin(decider, eq(decider.id, accessRequests.decidedBy));
  }

  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Every role of the space but the customer and super-admin roles, by name. */
    requestableRoles(space: string, ex: Executor = db) {
      return ex
        .select({
          id: roles.id,
          name: roles.name,
          description: roles.description,
          superAdmin: roles.superAdmin,
        })
        .from(roles)
        .where(and(eq(roles.space, space), sql`${roles.name} <> 'USER'`, eq(roles.superAdmin, false)))
        .orderBy(roles.name);
    },

    /** A role of the space by id or by name. */
    async role(space: string, idOrName: string, ex: Executor = db): Promise<RoleRow | undefined> {
      const [role] = await ex
        .select()
        .from(roles)
        .where(
          and(eq(roles.space, space), sql`(${roles.id}::text = ${idOrName} or ${roles.name} = ${idOrName})`),
        );
      return role;
    },

    /** Whether the requester already has a PENDING request for the role. */
    async hasOpenRequest(requesterId: string, roleId: string, ex: Executor = db) {
      const [open] = await ex
        .select({ id: accessRequests.id })
        .from(accessRequests)
        .where(
          and(
            eq(accessRequests.requester, requesterId),
            eq(accessRequests.roleId, roleId),
            eq(accessRequests.status, 'PENDING'),
          ),
        );
      return Boolean(open);
    },

    async insert(
      values: { space: string; requester: string; roleId: string; justification: string },
      ex: Executor = db,
    ) {
      const [row] = await ex.insert(accessRequests).values(values).returning();
      return row;
    },

    /** A request of the space, joined (any id string: a malformed one is simply not found). */
    async find(space: string, id: string, ex: Executor = db): Promise<AccessRequestJoined | undefined> {
      const [x] = (await select(ex).where(
        and(eq(accessRequests.space, space), sql`${accessRequests.id}::text = ${id}`),
      )) as AccessRequestJoined[];
      return x;
    },

    /** One page of the space's requests (or of one requester's) and the total. */
    async search(space: string, requesterId: string | undefined, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(
        spec,
        q,
        and(
          eq(accessRequests.space, space),
          requesterId === undefined ? undefined : eq(accessRequests.requester, requesterId),
        ),
      );
      const { limit, offset } = pageWindow(q);
      const rows = (await select(ex)
        .where(where)
        .orderBy(...searchOrder(spec, q))
        .limit(limit)
        .offset(offset)) as AccessRequestJoined[];
      const [{ total }] = await ex
        .select({ total: count() })
        .from(accessRequests)
        .innerJoin(roles, eq(roles.id, accessRequests.roleId))
        .innerJoin(requester, eq(requester.id, accessRequests.requester))
        .where(where);
      return { rows, total };
    },

    /** Gives the user the role (nothing when they already hold it). */
    async grantRole(userId: string, roleId: string, ex: Executor = db) {
      await ex.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
    },

    async decide(
      id: string,
      decision: { status: 'ACCEPTED' | 'REJECTED'; reason: string | null; decidedBy: string },
      ex: Executor = db,
    ) {
      await ex
        .update(accessRequests)
        .set({ ...decision, decidedAt: new Date() })
        .where(eq(accessRequests.id, id));
    },
  };
}
export type AccessRequestsRepository = ReturnType<typeof createAccessRequestsRepository>;
