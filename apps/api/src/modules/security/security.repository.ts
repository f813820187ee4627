import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rolePermissions, roles, userRoles } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';

export type RoleRow = typeof roles.$inferSelect;
export type RoleChanges = Partial<Pick<typeof roles.$inferInsert, 'name' | 'description' | 'descriptionEn'>>;

export const roleSearchSpec: SearchSpec = {
  searchColumns: [roles.name, roles.description, roles.descriptionEn],
  filterFields: { name: roles.name, superAdmin: roles.superAdmin, createdAt: roles.createdAt },
  sortFields: { name: roles.name, createdAt: roles.createdAt },
  defaultSort: [sql`${roles.superAdmin} desc`, sql`${roles.name} asc`],
};

/** All the SQL of roles and their permissions. */
export function createSecurityRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** One page of the space's roles and the total. */
    async search(space: string, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(roleSearchSpec, q, eq(roles.space, space));
      const { limit, offset } = pageWindow(q);
      const rows = await ex
        .select()
        .from(roles)
        .where(where)
        .orderBy(...searchOrder(roleSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await ex.select({ total: count() }).from(roles).where(where);
      return { rows, total };
    },

    /** A role of the space by id (any text: a malformed id finds nothing). */
    async find(space: string, id: string, ex: Executor = db): Promise<RoleRow | undefined> {
      const [r] = await ex
        .select()
        .from(roles)
        .where(and(eq(roles.space, space), sql`${roles.id}::text = ${id}`));
      return r;
    },

    /** The id of the space's role with this name (case-insensitive), if any. */
    async idByName(space: string, name: string, ex: Executor = db): Promise<string | undefined> {
      const [clash] = await ex
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.space, space), sql`lower(${roles.name}) = ${name.toLowerCase()}`));
      return clash?.id;
    },

    async insert(
      values: { space: string; name: string; description: string | null; descriptionEn: string | null },
      ex: Executor = db,
    ): Promise<RoleRow> {
      const [role] = await ex.insert(roles).values(values).returning();
      return role;
    },

    async update(id: string, changes: RoleChanges, ex: Executor = db): Promise<RoleRow> {
      const [after] = await ex.update(roles).set(changes).where(eq(roles.id, id)).returning();
      return after;
    },

    /** Removes a role, taking it from everyone who holds it first. */
    async remove(id: string, ex: Executor = db) {
      await ex.delete(userRoles).where(eq(userRoles.roleId, id));
      await ex.delete(roles).where(eq(roles.id, id));
    },

    /** Each role's permissions, sorted. */
    async permissionsOf(ids: string[], ex: Executor = db): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (!ids.length) return map;
      const rows = await ex.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids));
      for (const r of rows) map.set(r.roleId, [...(map.get(r.roleId) ?? []), r.permission].sort());
      return map;
    },

    /** Replaces a role's permissions. */
    async setPermissions(roleId: string, permissions: string[], ex: Executor = db) {
      await ex.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
      if (permissions.length)
        await ex.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
    },

    /** How many users hold each role. */
    async holders(ids: string[], ex: Executor = db): Promise<Map<string, number>> {
      if (!ids.length) return new Map<string, number>();
      const rows = await ex
        .select({ roleId: userRoles.roleId, n: count() })
        .from(userRoles)
        .where(inArray(userRoles.roleId, ids))
        .groupBy(userRoles.roleId);
      return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
    },
  };
}
export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
