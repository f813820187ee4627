import { AppError, hasPermission, PERMISSIONS } from '@ov/domain';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import { refreshTokens, roles, userRoles, users } from '../../db/schema';
import { toUserDto } from './users.dto';
import { assertMayActOn, assertMayHandOut, assertSuperAdminRemains } from './users.privilege';
import { createUsersRepository } from './users.repository';

/** Every municipality of the seeded space lies in this province (design §2). */
export const HOME_PROVINCE = 'La Habana';

type UserRow = typeof users.$inferSelect;

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

export async function loadActor(ex: Executor, principal: Principal): Promise<Actor> {
  const [row] = await ex.select({ address: users.address }).from(users).where(eq(users.id, principal.userId));
  const p = ((row?.address ?? {}) as Record<string, unknown>).scopeProvince;
  return {
    principal,
    scopeProvince: typeof p === 'string' && p.trim() ? p.trim() : null,
    scopeMunicipality: scopeOf(row?.address),
  };
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

/** The condition that limits lists to the actor's scope (province first: it answers 453). */
export function scopeCondition(actor: Actor): SQL | undefined {
  assertInScope(actor, actor.scopeMunicipality);
  if (actor.principal.isSuperAdmin || actor.scopeMunicipality === null) return undefined;
  return eq(users.municipality, actor.scopeMunicipality);
}

export function canAssignRoles(p: Principal) {
  return hasPermission(p.permissions, [PERMISSIONS.ROLE_WRITE]);
}

/** Role ids or names → role rows of the space; unknown ones are a validation error. */
export async function resolveRoles(ex: Executor, space: string, refs: string[]) {
  const wanted = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await ex
    .select()
    .from(roles)
    .where(
      and(eq(roles.space, space), or(inArray(sql`${roles.id}::text`, wanted), inArray(roles.name, wanted))),
    );
  const known = new Set(rows.flatMap((r) => [r.id, r.name]));
  const unknown = wanted.filter((w) => !known.has(w));
  if (unknown.length)
    throw new AppError('VALIDATIONERROR', 0, [
      { field: 'roles', message: `roles desconocidos: ${unknown.join(', ')}` },
    ]);
  return rows;
}

/** Replaces a user's roles. Only a super-admin hands out (or takes away) the super-admin role: 410. */
export async function replaceRoles(
  ex: Executor,
  p: Principal,
  userId: string,
  next: (typeof roles.$inferSelect)[],
) {
  if (!canAssignRoles(p)) throw new AppError('UNAUTHORIZEDERROR', 410);
  const current = await ex
    .select({ id: roles.id, name: roles.name, superAdmin: roles.superAdmin })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
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
    await assertSuperAdminRemains(ex, p.space, [userId]);
  await ex.delete(userRoles).where(eq(userRoles.userId, userId));
  if (next.length) await ex.insert(userRoles).values(next.map((r) => ({ userId, roleId: r.id })));
  return { before: current.map((r) => r.name).sort(), after: next.map((r) => r.name).sort() };
}

/** Ends every session of the user (password reset, block, removal). */
export async function revokeSessions(ex: Executor, userIds: string[]) {
  if (!userIds.length) return;
  await ex.update(users).set({ sessionsValidAfter: new Date() }).where(inArray(users.id, userIds));
  await ex
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(inArray(refreshTokens.userId, userIds), isNull(refreshTokens.revokedAt)));
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

/** Unique-key clashes with live users: e-mail 303, username 444. */
export async function assertUniqueLive(
  ex: Executor,
  space: string,
  v: { email?: string; username?: string | null },
  exceptId?: string,
) {
  const clash = async (cond: SQL) => {
    const [row] = await ex
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.space, space), isNull(users.deletedAt), cond))
      .limit(1);
    return row && row.id !== exceptId;
  };
  if (v.email && (await clash(sql`lower(${users.email}) = ${v.email.toLowerCase()}`)))
    throw new AppError('BADREQUESTERROR', 303);
  if (v.username && (await clash(sql`lower(${users.username}) = ${v.username.toLowerCase()}`)))
    throw new AppError('BADREQUESTERROR', 444);
}

/** The user as clients see it, read inside the caller's transaction. */
export async function userDto(ex: Executor, id: string, space: string) {
  const r = createUsersRepository(ex);
  const u = await r.findById(space, id);
  if (!u) throw new AppError('NOTFOUND', 415);
  return toUserDto(u, (await r.rolesOf([u.id])).get(u.id) ?? []);
}

/** The target user, inside the actor's space and scope; never the actor for self-forbidden actions. */
export async function findTarget(ex: Executor, actor: Actor, id: string, selfRef?: 462 | 463 | 464) {
  if (selfRef && id === actor.principal.userId) throw new AppError('BADREQUESTERROR', selfRef);
  const u = await createUsersRepository(ex).findById(actor.principal.space, id);
  if (!u) throw new AppError('NOTFOUND', 415);
  assertInScope(actor, u.municipality);
  return u;
}

/**
 * The target of an action that changes an account: as `findTarget`, and only an account whose
 * permissions the actor holds too (452), see users.privilege.ts.
 */
export async function findActionTarget(ex: Executor, actor: Actor, id: string, selfRef?: 462 | 463 | 464) {
  const u = await findTarget(ex, actor, id, selfRef);
  await assertMayActOn(ex, actor.principal, [u.id]);
  return u;
}
