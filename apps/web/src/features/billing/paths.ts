import { PATHS } from '../../lib/urls';

/** Client-side paths of the billing screens (the route table declares the same patterns). */
export const BILLING_PATHS = {
  codes: PATHS.clientCodes,
  code: (cc: string) => `${PATHS.clientCodes}/${encodeURIComponent(cc)}`,
  staffCodes: '/admin/client-codes',
  staffCode: (cc: string) => `/admin/client-codes/${encodeURIComponent(cc)}`,
  pay: (cc: string) => `${PATHS.payments}?cc=${encodeURIComponent(cc)}`,
  prepaid: (cc: string) => `${PATHS.prepaid}?cc=${encodeURIComponent(cc)}`,
  /** "Solicitar convenio" (the page is the contract-requests feature's). */
  agreement: (cc: string) => `${PATHS.clientCodes}/${encodeURIComponent(cc)}/agreement`,
} as const;
