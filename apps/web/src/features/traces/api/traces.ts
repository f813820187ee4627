import { DYNAMIC_FILTER_SIZE } from '@ov/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import type { Trace } from '../types';

export const TRACES_QUERY_KEY = ['traces'] as const;

export const tracesQuery = (params: ListParams): QuerySpec<ListResult<Trace>> => ({
  queryKey: [...TRACES_QUERY_KEY, 'list', params],
  queryFn: ({ signal }) => searchList<Trace>('/traces/search', params, signal),
});

interface OwnerHit {
  _id: string;
  email: string;
  fullName?: string | null;
}

/** People to filter by (the owner of a trace): `POST /api/users/search`, 50 at a time. */
export function useOwnerOptions(search: string) {
  return useQuery({
    queryKey: [...TRACES_QUERY_KEY, 'owners', search],
    queryFn: ({ signal }) =>
      searchList<OwnerHit>(
        '/users/search',
        { page: 1, size: DYNAMIC_FILTER_SIZE, search, filters: [] },
        signal,
      ),
    meta: { silent: true },
    retry: false,
    staleTime: 30_000,
  });
}
