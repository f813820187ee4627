import { hasPermission, PERMISSIONS, type Permission } from '@ov/domain/permissions';

export type FeatureKey = 'payments' | 'signup' | 'enzona' | 'transfermovil' | 'onboarding';
export type Features = Record<FeatureKey, boolean>;

/** One way to be allowed; a list of them means any one suffices. */
export interface Access {
  /** Any one of these permissions (ADMIN grants all). */
  permissions?: readonly string[];
  /** Only ordinary customers (role USER, or no staff permission). */
  customer?: boolean;
  /** Only when this feature is switched on. */
  feature?: FeatureKey;
}

export interface AccessContext {
  permissions: readonly string[];
  isCustomer: boolean;
  features: Features;
}

export interface ProfileLike {
  permissions?: readonly string[];
  roles?: readonly { role?: { name?: string; superAdmin?: boolean } | null }[];
}

/** Permissions that make someone staff rather than a customer. */
const STAFF_PERMISSIONS: readonly string[] = [
  PERMISSIONS.ADMIN,
  PERMISSIONS.USER_WRITE,
  PERMISSIONS.ROLE_WRITE,
  PERMISSIONS.TRACE_READ,
  PERMISSIONS.COMMERCIAL_OFFICE_READ,
  PERMISSIONS.COMMERCIAL_OFFICE_WRITE,
  PERMISSIONS.FAQ_WRITE,
  PERMISSIONS.PROCESS_STATE_WRITE,
  PERMISSIONS.PROCESS_BIGCLIENT_WRITE,
  PERMISSIONS.PROCESS_RESIDENTIAL_WRITE,
  PERMISSIONS.CONTRACT_REQUEST_SEARCH,
  PERMISSIONS.INVOICE_READ,
  PERMISSIONS.TRANSFERMOVIL_READ,
];

export function isCustomerProfile(profile: ProfileLike): boolean {
  const roles = profile.roles ?? [];
  if (roles.some((entry) => entry.role?.superAdmin)) return false;
  if (roles.some((entry) => entry.role?.name === 'USER')) return true;
  const held = profile.permissions ?? [];
  return !STAFF_PERMISSIONS.some((permission) => held.includes(permission));
}

export function accessContextOf(profile: ProfileLike, features: Features): AccessContext {
  const superAdmin = (profile.roles ?? []).some((entry) => entry.role?.superAdmin);
  const permissions = profile.permissions ?? [];
  return {
    permissions:
      superAdmin && !permissions.includes(PERMISSIONS.ADMIN)
        ? [...permissions, PERMISSIONS.ADMIN]
        : permissions,
    isCustomer: isCustomerProfile(profile),
    features,
  };
}

function satisfies(access: Access, context: AccessContext): boolean {
  if (access.feature && !context.features[access.feature]) return false;
  if (access.customer && !context.isCustomer) return false;
  if (access.permissions && access.permissions.length > 0) {
    return access.permissions.some((permission) =>
      hasPermission(context.permissions, permission as Permission),
    );
  }
  return true;
}

export function canAccess(access: Access | readonly Access[] | undefined, context: AccessContext): boolean {
  if (!access) return true;
  const alternatives: readonly Access[] = Array.isArray(access) ? access : [access as Access];
  return alternatives.some((alternative) => satisfies(alternative, context));
}

/**
 * The signed-in home (`/`) shows administrators the dashboard and everyone else their client codes
 * (spec §2): app/signed-in-home.tsx, and the entry's early load from the profile kept at the last visit.
 */
export function homeIsDashboard(access: AccessContext): boolean {
  return canAccess({ permissions: [PERMISSIONS.ADMIN] }, access);
}
