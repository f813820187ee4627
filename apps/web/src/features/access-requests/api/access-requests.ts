import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import type { AccessRequest, RoleChoice } from '../types';

export const ACCESS_REQUESTS_QUERY_KEY = ['access-requests'] as const;

/** All requests of the space for USER:WRITE holders, otherwise the caller's own (the API decides). */
export const accessRequestsQuery = (params: ListParams): QuerySpec<ListResult<AccessRequest>> => ({
  queryKey: [...ACCESS_REQUESTS_QUERY_KEY, 'list', params],
  queryFn: ({ signal }) => searchList<AccessRequest>('/access-requests/search', params, signal),
});

export const accessRequestQuery = (id: string): QuerySpec<AccessRequest> => ({
  queryKey: [...ACCESS_REQUESTS_QUERY_KEY, 'one', id],
  queryFn: async ({ signal }) => {
    const { items } = await searchList<AccessRequest>(
      '/access-requests/search',
      { page: 1, size: 999, search: '', filters: [] },
      signal,
    );
    const found = items.find((request) => request._id === id);
    if (!found) throw new Error('not found');
    return found;
  },
});

export function createAccessRequest(input: {
  roleId: string;
  justification: string;
}): Promise<AccessRequest> {
  return api.post<AccessRequest>('/access-requests', input);
}

export function acceptAccessRequest(id: string): Promise<AccessRequest> {
  return api.post<AccessRequest>(`/access-requests/${encodeURIComponent(id)}/accept`, {});
}

export function rejectAccessRequest(id: string, reason: string): Promise<AccessRequest> {
  return api.post<AccessRequest>(`/access-requests/${encodeURIComponent(id)}/reject`, { reason });
}

/**
 * Roles one may ask for (every role but the customer one). Should the list fail (meta.silent: no
 * toast), the dialog lets the person type the role's name.
 */
export function useRoleChoices() {
  return useQuery({
    queryKey: [...ACCESS_REQUESTS_QUERY_KEY, 'roles'],
    queryFn: ({ signal }) => api.get<RoleChoice[]>('/access-requests/roles', signal),
    meta: { silent: true },
    retry: false,
    staleTime: 60_000,
  });
}
