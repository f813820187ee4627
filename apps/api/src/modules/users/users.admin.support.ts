import { AppError, hasPermission, PERMISSIONS } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import { toUserDto } from './users.dto';
import { assertMayActOn, assertMayHandOut, assertSuperAdminRemains } from './users.privilege';
import { type RoleRow, type UserRow, type UsersRepository, usersReads } from './users.repository';

/** Every municipality of the seeded space lies in this province (design §2). */
export const HOME_PROVINCE = 'La Habana';

/**
 * Staff may be scoped to one province or municipality by `address.scopeProvince` /
 * `address.scopeMunicipality` on their own user row; outside it they get 453 / 456.
 */
export interface Actor {
  principal: Principal;
  scopeProvince: string | null;
  scopeMunicipality: number | null;
}

/** The municipality a user's staff actions are limited to, if any (kept in their address). */
export function scopeOf(address: unknown): number | null {
  const m = Number(((address ?? {}) as Record<string, unknown>).scopeMunicipality);
  return Number.isInteger(m) && m > 0 ? m : null;
}

/** The address with its scope set (a number) or removed (null). */
export function withScope(address: unknown, scope: number | null): Record<string, unknown> {
  const { scopeMunicipality: _dropped, ...rest } = (address ?? {}) as Record<string, unknown>;
  return scope === null ? rest : { ...rest, scopeMunicipality: scope };
}

/** The actor behind a principal, from the address kept on their own user row. */
function actorFrom(principal: Principal, address: unknown): Actor {
  const p = ((address ?? {}) as Record<string, unknown>).scopeProvince;
  return {
    principal,
    scopeProvince: typeof p === 'string' && p.trim() ? p.trim() : null,
    scopeMunicipality: scopeOf(address),
  };
}

/**
 * The actor behind a principal, read with the caller's executor: for other modules (offices,
 * contract-requests), inside their own transactions. The users module reads it through its
 * repository (`createUsersAdminSupport(…).loadActor`).
 */
export async function loadActor(ex: Executor, principal: Principal): Promise<Actor> {
  return actorFrom(principal, await usersReads.addressOf(ex, principal.userId));
}

/**
 * Setting who a staff member may act on is itself an access grant: only callers who assign roles
 * (410 otherwise), and a scoped one only within their own municipality (456 for another, or for
 * lifting the limit).
 */
export function assertMaySetScope(actor: Actor, scope: number | null) {
  if (!canAssignRoles(actor.principal)) throw new AppError('UNAUTHORIZEDERROR', 410);
  assertInScope(actor, scope);
}

/** Throws 453/456 when the actor may not act on a user of `municipality`. */
export function assertInScope(actor: Actor, municipality: number | null | undefined) {
  if (actor.principal.isSuperAdmin) return;
  if (actor.scopeProvince && actor.scopeProvince.toLowerCase() !== HOME_PROVINCE.toLowerCase())
    throw new AppError('BADREQUESTERROR', 453);
  if (actor.scopeMunicipality !== null && municipality !== actor.scopeMunicipality)
    throw new AppError('BADREQUESTERROR', 456);
}

/** The municipality lists are limited to for the actor, if any (province first: it answers 453). */
export function scopeLimit(actor: Actor): number | undefined {
  assertInScope(actor, actor.scopeMunicipality);
  if (actor.principal.isSuperAdmin || actor.scopeMunicipality === null) return undefined;
  return actor.scopeMunicipality;
}

export function canAssignRoles(p: Principal) {
  return hasPermission(p.permissions, [PERMISSIONS.ROLE_WRITE]);
}

/** What a trace keeps of a user: business fields only, never secrets. */
export function snapshot(u: UserRow, roleNames?: string[]): Record<string, unknown> {
  return {
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    clientType: u.clientType,
    municipality: u.municipality,
    address: u.address,
    status: u.status,
    gender: u.gender,
    birthDate: u.birthDate,
    country: u.country,
    nationalId: u.nationalId,
    changePasswordRequired: u.changePasswordRequired,
    ...(roleNames ? { roles: roleNames } : {}),
  };
}

/**
 * The checks and reads every staff action on users shares, on the users repository. `ex` is the
 * transaction to read in, or undefined outside one.
 */
