import type { InvoiceDisplayStatus } from '../enums';

/** What the ledger stores; the display status (spec §3) is derived, never stored. */
export const INVOICE_STATUSES = ['PENDING', 'PAID', 'PARTIAL', 'AGREED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceStateFacts {
  status: InvoiceStatus;
  inFlightPaymentId: string | null;
  invoicedCents: number;
  paidCents: number;
}

/**
 * Procesando while a payment is in flight; Conveniada under a payment agreement; Pagada when paid;
 * Pago Parcial when something but not all was paid; otherwise Pendiente.
 */
export function invoiceDisplayStatus(i: InvoiceStateFacts): InvoiceDisplayStatus {
  if (i.inFlightPaymentId) return 'Procesando';
  if (i.status === 'AGREED') return 'Conveniada';
  if (i.status === 'PAID') return 'Pagada';
  if (i.status === 'PARTIAL' || (i.paidCents > 0 && i.paidCents < i.invoicedCents)) return 'Pago Parcial';
  return 'Pendiente';
}

/** The amount still owed on an invoice: never negative. */
export function amountDueCents(i: { invoicedCents: number; paidCents: number; bonusCents: number }) {
  return Math.max(0, i.invoicedCents - i.paidCents - i.bonusCents);
}

/** Colours the web uses for the display tags (antd preset names). */
export const INVOICE_DISPLAY_COLORS: Record<InvoiceDisplayStatus, string> = {
  Procesando: 'processing',
  Pendiente: 'orange',
  Conveniada: 'purple',
  Pagada: 'green',
  'Pago Parcial': 'gold',
};
