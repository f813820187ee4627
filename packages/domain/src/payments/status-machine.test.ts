import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '../enums';
import { mustTransition, PAYMENT_EVENTS, type PaymentEvent, transition } from './status-machine';

const allowed: [PaymentStatus, PaymentEvent, PaymentStatus][] = [
  ['PENDING', 'PAY', 'PAYED'],
  ['PENDING', 'FAIL', 'FAILED'],
  ['PENDING', 'CANCEL', 'CANCELED'],
  ['PENDING', 'EXPIRE', 'FAILED'],
  ['PAYED', 'REFUND_REQUEST', 'PENDING_REFUNDED'],
  ['PENDING_REFUNDED', 'REFUND_CONFIRM', 'REFUNDED'],
];

describe('payment status machine', () => {
  it.each(allowed)('%s + %s → %s', (from, event, to) => {
    expect(transition(from, event)).toBe(to);
    expect(mustTransition(from, event)).toBe(to);
  });

  const refused = PAYMENT_STATUSES.flatMap((s) =>
    PAYMENT_EVENTS.filter((e) => !allowed.some(([f, ev]) => f === s && ev === e)).map(
      (e) => [s, e] as [PaymentStatus, PaymentEvent],
    ),
  );

  it.each(refused)('%s refuses %s', (from, event) => {
    expect(transition(from, event)).toBeNull();
    expect(() => mustTransition(from, event)).toThrow(/does not accept/);
  });

  it('a settled payment can never be paid again', () => {
    for (const s of PAYMENT_STATUSES.filter((x) => x !== 'PENDING')) expect(transition(s, 'PAY')).toBeNull();
  });
});
