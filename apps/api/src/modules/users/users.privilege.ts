import { AppError, coversPermissions } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import { type UsersRepository, usersReads } from './users.repository';

/**
 * The rule behind every staff action on an account (edit, e-mail, password reset, status, removal,
 * roles, scope): an actor acts only on accounts whose permissions are a subset of their own, and
 * hands out only roles whose permissions they hold themselves. Without it a user administrator
 * could reset the super-administrator's password and sign in as it.
 */

/** 452 unless every one of `userIds` holds only permissions the actor holds too. */
export async function assertMayActOn(
  users: UsersRepository,
  ex: Executor | undefined,
  actor: Principal,
  userIds: string[],
) {
  if (actor.isSuperAdmin) return;
  const held = await users.permissionsOfUsers(userIds, ex);
  for (const id of userIds) {
    if (!coversPermissions(actor.permissions, held.get(id) ?? [])) throw new AppError('BADREQUESTERROR', 452);
  }
}

/**
 * 410 unless the actor holds every permission of each role they grant or take away. Called with the
 * caller's executor (access-requests uses it inside its own transaction).
 */
export async function assertMayHandOut(ex: Executor, actor: Principal, roleIds: string[]) {
  if (actor.isSuperAdmin) return;
  const held = await usersReads.permissionsOfRoles(ex, roleIds);
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
export async function assertSuperAdminRemains(
  users: UsersRepository,
  ex: Executor | undefined,
  space: string,
  leaving: string[],
) {
  const active = await users.lockActiveSuperAdmins(space, ex);
  const leavingSet = new Set(leaving);
  if (!active.some((id) => leavingSet.has(id))) return;
  if (active.every((id) => leavingSet.has(id))) throw new AppError('BADREQUESTERROR', 473);
}
