import type { RoleRef } from '../../lib/current-user';

/** A user as the users API returns it (the profile shape without permissions). */
export interface User {
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
  address?: { municipality?: number | null; line?: string | null; scopeMunicipality?: number | null } | null;
  roles?: RoleRef[];
  verified?: boolean;
  lock?: boolean;
  deleted?: boolean;
  gender?: string | null;
  birthDate?: string | null;
  country?: string | null;
  nationalId?: string | null;
  changePasswordRequired?: boolean;
  /** Optimistic concurrency: sent back with an update. */
  version?: number;
  createdAt?: string;
}

/** A role as `GET /api/users/roles` lists it (for selects and filters). */
export interface RoleOption {
  _id: string;
  name: string;
  description: string | null;
  superAdmin: boolean;
}
