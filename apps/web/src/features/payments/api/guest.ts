import type { PaymentMethod } from '@ov/domain/enums';
import type { GuestDebt, GuestPayment, GuestPaymentCreated } from '@ov/domain/payments/guest';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadPdf } from '../../../lib/download-pdf';

/**
 * Pay without an account (issue 30): public calls. A guest's payment is followed with the token the
 * API gave at creation (or on the gateway's return, or in the receipt e-mail), never a session.
 */
export const GUEST_KEY = ['payments', 'guest'] as const;

/** A code and its proof: the open invoices, their total and the holder's initials (620 otherwise). */
export function lookupGuestDebt(body: { cc: string; proof: string }) {
  return api.post<GuestDebt>('/guest-payments/lookup', body);
}

export function payAsGuest(body: {
  cc: string;
  proof: string;
  method: PaymentMethod;
  invoiceIds: string[];
  amountCents: number;
  email?: string;
  language: 'es' | 'en';
}) {
  return api.post<GuestPaymentCreated>('/guest-payments', body);
}

const tokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;

/** A guest's payment by its token, polled every 2.5 s while it is PENDING. */
export function useGuestPayment(id: string | undefined, token: string | undefined) {
  return useQuery({
    queryKey: [...GUEST_KEY, id, token],
    enabled: Boolean(id && token),
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.get<GuestPayment>(
        `/guest-payments/${encodeURIComponent(id ?? '')}?${tokenQuery(token ?? '')}`,
        signal,
      ),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 2500 : false),
    refetchIntervalInBackground: true,
  });
}

/** The receipt of a guest's paid payment (the token is the capability; no session needed). */
export function downloadGuestReceipt(id: string, token: string, language: string) {
  return downloadPdf(
    `/guest-payments/${encodeURIComponent(id)}/receipt.pdf?${tokenQuery(token)}`,
    `comprobante-${id}.pdf`,
    language,
  );
}
