import type { EarlyCall } from '../../../lib/early-calls';

/** The body asking for one code's open invoices: Pendiente, Pago Parcial and, to show them, Procesando / Conveniada. */
export function openInvoicesBody(cc: string) {
  return {
    cc,
    page: 1,
    size: 100,
    filters: { status: ['Pendiente', 'Pago Parcial', 'Procesando', 'Conveniada'] },
  };
}

/**
 * What the pay page asks for on its first render (app/early-load.ts starts them from the entry): the
 * customer's codes and, when the address names one, its open invoices. Kept small: the route table
 * (in the entry) imports it.
 */
export function payPageCalls(cc: string | null): EarlyCall[] {
  const calls: EarlyCall[] = [{ path: '/ahab-requests/my-ccs', body: {} }];
  if (cc) calls.push({ path: '/ahab-requests/invoice-cc', body: openInvoicesBody(cc) });
  return calls;
}
