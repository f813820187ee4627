import { api } from '../../../lib/api-client';

/** Soft removal of one user (never yourself: 463). */
export async function removeUser(id: string): Promise<{ deleted: number }> {
  return (await api.request<{ deleted: number }>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }))
    .data;
}

/** Soft removal of many users, all or none. */
export function deleteUsers(ids: string[]): Promise<{ deleted: number }> {
  return api.post<{ deleted: number }>('/users/delete-many', { ids });
}
