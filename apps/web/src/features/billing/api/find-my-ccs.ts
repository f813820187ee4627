import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ClientCodeSummary } from '../types';
import { BASE, MY_CCS_KEY } from './keys';

export function findMyCcs(signal?: AbortSignal): Promise<ClientCodeSummary[]> {
  return api.post<ClientCodeSummary[]>(`${BASE}/my-ccs`, {}, signal);
}

/** The signed-in customer's client codes with holder, address, debt and advance balance. */
export function myCcsQuery() {
  return queryOptions({ queryKey: MY_CCS_KEY, queryFn: ({ signal }) => findMyCcs(signal) });
}

export function useMyCcs(enabled = true) {
  return useQuery({ ...myCcsQuery(), enabled });
}
