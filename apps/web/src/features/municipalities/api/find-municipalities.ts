import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import type { Municipality } from '../types';

export const MUNICIPALITIES_QUERY_KEY = ['municipalities', 'list'] as const;

export function findMunicipalities(params: ListParams, signal?: AbortSignal) {
  return searchList<Municipality>('/municipalities/search', params, signal);
}

export const municipalitiesListQuery = (params: ListParams): QuerySpec<ListResult<Municipality>> => ({
  queryKey: [...MUNICIPALITIES_QUERY_KEY, params],
  queryFn: ({ signal }) => findMunicipalities(params, signal),
});
