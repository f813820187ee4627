export const PERMISSION_GROUPS = [
  'USER',
  'COMMERCIAL_OFFICE',
  'ROLE',
  'FAQ',
  'TRACE',
  'NOTIFICATION',
  'CONTRACT_REQUEST',
  'PROCESS_STATE',
  'PROCESS_BIGCLIENT',
  'PROCESS_RESIDENTIAL',
  'TRANSFERMOVIL',
  'INVOICE',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const PERMISSION_ACTIONS = ['READ', 'WRITE', 'DELETE', 'NOTIFY'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

type GroupActionPermission = `${PermissionGroup}:${PermissionAction}`;
export type Permission = GroupActionPermission | 'CONTRACT_REQUEST:SEARCH' | 'ADMIN';

type ConstantKey<P extends string> = P extends `${infer G}:${infer A}` ? `${G}_${A}` : P;
export type PermissionConstants = { readonly [P in Permission as ConstantKey<P>]: P };

const ADMIN: Permission = 'ADMIN';

function buildPermissions(): PermissionConstants {
  const entries: [string, Permission][] = [];
  for (const group of PERMISSION_GROUPS) {
    for (const action of PERMISSION_ACTIONS) entries.push([`${group}_${action}`, `${group}:${action}`]);
  }
  entries.push(['CONTRACT_REQUEST_SEARCH', 'CONTRACT_REQUEST:SEARCH'], ['ADMIN', ADMIN]);
  return Object.freeze(Object.fromEntries(entries)) as PermissionConstants;
}

/** Every permission name, keyed `GROUP_ACTION` (e.g. `PERMISSIONS.USER_WRITE === 'USER:WRITE'`). */
export const PERMISSIONS: PermissionConstants = buildPermissions();

export const ALL_PERMISSIONS: Permission[] = Object.values(PERMISSIONS);

const PERMISSION_SET: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

export function isPermission(s: string): s is Permission {
  return PERMISSION_SET.has(s);
}

/** Any-of check; `ADMIN` (the super administrator) holds every permission. */
export function hasPermission(held: readonly string[], required: Permission | Permission[]): boolean {
  if (held.includes(ADMIN)) return true;
  const needed = Array.isArray(required) ? required : [required];
  return needed.some((permission) => held.includes(permission));
}

/**
 * Whether an actor holding `actor` may act on an account (or hand out a role) holding `target`:
 * only when the target's permissions are a subset of the actor's own. `ADMIN` covers everything,
 * and is covered only by `ADMIN`. This is what stops a user administrator from taking over a
 * super-administrator (reset its password, change its e-mail, lock or remove it).
 */
export function coversPermissions(actor: readonly string[], target: readonly string[]): boolean {
  if (actor.includes(ADMIN)) return true;
  const held = new Set(actor);
  return target.every((permission) => held.has(permission));
}
