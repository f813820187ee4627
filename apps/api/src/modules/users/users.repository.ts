import { and, count, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  accountTokens,
  refreshTokens,
  rolePermissions,
  roles,
  userCounts,
  userRoleCounts,
  userRoles,
  users,
} from '../../db/schema';
import {
  type Filter,
  keptCountWhere,
  keptTotal,
  naturalOrder,
  pageWindow,
  type SearchQuery,
  type SearchSpec,
  searchOrder,
  searchWhere,
} from '../../lib/search';

export type UserRow = typeof users.$inferSelect;
/** The columns a change of a user sets (the version and timestamps are set by the methods). */
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'version'>>;
export type NewUser = typeof users.$inferInsert;
export type RoleRow = typeof roles.$inferSelect;
export type RoleRef = { id: string; name: string; superAdmin: boolean };

export const userSearchSpec: SearchSpec = {
  searchColumns: [users.email, users.firstName, users.lastName, users.username, users.phone],
  filterFields: {
    status: users.status,
    clientType: users.clientType,
    municipality: users.municipality,
    'address.municipality': users.municipality,
    createdAt: users.createdAt,
    verified: users.verified,
  },
  sortFields: {
    createdAt: users.createdAt,
    email: users.email,
    firstName: users.firstName,
    fullName: users.firstName,
    status: users.status,
  },
  ...naturalOrder([users.createdAt, 'desc'], [users.id, 'asc']),
};

const ROLE_FILTER_FIELDS = new Set(['roles', 'role', 'roles.role._id', 'roles.role.name']);

/** The role references (ids or names) of one `roles` TERMS/TERM filter. */
function roleRefs(f: Filter): string[] {
  const raw = f.type === 'TERMS' ? f.value : [f.value];
  return (Array.isArray(raw) ? raw : []).filter((v): v is string => typeof v === 'string' && v !== '');
}

/** The space's roles a search's role filters name (by id or by name), read once per search. */
type NamedRoles = { id: string; name: string }[];
const rolesOfFilter = (f: Filter, named: NamedRoles) => {
  const refs = roleRefs(f);
  return [...new Set(named.filter((r) => refs.includes(r.id) || refs.includes(r.name)).map((r) => r.id))];
};

/**
 * `roles` TERMS/TERM filter: users holding any of the given roles. By the roles' ids (resolved
 * before), so the planner knows how many hold them: a common role walks the list's index and checks
 * each user by `user_roles`' primary key, a rare one starts from `user_roles_role_idx`.
 */
