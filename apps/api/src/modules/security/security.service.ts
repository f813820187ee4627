import {
  ALL_PERMISSIONS,
  AppError,
  coversPermissions,
  isPermission,
  PERMISSION_GROUPS,
  ROLE_NAMES,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import type { SearchQuery } from '../../lib/search';
import { writeTrace } from '../../lib/traces';
import type { RoleRow, SecurityRepository } from './security.repository';

const PROTECTED = new Set<string>([ROLE_NAMES.SUPER_ADMIN, ROLE_NAMES.USER]);
const TRACE = { module: 'security', section: 'roles' } as const;

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

export function createSecurityService({ roles }: { roles: SecurityRepository }) {
  const permissionsOf = (ex: Executor | undefined, ids: string[]) => roles.permissionsOf(ids, ex);
  const holders = (ex: Executor | undefined, ids: string[]) => roles.holders(ids, ex);

  async function dto(ex: Executor, r: RoleRow) {
    const [perms, users] = [await permissionsOf(ex, [r.id]), await holders(ex, [r.id])];
    return toDto(r, perms.get(r.id) ?? [], users.get(r.id) ?? 0);
  }

  async function find(ex: Executor, p: Principal, id: string) {
    const r = await roles.find(p.space, id, ex);
    if (!r) throw new AppError('NOTFOUND', 415);
    return r;
  }

  async function assertFreeName(ex: Executor, space: string, name: string, exceptId?: string) {
    const clash = await roles.idByName(space, name, ex);
    if (clash && clash !== exceptId) throw new AppError('BADREQUESTERROR', 420);
  }

  async function writePermissions(ex: Executor, p: Principal, role: RoleRow, next: string[]) {
    if (role.superAdmin || PROTECTED.has(role.name)) throw new AppError('BADREQUESTERROR', 466);
    if (next.includes('ADMIN') && !p.isSuperAdmin) throw new AppError('UNAUTHORIZEDERROR', 0);
    const before = (await permissionsOf(ex, [role.id])).get(role.id) ?? [];
    if (before.includes('ADMIN') && !next.includes('ADMIN') && !p.isSuperAdmin)
      throw new AppError('UNAUTHORIZEDERROR', 0);
    assertMayChangeRole(p, role, before, next);
    await roles.setPermissions(role.id, next, ex);
    return before;
  }

  return {
    permissionGroups,

    async search(p: Principal, q: SearchQuery) {
      const { rows, total } = await roles.search(p.space, q);
      const ids = rows.map((r) => r.id);
      const [perms, users] = [await permissionsOf(undefined, ids), await holders(undefined, ids)];
      return { rows: rows.map((r) => toDto(r, perms.get(r.id) ?? [], users.get(r.id) ?? 0)), total };
    },

    async create(p: Principal, input: { name: string; permissions?: string[] } & DescriptionInput) {
      const permissions = validPermissions(input.permissions ?? []);
      return roles.transaction(async (tx) => {
        await assertFreeName(tx, p.space, input.name);
        const role = await roles.insert(
          {
            space: p.space,
            name: input.name,
            description: null,
            descriptionEn: null,
            ...descriptionColumns(input),
          },
          tx,
        );
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
      return roles.transaction(async (tx) => {
        const before = await find(tx, p, id);
        if (input.name !== undefined && input.name !== before.name) {
          if (PROTECTED.has(before.name) || before.superAdmin) throw new AppError('BADREQUESTERROR', 466);
          await assertFreeName(tx, p.space, input.name, before.id);
        }
        const after = await roles.update(
          before.id,
          { name: input.name ?? before.name, ...descriptionColumns(input) },
          tx,
        );
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
      return roles.transaction(async (tx) => {
        const role = await find(tx, p, id);
        if (PROTECTED.has(role.name) || role.superAdmin) throw new AppError('BADREQUESTERROR', 466);
        const held = (await permissionsOf(tx, [role.id])).get(role.id) ?? [];
        if (!coversPermissions(p.permissions, held)) throw new AppError('BADREQUESTERROR', 452);
        const assigned = (await holders(tx, [role.id])).get(role.id) ?? 0;
        if (assigned && !force) throw new AppError('BADREQUESTERROR', 465, { users: assigned });
        const permissions = (await permissionsOf(tx, [role.id])).get(role.id) ?? [];
        await roles.remove(role.id, tx);
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
      return roles.transaction(async (tx) => {
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
