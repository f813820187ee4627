import { describe, expect, it } from 'vitest';
import { advanceBonusCents, advanceCreditedCents } from './advance';

/** Exact floor(amount × percent / 100) in integers: the reference the property tests compare with. */
const floorBonus = (amount: number, percent: number) => Number((BigInt(amount) * BigInt(percent)) / 100n);

/** A fixed pseudo-random sequence (LCG), so a failure names an amount that fails again. */
function* oddAmounts(count: number, max: number) {
  let seed = 20_261_127;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const amount = Math.floor((seed / 2_147_483_648) * max);
    yield amount % 2 === 1 ? amount : amount + 1;
  }
}

describe('advance bonus (floor to the cent)', () => {
  it('credits what the API credited before it lived here: 5 % of $100.01 is $5.00, not $5.01', () => {
    expect(advanceBonusCents(10_001, 5)).toBe(500);
    expect(advanceCreditedCents(10_001, 5)).toBe(10_501);
    expect(advanceBonusCents(19_999, 5)).toBe(999); // 999.95 → 999
    expect(advanceBonusCents(10_000, 5)).toBe(500);
    expect(advanceBonusCents(99, 5)).toBe(4); // 4.95 → 4
    expect(advanceBonusCents(12_345, 7)).toBe(864); // 864.15 → 864
    expect(advanceBonusCents(99_999_999_999, 100)).toBe(99_999_999_999);
  });

  it('every odd amount up to $300.00, at every percent 0–100: floor, never ceil or round', () => {
    const wrong: unknown[] = [];
    for (let amount = 1; amount <= 30_000; amount += 2) {
      for (let percent = 0; percent <= 100; percent++) {
        const bonus = advanceBonusCents(amount, percent);
        // floor: bonus × 100 ≤ amount × percent < (bonus + 1) × 100
        const floor =
          Number.isInteger(bonus) && bonus * 100 <= amount * percent && amount * percent < (bonus + 1) * 100;
        if (!floor || advanceCreditedCents(amount, percent) !== amount + bonus)
          wrong.push({ amount, percent, bonus });
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('20 000 pseudo-random odd amounts up to the largest payment, every percent', () => {
    const wrong: unknown[] = [];
    for (const amount of oddAmounts(20_000, 99_999_999_999)) {
      const percent = amount % 101;
      const bonus = advanceBonusCents(amount, percent);
      if (bonus !== floorBonus(amount, percent)) wrong.push({ amount, percent, bonus });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('an odd amount whose 5 % is not whole loses the fraction (ceil and round would disagree)', () => {
    let fractions = 0;
    const wrong: unknown[] = [];
    for (let amount = 10_001; amount < 20_000; amount += 2) {
      const bonus = advanceBonusCents(amount, 5);
      if (bonus !== Math.floor((amount * 5) / 100)) wrong.push({ amount, bonus });
      if ((amount * 5) % 100 !== 0) fractions++;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(fractions).toBe(5_000); // every odd amount has a fraction of a cent at 5 %
  });

  it('no bonus without a positive percent or amount; fractions of a cent are refused', () => {
    expect(advanceBonusCents(10_001, 0)).toBe(0);
    expect(advanceBonusCents(10_001, -5)).toBe(0);
    expect(advanceBonusCents(0, 5)).toBe(0);
    expect(advanceBonusCents(-10_001, 5)).toBe(0);
    expect(() => advanceBonusCents(100.5, 5)).toThrow(RangeError);
    expect(() => advanceBonusCents(10_001, 2.5)).toThrow(RangeError);
  });
});