function roleCondition(f: Filter, named: NamedRoles): SQL {
  const ids = rolesOfFilter(f, named);
  if (!ids.length) return sql`false`;
  return sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role_id in ${ids})`;
}

/**
 * Live users only, unless the caller filters on status DELETED (removed users keep that status);
 * `scopeMunicipality` limits the list to the users of one municipality (a scoped staff member's).
 */
const wantsDeleted = (q: SearchQuery) =>
  q.filters.some((f) => f.field === 'status' && JSON.stringify(f.value ?? null).includes('DELETED'));

const withoutRoles = (q: SearchQuery) => ({
  ...q,
  filters: q.filters.filter((f) => !ROLE_FILTER_FIELDS.has(f.field)),
});

function userWhere(space: string, q: SearchQuery, named: NamedRoles, scopeMunicipality?: number) {
  const roleFilters = q.filters.filter((f) => ROLE_FILTER_FIELDS.has(f.field));
  const rest = withoutRoles(q);
  return searchWhere(
    userSearchSpec,
    rest,
    and(
      eq(users.space, space),
      wantsDeleted(rest) ? undefined : isNull(users.deletedAt),
      scopeMunicipality === undefined ? undefined : eq(users.municipality, scopeMunicipality),
      ...roleFilters.map((f) => roleCondition(f, named)),
    ),
  );
}

/** The kept counts' columns (migration 0029): the list's total over a million users without counting them. */
const userCountSpec: SearchSpec = {
  searchColumns: [],
  filterFields: {
    status: userCounts.status,
    clientType: userCounts.clientType,
    municipality: userCounts.municipality,
    'address.municipality': userCounts.municipality,
  },
  sortFields: {},
  defaultSort: [],
};
/** The same per role (migration 0031): the total of a role filter without counting its holders. */
const userRoleCountSpec: SearchSpec = {
  searchColumns: [],
  filterFields: {
    status: userRoleCounts.status,
    clientType: userRoleCounts.clientType,
    municipality: userRoleCounts.municipality,
    'address.municipality': userRoleCounts.municipality,
  },
  sortFields: {},
  defaultSort: [],
};

/**
 * `userWhere` over the kept counts, when they answer it exactly (no text, kept columns only, and at
 * most one role filter naming at most one role: a user holding two of the roles asked for would be
 * counted twice). The table to sum and its conditions; undefined otherwise (count the rows).
 */
function userCountWhere(space: string, q: SearchQuery, named: NamedRoles, scopeMunicipality?: number) {
  const roleFilters = q.filters.filter((f) => ROLE_FILTER_FIELDS.has(f.field));
  if (!roleFilters.length) {
    const where = keptCountWhere(
      userCountSpec,
      q,
      and(
        eq(userCounts.space, space),
        wantsDeleted(q) ? undefined : eq(userCounts.live, true),
        scopeMunicipality === undefined ? undefined : eq(userCounts.municipality, scopeMunicipality),
      ) as SQL,
    );
    return where && { column: userCounts.count, table: userCounts, where };
  }
  if (roleFilters.length > 1) return undefined;
  const ids = rolesOfFilter(roleFilters[0], named);
  if (ids.length > 1) return undefined;
  const rest = withoutRoles(q);
  const where = keptCountWhere(
    userRoleCountSpec,
    rest,
    and(
      eq(userRoleCounts.space, space),
      ids.length ? eq(userRoleCounts.roleId, ids[0]) : sql`false`,
      wantsDeleted(rest) ? undefined : eq(userRoleCounts.live, true),
      scopeMunicipality === undefined ? undefined : eq(userRoleCounts.municipality, scopeMunicipality),
    ) as SQL,
  );
  return where && { column: userRoleCounts.count, table: userRoleCounts, where };
}

/** The roles of the space that a search's role filters name (none read when it has no role filter). */
async function namedRoles(space: string, q: SearchQuery, ex: Executor): Promise<NamedRoles> {
  const refs = q.filters.filter((f) => ROLE_FILTER_FIELDS.has(f.field)).flatMap(roleRefs);
  if (!refs.length) return [];
  return ex
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.space, space), or(inArray(sql`${roles.id}::text`, refs), inArray(roles.name, refs))));
}

/** Each key's permissions from (key, superAdmin, permission) rows: a super-admin role counts as `ADMIN`. */
function heldPermissions(
  rows: { key: string; superAdmin: boolean; permission: string | null }[],
  keys: string[] = [],
): Map<string, string[]> {
  const map = new Map<string, Set<string>>(keys.map((k) => [k, new Set<string>()]));
  for (const r of rows) {
    const held = map.get(r.key) ?? new Set<string>();
    if (r.superAdmin) held.add('ADMIN');
    if (r.permission) held.add(r.permission);
    map.set(r.key, held);
  }
  return new Map([...map].map(([k, held]) => [k, [...held]]));
}

/**
 * Reads other modules make with their own executor, inside their own transactions (offices and
 * contract-requests load the actor's scope, access-requests checks the roles it hands out): the
 * same queries as the repository's methods of that name.
 */
export const usersReads = {
  /** The address of a user (where a staff member's scope is kept). */
  async addressOf(ex: Executor, userId: string): Promise<unknown> {
    const [row] = await ex.select({ address: users.address }).from(users).where(eq(users.id, userId));
    return row?.address ?? null;
  },
  /** Each role's permissions (a super-admin role counts as `ADMIN`). */
  async permissionsOfRoles(ex: Executor, roleIds: string[]): Promise<Map<string, string[]>> {
    if (!roleIds.length) return new Map();
    const rows = await ex
      .select({ key: roles.id, superAdmin: roles.superAdmin, permission: rolePermissions.permission })
      .from(roles)
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .where(inArray(roles.id, roleIds));
    return heldPermissions(rows);
  },
};

/** All the SQL of the users capability: user rows, their roles and the permissions those carry. */
export function createUsersRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    async findById(space: string, id: string, ex: Executor = db): Promise<UserRow | undefined> {
      const [u] = await ex
        .select()
        .from(users)
        .where(and(eq(users.space, space), eq(users.id, id)))
        .limit(1);
      return u;
    },

    /** A live user by e-mail or username (case-insensitive), in any space. */
    async findByLogin(login: string, ex: Executor = db): Promise<UserRow | undefined> {
      const l = login.trim().toLowerCase();
      const [u] = await ex
        .select()
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            sql`(lower(${users.email}) = ${l} or lower(${users.username}) = ${l})`,
          ),
        )
        .limit(1);
      return u;
    },

    /** The address a user asked to change to and has not confirmed yet (the newest live link). */
    async pendingEmailOf(userId: string, ex: Executor = db): Promise<string | null> {
      const [row] = await ex
        .select({ email: accountTokens.email })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, 'VERIFY_EMAIL'),
            isNull(accountTokens.usedAt),
            sql`${accountTokens.expiresAt} > now()`,
          ),
        )
        .orderBy(sql`${accountTokens.createdAt} desc`)
        .limit(1);
      return row?.email ?? null;
    },

    async rolesOf(userIds: string[], ex: Executor = db): Promise<Map<string, RoleRef[]>> {
      const map = new Map<string, RoleRef[]>();
      if (!userIds.length) return map;
      const rows = await ex
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name, superAdmin: roles.superAdmin })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, userIds));
      for (const r of rows) {
        const list = map.get(r.userId) ?? [];
        list.push({ id: r.id, name: r.name, superAdmin: r.superAdmin });
        map.set(r.userId, list);
      }
      return map;
    },

    /** One page of users and the total, with `userWhere`'s rules. */
    async search(space: string, q: SearchQuery, scopeMunicipality?: number, ex: Executor = db) {
      const named = await namedRoles(space, q, ex);
      const where = userWhere(space, q, named, scopeMunicipality);
      const { limit, offset } = pageWindow(q);
      const kept = userCountWhere(space, q, named, scopeMunicipality);
      const [rows, [{ total }]] = await Promise.all([
        ex
          .select()
          .from(users)
          .where(where)
          .orderBy(...searchOrder(userSearchSpec, q))
          .limit(limit)
          .offset(offset),
        kept
          ? ex
              .select({ total: keptTotal(kept.column) })
              .from(kept.table)
              .where(kept.where)
          : ex.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total };
    },

    /** How many users of each client type match the list's filters. */
    async countByClientType(space: string, q: SearchQuery, scopeMunicipality?: number, ex: Executor = db) {
      const named = await namedRoles(space, q, ex);
      const rows = await ex
        .select({ clientType: users.clientType, count: count() })
        .from(users)
        .where(userWhere(space, q, named, scopeMunicipality))
        .groupBy(users.clientType)
        .orderBy(users.clientType);
      return rows.map((r) => ({ clientType: r.clientType, count: Number(r.count) }));
    },

    /** The id of the live user of the space with this e-mail or username (case-insensitive), if any. */
    async liveIdWith(
      space: string,
      column: 'email' | 'username',
      value: string,
      ex: Executor = db,
    ): Promise<string | undefined> {
      const [row] = await ex
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.space, space),
            isNull(users.deletedAt),
            sql`lower(${users[column]}) = ${value.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row?.id;
    },

    /** The most recently removed user of the space with this e-mail, if any. */
    async lastRemovedWithEmail(space: string, email: string, ex: Executor = db): Promise<string | undefined> {
      const [removed] = await ex
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.space, space),
            isNotNull(users.deletedAt),
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
          ),
        )
        .orderBy(sql`${users.deletedAt} desc`)
        .limit(1);
      return removed?.id;
    },

    async insert(values: NewUser, ex: Executor = db): Promise<UserRow> {
      const [u] = await ex.insert(users).values(values).returning();
      return u;
    },

    /** Sets `changes` (the version stays: a password reset does not make forms stale). */
    async update(id: string, changes: UserChanges, ex: Executor = db): Promise<UserRow> {
      const [u] = await ex.update(users).set(changes).where(eq(users.id, id)).returning();
      return u;
    },

    /** Sets `changes` and moves the version on (what an open form's `version` is checked against). */
    async updateVersioned(id: string, changes: UserChanges, ex: Executor = db): Promise<UserRow> {
      const [u] = await ex
        .update(users)
        .set({ ...changes, version: sql`${users.version} + 1` })
        .where(eq(users.id, id))
        .returning();
      return u;
    },

    /** Ends every session of the users (password reset, block, removal). */
    async revokeSessions(userIds: string[], ex: Executor = db) {
      if (!userIds.length) return;
      await ex.update(users).set({ sessionsValidAfter: new Date() }).where(inArray(users.id, userIds));
      await ex
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(inArray(refreshTokens.userId, userIds), isNull(refreshTokens.revokedAt)));
    },

    /** The address of a user (where a staff member's scope is kept). */
    addressOf: (userId: string, ex: Executor = db) => usersReads.addressOf(ex, userId),

    // ---- roles ----

    /** The roles of the space, by name. */
    async rolesOfSpace(space: string, ex: Executor = db): Promise<RoleRow[]> {
      return ex.select().from(roles).where(eq(roles.space, space)).orderBy(roles.name);
    },

    /** Roles of the space named by id or by name. */
    async rolesByRef(space: string, refs: string[], ex: Executor = db): Promise<RoleRow[]> {
      return ex
        .select()
        .from(roles)
        .where(
          and(eq(roles.space, space), or(inArray(sql`${roles.id}::text`, refs), inArray(roles.name, refs))),
        );
    },

    /** Replaces the roles of a user by `roleIds`. */
    async setRoles(userId: string, roleIds: string[], ex: Executor = db) {
      await ex.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length) await ex.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    /** For the default USER role of a new account: no ROLE:WRITE check (callers decide). */
    async setRolesUnchecked(userId: string, list: { id: string; name: string }[], ex: Executor = db) {
      if (list.length) await ex.insert(userRoles).values(list.map((r) => ({ userId, roleId: r.id })));
      return list.map((r) => r.name).sort();
    },

    /** Each user's effective permissions (a super-admin role counts as `ADMIN`). */
    async permissionsOfUsers(ids: string[], ex: Executor = db): Promise<Map<string, string[]>> {
      if (!ids.length) return new Map();
      const rows = await ex
        .select({
          key: userRoles.userId,
          superAdmin: roles.superAdmin,
          permission: rolePermissions.permission,
        })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
        .where(inArray(userRoles.userId, ids));
      return heldPermissions(rows, ids);
    },

    /** Each role's permissions (a super-admin role counts as `ADMIN`). */
    permissionsOfRoles: (roleIds: string[], ex: Executor = db) => usersReads.permissionsOfRoles(ex, roleIds),

    /**
     * The ids of the space's active super-administrators, their rows locked until the transaction
     * ends (so two administrators locking each other at the same moment cannot both pass).
     */
    async lockActiveSuperAdmins(space: string, ex: Executor = db): Promise<string[]> {
      const rows = await ex
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.space, space),
            eq(users.status, 'ACTIVE'),
            isNull(users.deletedAt),
            sql`exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
                        where ur.user_id = ${users.id} and r.super_admin)`,
          ),
        )
        .for('update');
      return rows.map((r) => r.id);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
