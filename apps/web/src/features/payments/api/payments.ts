import type { ClientCodeSummary, InvoiceDto } from '@ov/domain/billing/contracts';
import type { PaymentMethod } from '@ov/domain/enums';
import type {
  AdvanceQuote,
  PaymentCreated,
  PaymentDto,
  PostingChoice,
  PostingChoiceResult,
} from '@ov/domain/payments/contracts';
import type { Filter } from '@ov/domain/validation/forms';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError, toApiError } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/download-pdf';
import { type ListParams, searchList } from '../../../lib/list-query';
import { getSession } from '../../../lib/session';
import { API_BASE } from '../../../lib/urls';
import { openInvoicesBody } from './early';

export const PAYMENTS_KEY = ['payments'] as const;
export const RECORDS_KEY = ['payments', 'records'] as const;

/** The customer's own client codes (billing's call; features do not import each other). */
export function myCodesQuery() {
  return queryOptions({
    queryKey: ['billing', 'my-ccs'],
    queryFn: ({ signal }) => api.post<ClientCodeSummary[]>('/ahab-requests/my-ccs', {}, signal),
  });
}

export function useMyCodes() {
  return useQuery(myCodesQuery());
}

/** Open invoices of one code (Pendiente, Pago Parcial and, to show them, Procesando / Conveniada). */
export function openInvoicesQuery(cc: string | undefined) {
  return queryOptions({
    queryKey: [...PAYMENTS_KEY, 'open-invoices', cc],
    queryFn: async ({ signal }) => {
      const response = await api.request<InvoiceDto[]>('/ahab-requests/invoice-cc', {
        method: 'POST',
        body: openInvoicesBody(cc ?? ''),
        signal,
      });
      return Array.isArray(response.data) ? response.data : [];
    },
  });
}

export function useOpenInvoices(cc: string | undefined) {
  return useQuery({ ...openInvoicesQuery(cc), enabled: Boolean(cc), placeholderData: keepPreviousData });
}

export function payInvoices(body: {
  cc: string;
  invoiceIds?: string[];
  method: PaymentMethod;
  amountCents: number;
}): Promise<PaymentCreated> {
  return api.post<PaymentCreated>('/payments/invoices', body);
}

export function payAdvance(body: { cc: string; method: PaymentMethod; amountCents: number }) {
  return api.post<PaymentCreated>('/payments/advance', body);
}

export function useAdvanceQuote(cc: string | undefined) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'quote', cc],
    enabled: Boolean(cc),
    queryFn: ({ signal }) =>
      api.get<AdvanceQuote>(`/payments/advance/quote?cc=${encodeURIComponent(cc ?? '')}`, signal),
  });
}

export function getPayment(id: string, signal?: AbortSignal) {
  return api.get<PaymentDto>(`/payments/${encodeURIComponent(id)}`, signal);
}

/** A payment, polled every 2.5 s while it is PENDING (stops once settled). */
export function usePayment(id: string | undefined) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'one', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => getPayment(id ?? '', signal),
    // The view shows its own error (PaymentError): no toast besides it.
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 2500 : false),
    refetchIntervalInBackground: true,
  });
}

export function recordsQuery(params: ListParams) {
  return {
    queryKey: [...RECORDS_KEY, params],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      searchList<PaymentDto>('/payments/search', params, signal),
  };
}

/**
 * Which commercial system the portal talks to (`GET /api/health/commercial`, public): postings, their
 * filter and the reconciliation exist only with `http`; the built-in ledger posts nothing.
 */
export function useCommercialKind(enabled = true) {
  return useQuery({
    queryKey: ['health', 'commercial', 'kind'],
    queryFn: ({ signal }) =>
      api.get<{ kind: 'ledger' | 'http' }>('/health/commercial', signal).then((status) => status.kind),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  }).data;
}

/** The payer cancels their own pending EnZona payment (the order is withdrawn, the invoices freed). */
export function cancelPayment(id: string) {
  return api.post<PaymentDto>(`/payments/${encodeURIComponent(id)}/cancel`, {});
}

/** The caller's payments of a code still waiting at a gateway (they hold its invoices meanwhile). */
export function usePendingPayments(cc: string | undefined) {
  return useQuery({
    queryKey: [...RECORDS_KEY, 'pending', cc],
    enabled: Boolean(cc),
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      (
        await searchList<PaymentDto>(
          '/payments/search',
          {
            page: 1,
            size: 10,
            search: '',
            filters: [
              { type: 'TERM', field: 'status', value: 'PENDING' },
              { type: 'TERM', field: 'cc', value: cc ?? '' },
              { type: 'TERM', field: 'type', value: 'CC' },
            ],
          },
          signal,
        )
      ).items,
  });
}

export function refundPayment(id: string, reason: string) {
  return api.post<PaymentDto>(`/payments/${encodeURIComponent(id)}/refund`, { reason });
}

export function confirmRefund(id: string) {
  return api.post<PaymentDto>(`/payments/${encodeURIComponent(id)}/refund/confirm`, {});
}

async function authorisedFetch(path: string, init: RequestInit, language: string): Promise<Response> {
  const send = () => {
    const token = getSession()?.accessToken;
    return fetch(`${API_BASE}${path}`, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        'Accept-Language': language,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  };
  try {
    let response = await send();
    if (response.status === 401) {
      // Any call through the API client refreshes expired tokens; then retry once.
      await api
        .post('/payments/search', { page: 1, size: 1, search: '', filters: [] })
        .catch(() => undefined);
      response = await send();
    }
    return response;
  } catch (cause) {
    throw ApiError.network(cause);
  }
}

/** The receipt PDF of a PAYED payment, with the bearer token (a plain link cannot carry it). */
export async function downloadReceipt(id: string, language: string) {
  const response = await authorisedFetch(
    `/payments/${encodeURIComponent(id)}/receipt.pdf`,
    { headers: { Accept: 'application/pdf' } },
    language,
  );
  if (!response.ok) throw await toApiError(response);
  saveBlob(await response.blob(), `comprobante-${id}.pdf`);
}

/** The records with the chosen filters as CSV (staff). */
export async function exportCsv(filters: Filter[], search: string, language: string) {
  const response = await authorisedFetch(
    '/payments/export.csv',
    {
      method: 'POST',
      headers: { Accept: 'text/csv', 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: 1, size: 10, search, filters }),
    },
    language,
  );
  if (!response.ok) throw await toApiError(response);
  saveBlob(await response.blob(), `pagos-${new Date().toISOString().slice(0, 10)}.csv`);
}

/**
 * The answer to a payment the commercial system refused: the payer's own route, or staff's when the
 * payer does not answer.
 */
export function choosePosting(id: string, choice: PostingChoice, as: 'owner' | 'staff') {
  return api.post<PostingChoiceResult>(
    `/payments/${encodeURIComponent(id)}/posting/${as === 'owner' ? 'choice' : 'settle'}`,
    { choice },
  );
}

/** The daily reconciliation (portal payments ↔ postings in the commercial system) of a day, as CSV (staff). */
export async function downloadReconciliation(date: string, language: string) {
  const response = await authorisedFetch(
    `/payments/reconciliation.csv?date=${encodeURIComponent(date)}`,
    { headers: { Accept: 'text/csv' } },
    language,
  );
  if (!response.ok) throw await toApiError(response);
  saveBlob(await response.blob(), `conciliacion-${date}.csv`);
}
