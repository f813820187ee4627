import { DEFAULT_PAGE_SIZE } from '@ov/domain/constants';
import type { Filter } from '@ov/domain/validation/forms';
import type { QueryKey } from '@tanstack/react-query';
import { type ApiClient, api } from './api-client';

export type SortOrder = 'asc' | 'desc';

/** The generic list protocol of the API: `POST /api/<things>/search`. Pages start at 1. */
export interface ListParams {
  page: number;
  size: number;
  search: string;
  filters: Filter[];
  sort?: Record<string, SortOrder>;
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

/** What TanStack Query needs to fetch something (kept plain so features stay free of query-option types). */
export interface QuerySpec<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  meta?: Record<string, unknown>;
}

export const EMPTY_LIST_PARAMS: ListParams = { page: 1, size: DEFAULT_PAGE_SIZE, search: '', filters: [] };

/** Posts a search and reads the total from `x-total-count`. */
export async function searchList<T>(
  path: string,
  params: ListParams,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<ListResult<T>> {
  const body: Record<string, unknown> = {
    page: params.page,
    size: params.size,
    search: params.search,
    filters: params.filters,
  };
  if (params.sort && Object.keys(params.sort).length > 0) body.sort = params.sort;
  const response = await client.request<T[]>(path, { method: 'POST', body, signal });
  const items = Array.isArray(response.data) ? response.data : [];
  const header = Number(response.headers.get('x-total-count'));
  return { items, total: Number.isFinite(header) && header >= 0 ? header : items.length };
}
