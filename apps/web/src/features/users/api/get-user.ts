import { api } from '../../../lib/api-client';
import type { QuerySpec } from '../../../lib/list-query';
import type { User } from '../types';

export function getUser(id: string, signal?: AbortSignal): Promise<User> {
  return api.get<User>(`/users/${encodeURIComponent(id)}`, signal);
}

export const userQuery = (id: string): QuerySpec<User> => ({
  queryKey: ['users', 'one', id],
  queryFn: ({ signal }) => getUser(id, signal),
});
