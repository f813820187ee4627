import { AppError, coversPermissions } from '@ov/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import { rolePermissions, roles, userRoles, users } from '../../db/schema';

/**
 * The rule behind every staff action on an account (edit, e-mail, password reset, status, removal,
 * roles, scope): an actor acts only on accounts whose permissions are a subset of their own, and
 * hands out only roles whose permissions they hold themselves. Without it a user administrator
 * could reset the super-administrator's password and sign in as it.
 */

/** Each user's effective permissions (a super-admin role counts as `ADMIN`). */
async function permissionsOfUsers(ex: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  if (!ids.length) return new Map();
  const rows = await ex
    .select({
      userId: userRoles.userId,
      superAdmin: roles.superAdmin,
      permission: rolePermissions.permission,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(inArray(userRoles.userId, ids));
  for (const r of rows) {
    const held = map.get(r.userId);
    if (!held) continue;
    if (r.superAdmin) held.add('ADMIN');
    if (r.permission) held.add(r.permission);
  }
  return new Map([...map].map(([id, held]) => [id, [...held]]));
}

/** Each role's permissions (a super-admin role counts as `ADMIN`). */
export async function permissionsOfRoles(ex: Executor, roleIds: string[]): Promise<Map<string, string[]>> {
  if (!roleIds.length) return new Map();
  const rows = await ex
    .select({ roleId: roles.id, superAdmin: roles.superAdmin, permission: rolePermissions.permission })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(inArray(roles.id, roleIds));
  const map = new Map<string, Set<string>>();
  for (const r of rows) {
    const held = map.get(r.roleId) ?? new Set<string>();
    if (r.superAdmin) held.add('ADMIN');
    if (r.permission) held.add(r.permission);
    map.set(r.roleId, held);
  }
  return new Map([...map].map(([id, held]) => [id, [...held]]));
}

/** 452 unless every one of `userIds` holds only permissions the actor holds too. */
export async function assertMayActOn(ex: Executor, actor: Principal, userIds: string[]) {
  if (actor.isSuperAdmin) return;
  const held = await permissionsOfUsers(ex, userIds);
  for (const id of userIds) {
    if (!coversPermissions(actor.permissions, held.get(id) ?? [])) throw new AppError('BADREQUESTERROR', 452);
  }
}

/** 410 unless the actor holds every permission of each role they grant or take away. */
export async function assertMayHandOut(ex: Executor, actor: Principal, roleIds: string[]) {
  if (actor.isSuperAdmin) return;
  const held = await permissionsOfRoles(ex, roleIds);
  for (const id of roleIds) {
    if (!coversPermissions(actor.permissions, held.get(id) ?? []))
      throw new AppError('UNAUTHORIZEDERROR', 410);
  }
}

/**
 * 473 when locking, removing or demoting `leaving` would leave the space with no active
 * super-administrator. The super-administrators' rows are locked first, so two administrators
 * locking each other at the same moment cannot both pass.
 */
export async function assertSuperAdminRemains(ex: Executor, space: string, leaving: string[]) {
  const active = await ex
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
  const leavingSet = new Set(leaving);
  if (!active.some((u) => leavingSet.has(u.id))) return;
  if (active.every((u) => leavingSet.has(u.id))) throw new AppError('BADREQUESTERROR', 473);
}
