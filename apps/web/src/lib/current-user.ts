import { createContext, useContext } from 'react';
import type { AccessContext } from './access';

export interface RoleRef {
  role: { name: string; superAdmin?: boolean } | null;
}

/** The signed-in user as `GET /api/users/me` returns it. */
export interface CurrentUser {
  _id: string;
  id?: string;
  email: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  phone?: string | null;
  avatar?: string | null;
  status: string;
  clientType?: string | null;
  address?: { municipality?: number | null } | null;
  roles: RoleRef[];
  permissions: string[];
  verified?: boolean;
  createdAt?: string;
  /** A new e-mail address waiting for its confirmation link (the profile says so). */
  pendingEmail?: string | null;
  /** Set by an administrator's reset: the portal shows only the change-password screen until done. */
  changePasswordRequired?: boolean;
}

export interface CurrentUserValue {
  user: CurrentUser;
  access: AccessContext;
}

export const CurrentUserContext = createContext<CurrentUserValue | null>(null);

export function useCurrentUser(): CurrentUserValue {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser outside the signed-in area');
  return value;
}

export function displayName(
  user: Pick<CurrentUser, 'fullName' | 'firstName' | 'lastName' | 'email'>,
): string {
  const composed = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return user.fullName || composed || user.email;
}
