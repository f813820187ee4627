import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InvoiceDetail } from '../types';
import { BASE, BILLING_KEY } from './keys';

export function getInvoice(cc: string, invoiceId: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return api.post<InvoiceDetail>(`${BASE}/debts-invoice`, { cc, invoiceId }, signal);
}

export function useInvoice(cc: string, invoiceId: string | null) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'invoice', cc, invoiceId],
    queryFn: ({ signal }) => getInvoice(cc, invoiceId as string, signal),
    enabled: Boolean(invoiceId),
  });
}
