import { describe, expect, it } from 'vitest';
import { isSafeClientCodePattern } from './billing/client-code';
import { settingsSchema } from './settings';

describe('client-code pattern an administrator may set', () => {
  it.each(['^\\d{8,15}$', '^23\\d{11}$', '^(23|24)\\d{11}$', '^[0-9]{13}$'])('accepts %s', (p) => {
    expect(isSafeClientCodePattern(p)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['\\d{13}', 'not anchored'],
    ['^(\\d+)+$', 'a repeated group (catastrophic backtracking)'],
    ['^(\\d)\\1{12}$', 'a back-reference'],
    ['^[0-9$', 'does not compile'],
    [`^${'\\d'.repeat(40)}$`, 'longer than 60 characters'],
  ])('refuses %s (%s)', (p) => {
    expect(isSafeClientCodePattern(p)).toBe(false);
  });

  it('is checked with the other settings, and the billing period is whole months up to a year', () => {
    const ok = settingsSchema
      .partial()
      .safeParse({ clientCodePattern: '^23\\d{11}$', billingPeriodMonths: 2 });
    expect(ok.success).toBe(true);
    for (const bad of [
      { clientCodePattern: '^(a+)+$' },
      { billingPeriodMonths: 0 },
      { billingPeriodMonths: 1.5 },
    ])
      expect(settingsSchema.partial().safeParse(bad).success).toBe(false);
  });
});
