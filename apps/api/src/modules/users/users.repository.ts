import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountTokens, roles, userRoles, users } from '../../db/schema';
import {
  type Filter,
  pageWindow,
  type SearchQuery,
  type SearchSpec,
  searchOrder,
  searchWhere,
} from '../../lib/search';
import type { RoleRef } from './users.dto';

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
  defaultSort: [sql`${users.createdAt} desc`, sql`${users.id} asc`],
};

const ROLE_FILTER_FIELDS = new Set(['roles', 'role', 'roles.role._id', 'roles.role.name']);

/** `roles` TERMS/TERM filter: users holding any of the given roles, by id or by name. */
function roleCondition(f: Filter): SQL {
  const raw = f.type === 'TERMS' ? f.value : [f.value];
  const list = (Array.isArray(raw) ? raw : []).filter((v): v is string => typeof v === 'string' && v !== '');
  if (!list.length) return sql`false`;
  return sql`exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
    where ur.user_id = ${users.id} and (r.id::text in ${list} or r.name in ${list}))`;
}

/** Live users only, unless the caller filters on status DELETED (removed users keep that status). */
export function userWhere(space: string, q: SearchQuery, scope?: SQL) {
  const roleFilters = q.filters.filter((f) => ROLE_FILTER_FIELDS.has(f.field));
  const rest = { ...q, filters: q.filters.filter((f) => !ROLE_FILTER_FIELDS.has(f.field)) };
  const wantsDeleted = rest.filters.some(
    (f) => f.field === 'status' && JSON.stringify(f.value ?? null).includes('DELETED'),
  );
  return searchWhere(
    userSearchSpec,
    rest,
    and(
      eq(users.space, space),
      wantsDeleted ? undefined : isNull(users.deletedAt),
      scope,
      ...roleFilters.map(roleCondition),
    ),
  );
}

export function createUsersRepository(db: Executor) {
  return {
    /** The address a user asked to change to and has not confirmed yet (the newest live link). */
    async pendingEmailOf(userId: string): Promise<string | null> {
      const [row] = await db
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
    async findByLogin(login: string) {
      const l = login.trim().toLowerCase();
      const [u] = await db
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
    async findById(space: string, id: string) {
      const [u] = await db
        .select()
        .from(users)
        .where(and(eq(users.space, space), eq(users.id, id)))
        .limit(1);
      return u;
    },
    async rolesOf(userIds: string[]): Promise<Map<string, RoleRef[]>> {
      const map = new Map<string, RoleRef[]>();
      if (!userIds.length) return map;
      const rows = await db
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
    /** For the default USER role of a new account: no ROLE:WRITE check (callers decide). */
    async setRolesUnchecked(userId: string, list: { id: string; name: string }[]) {
      if (list.length) await db.insert(userRoles).values(list.map((r) => ({ userId, roleId: r.id })));
      return list.map((r) => r.name).sort();
    },
    async search(space: string, q: SearchQuery, scope?: SQL) {
      const where = userWhere(space, q, scope);
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...searchOrder(userSearchSpec, q))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total };
    },
  };
}
