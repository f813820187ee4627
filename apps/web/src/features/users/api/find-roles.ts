import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RoleOption } from '../types';

export function findRoles(signal?: AbortSignal): Promise<RoleOption[]> {
  return api.get<RoleOption[]>('/users/roles', signal);
}

/** The roles of the space, for the form's select and the list's filter. */
export function useRoles() {
  return useQuery({
    queryKey: ['users', 'roles'],
    queryFn: ({ signal }) => findRoles(signal),
    staleTime: 60_000,
  });
}
