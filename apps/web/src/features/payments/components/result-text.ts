import type { PaymentStatus } from '@ov/domain/enums';
import { PAYMENT_RESULTS } from '@ov/domain/payments/results';
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

/**
 * What a payment ended with, for the record: a cancellation by the payer reads "Pago cancelado"
 * (its code 4 is the spec's generic "Error al procesar el pago", which is not what happened).
 */
export function paymentOutcomeText(
  row: { status: PaymentStatus; resultCode?: number | null },
  language: string,
): string {
  if (row.status === 'CANCELED') return language === 'en' ? 'Payment cancelled' : 'Pago cancelado';
  return row.resultCode ? resultText(row.resultCode, language) : '';
}
