import {
  ALL_PERMISSIONS,
  AppError,
  coversPermissions,
  isPermission,
  PERMISSION_GROUPS,
  ROLE_NAMES,
} from '@ov/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db, Executor } from '../../db/client';
import { rolePermissions, roles, userRoles } from '../../db/schema';
import { pageWindow, type SearchQuery, type SearchSpec, searchOrder, searchWhere } from '../../lib/search';
import { writeTrace } from '../../lib/traces';

type RoleRow = typeof roles.$inferSelect;
const PROTECTED = new Set<string>([ROLE_NAMES.SUPER_ADMIN, ROLE_NAMES.USER]);
const TRACE = { module: 'security', section: 'roles' } as const;

export const roleSearchSpec: SearchSpec = {
  searchColumns: [roles.name, roles.description, roles.descriptionEn],
  filterFields: { name: roles.name, superAdmin: roles.superAdmin, createdAt: roles.createdAt },
  sortFields: { name: roles.name, createdAt: roles.createdAt },
  defaultSort: [sql`${roles.superAdmin} desc`, sql`${roles.name} asc`],
};

/** Permission names grouped for the permissions screen: `{group, actions, permissions}`. */
export function permissionGroups() {
  const groups: { group: string; actions: string[]; permissions: string[] }[] = PERMISSION_GROUPS.map(
    (group) => {
      const permissions = ALL_PERMISSIONS.filter((p) => p.startsWith(`${group}:`));
      return { group, actions: permissions.map((p) => p.slice(group.length + 1)), permissions };
    },
  );
  groups.push({ group: 'ADMIN', actions: [], permissions: ['ADMIN'] });
  return groups;
}

function validPermissions(list: string[]) {
  const unique = [...new Set(list)];
  const unknown = unique.filter((p) => !isPermission(p));
  if (unknown.length)
    throw new AppError('VALIDATIONERROR', 0, [
      { field: 'permissions', message: `permisos desconocidos: ${unknown.join(', ')}` },
    ]);
  return unique.sort();
}

/** A role's description as written: `description` (Spanish, as clients have always sent it) and/or both languages. */
export interface DescriptionInput {
  description?: string | null;
  descriptions?: { es?: string | null; en?: string | null };
}

/** Empty text is no text. */
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The columns a description input sets (undefined: left as it is). */
function descriptionColumns(input: DescriptionInput): {
  description?: string | null;
  descriptionEn?: string | null;
} {
  const es = input.descriptions?.es !== undefined ? input.descriptions.es : input.description;
  const en = input.descriptions?.en;
  return {
    ...(es === undefined ? {} : { description: textOrNull(es) }),
    ...(en === undefined ? {} : { descriptionEn: textOrNull(en) }),
  };
}

