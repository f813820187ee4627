import { describe, expect, it } from 'vitest';
import {
  addMonths,
  agreementItemNumber,
  agreementItemOf,
  agreementProblems,
  agreementSchedule,
  DEFAULT_AGREEMENT_LIMITS,
  maxInstalmentsFor,
  minDownPaymentCents,
  suggestedPlan,
} from './agreements';
import { contractRequestProblems } from './contract-request-input';
import { ERROR_CATALOGUE } from './error-catalogue';
import { settingsSchema } from './settings';

const L = { minDownPercent: 20, maxInstalments: 12, minInstalmentCents: 10_000 };

describe('payment agreement limits', () => {
  it('starts from 20 % down, 12 instalments at most, $5.00 each at least', () => {
    expect(DEFAULT_AGREEMENT_LIMITS).toEqual({
      minDownPercent: 20,
      maxInstalments: 12,
      minInstalmentCents: 500,
    });
  });

  it('asks at least the minimum percent down, rounded up to the cent', () => {
    expect(minDownPaymentCents(100_000, L)).toBe(20_000);
    expect(minDownPaymentCents(100_001, L)).toBe(20_001);
    expect(minDownPaymentCents(5, { ...L, minDownPercent: 0 })).toBe(0);
  });

  it('accepts a plan within every limit', () => {
    expect(agreementProblems(120_000, { downPaymentCents: 24_000, instalments: 6 }, L)).toEqual([]);
  });

  it('names each broken limit with its reference', () => {
    const refs = (total: number, down: number, n: number) =>
      agreementProblems(total, { downPaymentCents: down, instalments: n }, L).map((p) => p.reference);
    expect(refs(0, 0, 1)).toEqual([630]);
    expect(refs(100_000, 19_999, 4)).toEqual([631]);
    expect(refs(100_000, 100_000, 4)).toEqual([632]);
    expect(refs(100_000, 20_000, 0)).toEqual([633]);
    expect(refs(100_000, 20_000, 13)).toEqual([633]);
    // 80,000 left over 9 instalments is 8,888 each: under the 10,000 minimum.
    expect(refs(100_000, 20_000, 9)).toEqual([634]);
    expect(refs(100_000, 20_000, 8)).toEqual([]);
    expect(refs(100_000, 20_000, 2.5)).toEqual([633]);
  });

  it('suggests the minimum down payment and as many instalments as fit', () => {
    expect(maxInstalmentsFor(100_000, 20_000, L)).toBe(8);
    expect(maxInstalmentsFor(1_000_000, 200_000, L)).toBe(12);
    expect(suggestedPlan(100_000, L)).toEqual({ downPaymentCents: 20_000, instalments: 8 });
  });
});

describe('payment agreement schedule', () => {
  it('splits what is left in equal monthly instalments, the odd cents on the first', () => {
    const s = agreementSchedule(100_000, { downPaymentCents: 20_001, instalments: 3 }, '2026-01-31');
    expect(s).toEqual([
      { n: 0, of: 3, dueOn: '2026-01-31', amountCents: 20_001 },
      { n: 1, of: 3, dueOn: '2026-02-28', amountCents: 26_667 },
      { n: 2, of: 3, dueOn: '2026-03-31', amountCents: 26_666 },
      { n: 3, of: 3, dueOn: '2026-04-30', amountCents: 26_666 },
    ]);
    expect(s.reduce((sum, i) => sum + i.amountCents, 0)).toBe(100_000);
  });

  it('adds months across years', () => {
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2028-01-29', 1)).toBe('2028-02-29');
  });

  it('numbers the items so an invoice says which instalment it is', () => {
    const number = agreementItemNumber('ABCDEFGHJK', 2, 6);
    expect(number).toBe('CV-ABCDEFGHJK-2/6');
    expect(agreementItemOf(number)).toEqual({ requestId: 'ABCDEFGHJK', n: 2, of: 6 });
    expect(agreementItemOf('F-2026-000123')).toBeNull();
  });
});

describe('payment agreement settings and messages', () => {
  it('checks the three limits an administrator sets', () => {
    const ok = {
      agreementMinDownPercent: 20,
      agreementMaxInstalments: 12,
      agreementMinInstalmentCents: 10_000,
    };
    expect(settingsSchema.partial().safeParse(ok).success).toBe(true);
    for (const bad of [
      { agreementMinDownPercent: 101 },
      { agreementMaxInstalments: 0 },
      { agreementMinInstalmentCents: 50 },
    ])
      expect(settingsSchema.partial().safeParse(bad).success).toBe(false);
  });

  it('has every reference of 630–642 in Spanish and English', () => {
    for (let r = 630; r <= 642; r++)
      expect(
        ERROR_CATALOGUE.some((e) => e.reference === r),
        String(r),
      ).toBe(true);
  });

  it('never takes a payment agreement through the contract-request form', () => {
    const problems = contractRequestProblems({ sector: 'RESIDENTIAL', procedureType: 'PAYMENT_AGREEMENT' });
    expect(problems[0]).toMatchObject({ field: 'procedureType', reference: 415 });
  });
});
