import { PERMISSIONS } from '@ov/domain/permissions';
import type { CurrentUser } from '../lib/current-user';

/** Profiles as `/users/me` gives them, for tests: the demo's super-administrator and customer. */
export const ADMIN_PROFILE: CurrentUser = {
  _id: 'u1',
  email: 'admin@aguasdelahabana.cu',
  firstName: 'Ana',
  lastName: 'Pérez',
  status: 'ACTIVE',
  roles: [{ role: { name: 'SUPER_ADMIN', superAdmin: true } }],
  permissions: [PERMISSIONS.ADMIN],
};

export const CUSTOMER_PROFILE: CurrentUser = {
  _id: 'u2',
  email: 'maria.perez@example.cu',
  firstName: 'María',
  lastName: 'Pérez González',
  status: 'ACTIVE',
  roles: [{ role: { name: 'USER', superAdmin: false } }],
  permissions: [],
};
