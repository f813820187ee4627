/** Query keys of the billing feature; everything under BILLING_KEY is refreshed after a change. */
export const BILLING_KEY = ['billing'] as const;
export const MY_CCS_KEY = [...BILLING_KEY, 'my-ccs'] as const;
export const BASE = '/ahab-requests';
