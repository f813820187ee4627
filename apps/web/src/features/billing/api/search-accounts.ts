import { type ListParams, type QuerySpec, searchList } from '../../../lib/list-query';
import type { StaffAccount } from '../types';
import { BILLING_KEY } from './keys';

export const ACCOUNTS_QUERY_KEY = [...BILLING_KEY, 'accounts'] as const;

export function searchAccounts(params: ListParams, signal?: AbortSignal) {
  return searchList<StaffAccount>('/billing/accounts/search', params, signal);
}

export const accountsListQuery = (params: ListParams) =>
  ({
    queryKey: [...ACCOUNTS_QUERY_KEY, params],
    queryFn: ({ signal }: { signal: AbortSignal }) => searchAccounts(params, signal),
  }) satisfies QuerySpec<unknown>;