export function createUsersAdminSupport(users: UsersRepository) {
  async function loadActor(ex: Executor | undefined, principal: Principal): Promise<Actor> {
    return actorFrom(principal, await users.addressOf(principal.userId, ex));
  }

  /** Role ids or names → role rows of the space; unknown ones are a validation error. */
  async function resolveRoles(ex: Executor | undefined, space: string, refs: string[]) {
    const wanted = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
    if (!wanted.length) return [];
    const rows = await users.rolesByRef(space, wanted, ex);
    const known = new Set(rows.flatMap((r) => [r.id, r.name]));
    const unknown = wanted.filter((w) => !known.has(w));
    if (unknown.length)
      throw new AppError('VALIDATIONERROR', 0, [
        { field: 'roles', message: `roles desconocidos: ${unknown.join(', ')}` },
      ]);
    return rows;
  }

  /** Replaces a user's roles. Only a super-admin hands out (or takes away) the super-admin role: 410. */
  async function replaceRoles(ex: Executor, p: Principal, userId: string, next: RoleRow[]) {
    if (!canAssignRoles(p)) throw new AppError('UNAUTHORIZEDERROR', 410);
    const current = (await users.rolesOf([userId], ex)).get(userId) ?? [];
    const touchesSuper = next.some((r) => r.superAdmin) !== current.some((r) => r.superAdmin);
    if (touchesSuper && !p.isSuperAdmin) throw new AppError('UNAUTHORIZEDERROR', 410);
    const nextIds = new Set(next.map((r) => r.id));
    const currentIds = new Set(current.map((r) => r.id));
    const changed = [
      ...next.filter((r) => !currentIds.has(r.id)),
      ...current.filter((r) => !nextIds.has(r.id)),
    ];
    await assertMayHandOut(
      ex,
      p,
      changed.map((r) => r.id),
    );
    if (current.some((r) => r.superAdmin) && !next.some((r) => r.superAdmin))
      await assertSuperAdminRemains(users, ex, p.space, [userId]);
    await users.setRoles(
      userId,
      next.map((r) => r.id),
      ex,
    );
    return { before: current.map((r) => r.name).sort(), after: next.map((r) => r.name).sort() };
  }

  /** Unique-key clashes with live users: e-mail 303, username 444. */
  async function assertUniqueLive(
    ex: Executor | undefined,
    space: string,
    v: { email?: string; username?: string | null },
    exceptId?: string,
  ) {
    const clash = async (column: 'email' | 'username', value: string) => {
      const id = await users.liveIdWith(space, column, value, ex);
      return id !== undefined && id !== exceptId;
    };
    if (v.email && (await clash('email', v.email))) throw new AppError('BADREQUESTERROR', 303);
    if (v.username && (await clash('username', v.username))) throw new AppError('BADREQUESTERROR', 444);
  }

  /** The user as clients see it, read inside the caller's transaction. */
  async function userDto(ex: Executor | undefined, id: string, space: string) {
    const u = await users.findById(space, id, ex);
    if (!u) throw new AppError('NOTFOUND', 415);
    return toUserDto(u, (await users.rolesOf([u.id], ex)).get(u.id) ?? []);
  }

  /** The target user, inside the actor's space and scope; never the actor for self-forbidden actions. */
  async function findTarget(ex: Executor | undefined, actor: Actor, id: string, selfRef?: 462 | 463 | 464) {
    if (selfRef && id === actor.principal.userId) throw new AppError('BADREQUESTERROR', selfRef);
    const u = await users.findById(actor.principal.space, id, ex);
    if (!u) throw new AppError('NOTFOUND', 415);
    assertInScope(actor, u.municipality);
    return u;
  }

  /**
   * The target of an action that changes an account: as `findTarget`, and only an account whose
   * permissions the actor holds too (452), see users.privilege.ts.
   */
  async function findActionTarget(
    ex: Executor | undefined,
    actor: Actor,
    id: string,
    selfRef?: 462 | 463 | 464,
  ) {
    const u = await findTarget(ex, actor, id, selfRef);
    await assertMayActOn(users, ex, actor.principal, [u.id]);
    return u;
  }

  return { loadActor, resolveRoles, replaceRoles, assertUniqueLive, userDto, findTarget, findActionTarget };
}
export type UsersAdminSupport = ReturnType<typeof createUsersAdminSupport>;