export function createSecurityService({ db }: { db: Db }) {
  async function permissionsOf(ex: Executor, ids: string[]) {
    const map = new Map<string, string[]>();
    if (!ids.length) return map;
    const rows = await ex.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids));
    for (const r of rows) map.set(r.roleId, [...(map.get(r.roleId) ?? []), r.permission].sort());
    return map;
  }

  async function holders(ex: Executor, ids: string[]) {
    if (!ids.length) return new Map<string, number>();
    const rows = await ex
      .select({ roleId: userRoles.roleId, n: count() })
      .from(userRoles)
      .where(inArray(userRoles.roleId, ids))
      .groupBy(userRoles.roleId);
    return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
  }

  async function dto(ex: Executor, r: RoleRow) {
    const [perms, users] = [await permissionsOf(ex, [r.id]), await holders(ex, [r.id])];
    return toDto(r, perms.get(r.id) ?? [], users.get(r.id) ?? 0);
  }

  async function find(ex: Executor, p: Principal, id: string) {
    const [r] = await ex
      .select()
      .from(roles)
      .where(and(eq(roles.space, p.space), sql`${roles.id}::text = ${id}`));
    if (!r) throw new AppError('NOTFOUND', 415);
    return r;
  }

  async function assertFreeName(ex: Executor, space: string, name: string, exceptId?: string) {
    const [clash] = await ex
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.space, space), sql`lower(${roles.name}) = ${name.toLowerCase()}`));
    if (clash && clash.id !== exceptId) throw new AppError('BADREQUESTERROR', 420);
  }

  async function writePermissions(ex: Executor, p: Principal, role: RoleRow, next: string[]) {
    if (role.superAdmin || PROTECTED.has(role.name)) throw new AppError('BADREQUESTERROR', 466);
    if (next.includes('ADMIN') && !p.isSuperAdmin) throw new AppError('UNAUTHORIZEDERROR', 0);
    const before = (await permissionsOf(ex, [role.id])).get(role.id) ?? [];
    if (before.includes('ADMIN') && !next.includes('ADMIN') && !p.isSuperAdmin)
      throw new AppError('UNAUTHORIZEDERROR', 0);
    assertMayChangeRole(p, role, before, next);
    await ex.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    if (next.length)
      await ex.insert(rolePermissions).values(next.map((permission) => ({ roleId: role.id, permission })));
    return before;
  }

  return {
    permissionGroups,

    async search(p: Principal, q: SearchQuery) {
      const where = searchWhere(roleSearchSpec, q, eq(roles.space, p.space));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(roles)
        .where(where)
        .orderBy(...searchOrder(roleSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(roles).where(where);
      const ids = rows.map((r) => r.id);
      const [perms, users] = [await permissionsOf(db, ids), await holders(db, ids)];
      return { rows: rows.map((r) => toDto(r, perms.get(r.id) ?? [], users.get(r.id) ?? 0)), total };
    },

    async create(p: Principal, input: { name: string; permissions?: string[] } & DescriptionInput) {
      const permissions = validPermissions(input.permissions ?? []);
      return db.transaction(async (tx) => {
        await assertFreeName(tx, p.space, input.name);
        const [role] = await tx
          .insert(roles)
          .values({
            space: p.space,
            name: input.name,
            description: null,
            descriptionEn: null,
            ...descriptionColumns(input),
          })
          .returning();
        await writePermissions(tx, p, role, permissions);
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'CREATE',
          owner: p.userId,
          entityId: role.id,
          before: null,
          after: {
            name: role.name,
            description: role.description,
            descriptionEn: role.descriptionEn,
            permissions,
          },
        });
        return dto(tx, role);
      });
    },

    async update(p: Principal, id: string, input: { name?: string } & DescriptionInput) {
      return db.transaction(async (tx) => {
        const before = await find(tx, p, id);
        if (input.name !== undefined && input.name !== before.name) {
          if (PROTECTED.has(before.name) || before.superAdmin) throw new AppError('BADREQUESTERROR', 466);
          await assertFreeName(tx, p.space, input.name, before.id);
        }
        const [after] = await tx
          .update(roles)
          .set({
            name: input.name ?? before.name,
            ...descriptionColumns(input),
          })
          .where(eq(roles.id, before.id))
          .returning();
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          entityId: before.id,
          before: { name: before.name, description: before.description, descriptionEn: before.descriptionEn },
          after: { name: after.name, description: after.description, descriptionEn: after.descriptionEn },
        });
        return dto(tx, after);
      });
    },

    /** Not a system role; not while assigned unless `force` (then it is taken from everyone first). */
    async remove(p: Principal, id: string, force: boolean) {
      return db.transaction(async (tx) => {
        const role = await find(tx, p, id);
        if (PROTECTED.has(role.name) || role.superAdmin) throw new AppError('BADREQUESTERROR', 466);
        const held = (await permissionsOf(tx, [role.id])).get(role.id) ?? [];
        if (!coversPermissions(p.permissions, held)) throw new AppError('BADREQUESTERROR', 452);
        const assigned = (await holders(tx, [role.id])).get(role.id) ?? 0;
        if (assigned && !force) throw new AppError('BADREQUESTERROR', 465, { users: assigned });
        const permissions = (await permissionsOf(tx, [role.id])).get(role.id) ?? [];
        await tx.delete(userRoles).where(eq(userRoles.roleId, role.id));
        await tx.delete(roles).where(eq(roles.id, role.id));
        await writeTrace(tx, {
          ...TRACE,
          space: p.space,
          type: 'REMOVE',
          owner: p.userId,
          entityId: role.id,
          before: {
            name: role.name,
            description: role.description,
            descriptionEn: role.descriptionEn,
            permissions,
            users: assigned,
          },
          after: null,
        });
        return { deleted: 1, unassigned: assigned };
      });
    },

    async setPermissions(p: Principal, id: string, list: string[]) {
      const next = validPermissions(list);
      return db.transaction(async (tx) => {
        const role = await find(tx, p, id);
        const before = await writePermissions(tx, p, role, next);
        await writeTrace(tx, {
          ...TRACE,
          section: 'permissions',
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          entityId: role.id,
          before: { permissions: before },
          after: { permissions: next },
        });
        return dto(tx, role);
      });
    },
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;

function toDto(r: RoleRow, permissions: string[], users: number) {
  return {
    _id: r.id,
    id: r.id,
    name: r.name,
    description: r.description,
    descriptions: { es: r.description, en: r.descriptionEn },
    superAdmin: r.superAdmin,
    system: r.superAdmin || PROTECTED.has(r.name),
    permissions,
    users,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * No self-escalation through roles (452): outside the super-administrator, a role holder changes
 * only roles whose permissions they hold themselves, grants only permissions they hold, and adds
 * nothing to a role they hold (that would raise their own permissions).
 */
function assertMayChangeRole(p: Principal, role: RoleRow, before: string[], next: string[]) {
  if (p.isSuperAdmin) return;
  const added = next.filter((x) => !before.includes(x));
  if (!coversPermissions(p.permissions, before) || !coversPermissions(p.permissions, added))
    throw new AppError('BADREQUESTERROR', 452);
  if (added.length && p.roles.includes(role.name)) throw new AppError('BADREQUESTERROR', 452);
}
