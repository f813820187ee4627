import { AppError, hasPermission, type Permission, ROLE_NAMES } from '@ov/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../core/principal';
import { type Db, oncePerDatabase } from '../db/client';
import { rolePermissions, roles, userRoles, users } from '../db/schema';
import type { InvalidatedCache } from '../lib/cache';
import type { TokenSigner } from '../modules/auth';

/**
 * Every route declares who may call it. `customer` is a signed-in user holding the USER role;
 * a permission list means any one of them (ADMIN grants all).
 */
export type Access = 'public' | 'authenticated' | 'customer' | { anyOf: Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Callable while the caller must still change the password an administrator set (the profile,
     * the password change itself, signing out). Every other route answers 403 (474) until then.
     */
    duringPasswordChange?: true;
    /**
     * Callable by a sign-in whose second factor is still owed (issue 30: presenting or setting one
     * up, signing out). Every other route answers 403 (610 / 611) until then.
     */
    duringSecondFactor?: true;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    routeAccess: { method: string | string[]; url: string; access: Access | undefined }[];
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * Loads the caller's roles and permissions on every request, so a permission change (or a block)
 * takes effect on the holder's next request instead of when the token expires.
 */
function buildPrincipalQuery(db: Db) {
  return db
    .select({
      status: users.status,
      sessionsValidAfter: users.sessionsValidAfter,
      mustChangePassword: users.changePasswordRequired,
      // Sign-ins ended within an access token's lifetime: their tokens are refused at once.
      revokedSessions: sql<string[]>`array(select distinct rt.family_id::text from refresh_tokens rt
        where rt.user_id = ${users.id} and rt.revoked_at > now() - interval '2 hours')`,
      space: users.space,
      roleName: roles.name,
      superAdmin: roles.superAdmin,
      permission: rolePermissions.permission,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('load_principal');
}

/** Runs on every request: built and planned once per database, not once per call. */
const principalQuery = oncePerDatabase(buildPrincipalQuery);

/** What a token's subject is now, independent of the token: cached, see `lib/cache.ts`. */
export interface PrincipalRecord {
  status: string;
  sessionsValidAfterMs: number | null;
  revokedSessions: string[];
  mustChangePassword: boolean;
  space: string;
  roles: string[];
  permissions: string[];
  isSuperAdmin: boolean;
}

async function readPrincipalRecord(db: Db, userId: string): Promise<PrincipalRecord | null> {
  const rows = await principalQuery(db).execute({ userId });
  const first = rows[0];
  if (!first) return null;
  const roleNames = new Set<string>();
  const permissions = new Set<string>();
  let isSuperAdmin = false;
  for (const r of rows) {
    if (r.roleName) roleNames.add(r.roleName);
    if (r.permission) permissions.add(r.permission);
    if (r.superAdmin) isSuperAdmin = true;
  }
  if (isSuperAdmin) permissions.add('ADMIN');
  return {
    status: first.status,
    sessionsValidAfterMs: first.sessionsValidAfter?.getTime() ?? null,
    revokedSessions: first.revokedSessions ?? [],
    mustChangePassword: first.mustChangePassword,
    space: first.space,
    roles: [...roleNames],
    permissions: [...permissions].sort(),
    isSuperAdmin,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadPrincipal(
  db: Db,
  userId: string,
  space: string,
  issuedAtMs?: number,
  cache?: InvalidatedCache<PrincipalRecord | null>,
  sid?: string,
  stage?: 'verify' | 'enrol',
): Promise<Principal | null> {
  if (!UUID.test(userId)) return null;
  const record = cache
    ? await cache.load(userId, () => readPrincipalRecord(db, userId))
    : await readPrincipalRecord(db, userId);
  if (!record || record.status !== 'ACTIVE') return null;
  if (record.sessionsValidAfterMs !== null && (issuedAtMs ?? 0) < record.sessionsValidAfterMs) return null;
  if (sid && record.revokedSessions.includes(sid)) return null;
  if (record.space !== space) throw new AppError('BADREQUESTERROR', 451);
  return {
    userId,
    space,
    roles: record.roles,
    permissions: record.permissions,
    isSuperAdmin: record.isSuperAdmin,
    isCustomer: record.roles.includes(ROLE_NAMES.USER),
    mustChangePassword: record.mustChangePassword,
    ...(sid ? { sessionId: sid } : {}),
    ...(stage ? { secondFactor: stage } : {}),
  };
}

/**
 * The principal a bearer token stands for now (null when its user or session no longer holds): the
 * check of every route below, and of the notifications stream, which takes its token in the query.
 */
export function tokenPrincipals(deps: {
  db: Db;
  signer: TokenSigner;
  cache?: InvalidatedCache<PrincipalRecord | null>;
}) {
  return async (token: string): Promise<Principal | null> => {
    const claims = await deps.signer.verify(token);
    return loadPrincipal(
      deps.db,
      claims.sub,
      claims.space,
      claims.issuedAtMs,
      deps.cache,
      claims.sid,
      claims.stage,
    );
  };
}

export function registerAccessControl(
  app: FastifyInstance,
  principalFrom: (token: string) => Promise<Principal | null>,
) {
  app.decorateRequest('principal', null);
  const table: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', table);

  app.addHook('onRoute', (route) => {
    // Routes registered by libraries (docs UI, static files) are public by nature; ours must say so.
    const isLibraryRoute = !route.url.startsWith('/api/') || route.url.startsWith('/api/docs');
    if (!route.config?.access && isLibraryRoute) {
      route.config = { ...(route.config ?? {}), access: 'public' };
    }
    table.push({ method: route.method, url: route.url, access: route.config?.access });
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) {
      // A route that forgot to declare its rule is closed, not open.
      if (req.routeOptions.url === undefined) return; // 404 handler
      throw new AppError('UNAUTHORIZEDERROR', 0);
    }
    const token = bearerToken(req);
    if (access === 'public') {
      // A sign-in still owing its second factor is nobody yet on the public pages.
      if (token)
        req.principal = await principalFrom(token)
          .then((p) => (p?.secondFactor ? null : p))
          .catch(() => null);
      return;
    }
    if (!token) throw new AppError('AUTHENTICATIONERROR', 0);
    const principal = await principalFrom(token);
    if (!principal) throw new AppError('AUTHENTICATIONERROR', 0);
    req.principal = principal;
    if (principal.secondFactor && !req.routeOptions.config?.duringSecondFactor)
      throw new AppError('BADREQUESTERROR', principal.secondFactor === 'enrol' ? 611 : 610);
    if (principal.mustChangePassword && !req.routeOptions.config?.duringPasswordChange)
      throw new AppError('BADREQUESTERROR', 474);
    if (access === 'authenticated') return;
    if (access === 'customer') {
      if (!principal.isCustomer) throw new AppError('BADREQUESTERROR', 452);
      return;
    }
    if (!hasPermission(principal.permissions, access.anyOf)) {
      req.log.warn({ userId: principal.userId, route: req.routeOptions.url }, 'permission refused');
      throw new AppError('BADREQUESTERROR', 452);
    }
  });
}

/** For handlers behind a non-public rule: the principal is always there. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('AUTHENTICATIONERROR', 0);
  return req.principal;
}
