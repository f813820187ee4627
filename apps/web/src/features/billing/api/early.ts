import { DEFAULT_PAGE_SIZE } from '@ov/domain/constants';
import type { EarlyCall } from '../../../lib/early-calls';
import { BASE } from './keys';

/** The customer's codes, the first call of the codes page, the code detail and the pay page. */
export const MY_CCS_CALL: EarlyCall = { path: `${BASE}/my-ccs`, body: {} };

/** The first page of a code's invoices as the detail's table asks for it before any filter. */
export function firstInvoicePage(cc: string) {
  return { cc, page: 1, size: DEFAULT_PAGE_SIZE, filters: {} };
}

/**
 * What a code's detail asks for on its first render (app/early-load.ts starts them from the entry):
 * the codes (its card), the contract facts, the debt, the consumption and the first invoices. Kept
 * small: the route table (in the entry) imports it.
 */
export function codeDetailCalls(cc: string): EarlyCall[] {
  return [
    MY_CCS_CALL,
    { path: `${BASE}/account-summary`, body: { cc } },
    { path: `${BASE}/total-debt`, body: { cc } },
    { path: `${BASE}/consumption`, body: { cc } },
    { path: `${BASE}/invoice-cc`, body: firstInvoicePage(cc) },
  ];
}
