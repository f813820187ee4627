import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import type { User } from '../types';

export const USERS_QUERY_KEY = ['users', 'list'] as const;

export function findUsers(params: ListParams, signal?: AbortSignal) {
  return searchList<User>('/users/search', params, signal);
}

export const usersListQuery = (params: ListParams): QuerySpec<ListResult<User>> => ({
  queryKey: [...USERS_QUERY_KEY, params],
  queryFn: ({ signal }) => findUsers(params, signal),
});
