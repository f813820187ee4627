import { PAYMENT_RESULTS, type PaymentStatus } from '@ov/domain';
import { isApiError } from '../../../lib/api-error';

/** The spec's text of a payment result code (§8) in the interface language. */
export function resultText(code: number, language: string): string {
  const found = PAYMENT_RESULTS.find((r) => r.code === code);
  if (!found) return '';
  return language === 'en' ? found.en : found.es;
}

/** A refusal of the payment calls (`PAYMENTRESULT` + code), or null for any other error. */
export function resultCodeOf(error: unknown): number | null {
  if (isApiError(error) && error.name === 'PAYMENTRESULT' && error.reference > 0) return error.reference;
  return null;
}

export const STATUS_COLORS: Record<PaymentStatus, string> = {
  PENDING: 'blue',
  PAYED: 'green',
  FAILED: 'red',
  CANCELED: 'default',
  PENDING_REFUNDED: 'orange',
  REFUNDED: 'purple',
};
