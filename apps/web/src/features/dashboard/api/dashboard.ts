import type { PaymentMethod, PaymentStatus } from '@ov/domain/enums';
import { toDateRangeFilter } from '@ov/domain/filters';
import type { Filter } from '@ov/domain/validation/forms';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PaymentData {
  totalPayments: { totalCount: number; totalAmount: number };
  anticipated: { anticipatedCount: number; anticipatedAmount: number };
  bonifications: { bonification: number; totalAmount: number; totalPayed: number };
  byPaymentMethods: { paymentMethods: PaymentMethod; count: number; amount: number }[];
}
export interface UsersQuantity {
  clientType: string | null;
  count: number;
}
export interface ByStatus {
  _id: PaymentStatus;
  count: number;
}
export interface HistogramPoint {
  _id: string;
  count: number;
  total: number;
}

/** Spec §7: a createdAt RANGE (isDate) from the start of the first day to the end of the last. */
export function rangeFilters(from: Date, to: Date): { filters: Filter[] } {
  return { filters: [toDateRangeFilter('createdAt', from, to)] };
}

function useDashboardCall<T>(path: string, range: { from: Date; to: Date }) {
  const body = rangeFilters(range.from, range.to);
  return useQuery({
    queryKey: ['dashboard', path, body],
    queryFn: ({ signal }) => api.post<T>(path, body, signal),
  });
}

/** Postings to the commercial system waiting and refused (`enabled` false with the built-in ledger). */
export interface PostingSummary {
  enabled: boolean;
  pending: number;
  refused: number;
  oldestPendingAt: string | null;
}

export function usePostingSummary() {
  return useQuery({
    queryKey: ['dashboard', 'commercial-postings'],
    queryFn: ({ signal }) => api.get<PostingSummary>('/dashboard/commercial-postings', signal),
  });
}

export function useDashboard(range: { from: Date; to: Date }) {
  return {
    users: useDashboardCall<UsersQuantity[]>('/users/reports/users-quantity', range),
    data: useDashboardCall<PaymentData[]>('/payment-request/payment-data', range),
    histogram: useDashboardCall<HistogramPoint[]>('/payment-request/payment-histogram', range),
    byStatus: useDashboardCall<ByStatus[]>('/payment-request/payment-by-status', range),
  };
}
