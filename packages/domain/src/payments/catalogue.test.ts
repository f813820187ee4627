import { describe, expect, it } from 'vitest';
import { findError } from '../errors';
import { PAYMENT_RESULTS } from './results';

describe('payment result codes in the error catalogue', () => {
  it.each(PAYMENT_RESULTS.map((r) => [r.code, r]))('PAYMENTRESULT %i has the spec texts', (code, r) => {
    const e = findError('PAYMENTRESULT', code);
    expect(e).toMatchObject({ es: r.es, en: r.en });
    expect([400, 409]).toContain(e!.status);
  });
});
