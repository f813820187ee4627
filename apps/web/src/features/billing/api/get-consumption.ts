import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ConsumptionPoint } from '../types';
import { BASE, BILLING_KEY } from './keys';

export function getConsumption(cc: string, signal?: AbortSignal): Promise<ConsumptionPoint[]> {
  return api.post<ConsumptionPoint[]>(`${BASE}/consumption`, { cc }, signal);
}

/** Amount billed and m³ of the last 12 periods, oldest first. */
export function consumptionQuery(cc: string) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'consumption', cc],
    queryFn: ({ signal }) => getConsumption(cc, signal),
  });
}

export function useConsumption(cc: string) {
  return useQuery(consumptionQuery(cc));
}
