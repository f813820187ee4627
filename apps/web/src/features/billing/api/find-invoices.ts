import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InvoiceDto, InvoiceFilters } from '../types';
import { BASE, BILLING_KEY } from './keys';

export interface InvoicePageParams {
  cc: string;
  page: number;
  size: number;
  filters: InvoiceFilters;
}

export async function findInvoices(params: InvoicePageParams, signal?: AbortSignal) {
  const response = await api.request<InvoiceDto[]>(`${BASE}/invoice-cc`, {
    method: 'POST',
    body: params,
    signal,
  });
  const items = Array.isArray(response.data) ? response.data : [];
  const total = Number(response.headers.get('x-total-count'));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** One page of a code's invoices, newest first. */
export function invoicesQuery(params: InvoicePageParams) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'invoices', params],
    queryFn: ({ signal }) => findInvoices(params, signal),
  });
}

export function useInvoices(params: InvoicePageParams) {
  return useQuery({ ...invoicesQuery(params), placeholderData: keepPreviousData });
}
