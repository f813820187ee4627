import type { PaymentStatus } from '../enums';

/**
 * What can happen to a payment request. The server drives every change (spec §4): the gateway's
 * answer (PAY, FAIL, CANCEL, EXPIRE) or staff (REFUND_REQUEST, REFUND_CONFIRM).
 */
export const PAYMENT_EVENTS = [
  'PAY',
  'FAIL',
  'CANCEL',
  'EXPIRE',
  'REFUND_REQUEST',
  'REFUND_CONFIRM',
] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/**
 * The payment status machine as data: PENDING → PAYED | FAILED | CANCELED (an expired code ends
 * FAILED with result code 11); PAYED → PENDING_REFUNDED → REFUNDED. Anything not listed is refused.
 */
export const PAYMENT_TRANSITIONS: Readonly<
  Record<PaymentStatus, Readonly<Partial<Record<PaymentEvent, PaymentStatus>>>>
> = Object.freeze({
  PENDING: { PAY: 'PAYED', FAIL: 'FAILED', CANCEL: 'CANCELED', EXPIRE: 'FAILED' },
  PAYED: { REFUND_REQUEST: 'PENDING_REFUNDED' },
  PENDING_REFUNDED: { REFUND_CONFIRM: 'REFUNDED' },
  CANCELED: {},
  FAILED: {},
  REFUNDED: {},
});

/** Statuses nothing but staff can move on from (no gateway answer changes them). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['CANCELED', 'FAILED', 'REFUNDED'];

/** The next status, or null when `event` does not apply to `state`. */
export function transition(state: PaymentStatus, event: PaymentEvent): PaymentStatus | null {
  return PAYMENT_TRANSITIONS[state]?.[event] ?? null;
}

/** Like `transition`, for code that must not go on with an impossible change. */
export function mustTransition(state: PaymentStatus, event: PaymentEvent): PaymentStatus {
  const next = transition(state, event);
  if (!next) throw new Error(`Payment status ${state} does not accept ${event}`);
  return next;
}
