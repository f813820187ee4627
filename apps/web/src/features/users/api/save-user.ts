import { api } from '../../../lib/api-client';
import type { User } from '../types';

/** What the admin user form sends (spec §5; adminUserSchema on the server). */
export interface AdminUserPayload {
  username: string;
  fullName: string;
  nationalId: string;
  gender: string;
  country: string;
  email: string;
  municipality: number;
  birthDate: string;
  address: string;
  phone: string | null;
  clientType?: string;
  roles?: string[];
  /** Sent with the roles (same permission): the municipality this staff member is limited to, or null. */
  scopeMunicipality?: number | null;
}

/** `POST /api/users`; 409 CONFLICTERROR `{ref}` when the e-mail belongs to a removed user (resend with force). */
export function createUser(payload: AdminUserPayload, force = false): Promise<User> {
  return api.post<User>('/users', force ? { ...payload, force: true } : payload);
}

/** `PATCH /api/users/:id` with the version as read; 409 `{ref, current}` when it changed meanwhile. */
export async function updateUser(
  id: string,
  payload: Partial<AdminUserPayload>,
  version: number,
  force = false,
): Promise<User> {
  const body = { ...payload, version, ...(force ? { force: true } : {}) };
  return (await api.request<User>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body })).data;
}

/** `POST /api/users/recover {ref}`: restores a removed user (trace RESTORE). */
export function recoverUser(ref: string): Promise<User> {
  return api.post<User>('/users/recover', { ref });
}
