import { LOOKUP_SIZE } from '@ov/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import type { PermissionGroupRow, Role } from '../types';

export const ROLES_QUERY_KEY = ['security', 'roles'] as const;

export const rolesListQuery = (params: ListParams): QuerySpec<ListResult<Role>> => ({
  queryKey: [...ROLES_QUERY_KEY, 'list', params],
  queryFn: ({ signal }) => searchList<Role>('/security/roles/search', params, signal),
});

/** One role, found by id among the roles (the API has no single-role read). */
export const roleQuery = (id: string): QuerySpec<Role> => ({
  queryKey: [...ROLES_QUERY_KEY, 'one', id],
  queryFn: async ({ signal }) => {
    const { items } = await searchList<Role>(
      '/security/roles/search',
      { page: 1, size: LOOKUP_SIZE, search: '', filters: [] },
      signal,
    );
    const found = items.find((role) => role._id === id);
    if (!found) throw new Error('not found');
    return found;
  },
});

export interface RoleInput {
  name?: string;
  descriptions?: { es: string | null; en: string | null };
}

export function createRole(input: RoleInput): Promise<Role> {
  return api.post<Role>('/security/roles', input);
}

export async function updateRole(id: string, input: RoleInput): Promise<Role> {
  return (
    await api.request<Role>(`/security/roles/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })
  ).data;
}

/** Assigned roles answer 465 `{details:{users}}` unless `force`, which first takes the role from every holder. */
export async function removeRole(
  id: string,
  force = false,
): Promise<{ deleted: number; unassigned: number }> {
  const path = `/security/roles/${encodeURIComponent(id)}${force ? '?force=true' : ''}`;
  return (await api.request<{ deleted: number; unassigned: number }>(path, { method: 'DELETE' })).data;
}

/** Replaces the permissions of a role. */
export function setRolePermissions(id: string, permissions: string[]): Promise<Role> {
  return api.post<Role>(`/security/roles/${encodeURIComponent(id)}/permission`, { permissions });
}

/** Every permission, grouped (`POST /api/security/permissions/search`). */
export function usePermissionGroups() {
  return useQuery({
    queryKey: ['security', 'permission-groups'],
    queryFn: async ({ signal }) =>
      (
        await searchList<PermissionGroupRow>(
          '/security/permissions/search',
          { page: 1, size: LOOKUP_SIZE, search: '', filters: [] },
          signal,
        )
      ).items,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
