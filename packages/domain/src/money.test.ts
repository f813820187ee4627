import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  centsToDecimal,
  centsToPesos,
  decimalToCents,
  formatMoney,
  parseMoneyToCents,
  pesosToCents,
} from './money';

describe('formatMoney', () => {
  it('formats cents as 0,0.00 with the $ symbol', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(99)).toBe('$0.99');
    expect(formatMoney(100)).toBe('$1.00');
    expect(formatMoney(100000000)).toBe('$1,000,000.00');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-1200)).toBe('-$12.00');
    expect(formatMoney(-5)).toBe('-$0.05');
  });

  it('writes CUP after the amount when asked', () => {
    expect(formatMoney(123450, { unit: 'CUP' })).toBe('1,234.50 CUP');
    expect(formatMoney(-1200, { unit: 'CUP' })).toBe('-12.00 CUP');
    expect(formatMoney(1200, { unit: '$' })).toBe('$12.00');
  });

  it('formats bigint amounts beyond the safe integer range exactly', () => {
    expect(formatMoney(123456789012345678901n)).toBe('$1,234,567,890,123,456,789.01');
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });
});

describe('parseMoneyToCents', () => {
  it.each([
    ['1,234.5', 123450],
    ['1234.50', 123450],
    ['$ 12', 1200],
    ['$12.05', 1205],
    ['0.1', 10],
    ['0', 0],
    ['12 CUP', 1200],
    [' 1,000,000 ', 100000000],
    ['-12.00', -1200],
    ['-$3', -300],
    ['0.29', 29],
    ['1.15', 115],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each(['1.234', '12.345', '', 'abc', '1,23', '12,3456.00', '1.', '.5', '1e3'])(
    'refuses %s as a VALIDATIONERROR',
    (input) => {
      try {
        parseMoneyToCents(input);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).name).toBe('VALIDATIONERROR');
        expect((error as AppError).reference).toBe(0);
      }
    },
  );

  it('round-trips with formatMoney', () => {
    for (const cents of [0, 1, 99, 100, 123450, 99999999999]) {
      expect(parseMoneyToCents(formatMoney(cents))).toBe(cents);
    }
  });
});

/** A fixed pseudo-random sequence (LCG) of odd amounts below `max`, so a failure names an amount that fails again. */
function* oddCents(count: number, max: number) {
  let seed = 20_261_128;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const hi = Math.floor((seed / 2_147_483_648) * (max / 2_147_483_648));
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const amount = (hi * 2_147_483_648 + seed) % max;
    yield amount % 2 === 1 ? amount : amount + 1;
  }
}
/** The largest amount the portal takes (the payments' schema), and what a double holds to the cent. */
const LARGEST = 99_999_999_999;

describe('cents ↔ pesos (one conversion, used by the API, the gateways and the web)', () => {
  it('writes cents as plain decimal text and reads it back', () => {
    expect(centsToDecimal(12_345)).toBe('123.45');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-10_000)).toBe('-100.00');
    expect(decimalToCents('123.45')).toBe(12_345);
    expect(decimalToCents(123.45)).toBe(12_345);
    expect(decimalToCents('1.5')).toBe(150);
    expect(decimalToCents(' 7 ')).toBe(700);
    for (const bad of ['1.005', '-1.00', '1,234.00', '$1', '', 'abc', null, undefined, {}, Number.NaN])
      expect(decimalToCents(bad)).toBeUndefined();
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('pesos from a number input: to the nearest cent, never by multiplying floats', () => {
    expect(pesosToCents(123.45)).toBe(12_345);
    expect(pesosToCents(0.1 + 0.2)).toBe(30);
    expect(pesosToCents(1.1)).toBe(110); // 1.1 × 100 = 110.00000000000001
    expect(pesosToCents(4.35)).toBe(435); // 4.35 × 100 = 434.99999999999994
    expect(pesosToCents(-2.5)).toBe(-250);
    expect(pesosToCents(0)).toBe(0);
    expect(centsToPesos(12_345)).toBe(123.45);
    expect(() => pesosToCents(Number.NaN)).toThrow(RangeError);
  });

  it('every odd amount up to $300.00 goes to text, pesos and back unchanged', () => {
    const wrong: unknown[] = [];
    for (let cents = 1; cents <= 30_000; cents += 2) {
      const text = centsToDecimal(cents);
      if (
        decimalToCents(text) !== cents ||
        pesosToCents(centsToPesos(cents)) !== cents ||
        decimalToCents(centsToPesos(cents)) !== cents ||
        parseMoneyToCents(text) !== cents ||
        centsToDecimal(-cents) !== `-${text}` ||
        formatMoney(cents, { unit: 'CUP' }).replace(/,/g, '') !== `${text} CUP`
      )
        wrong.push(cents);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('20 000 pseudo-random odd amounts up to the largest payment go round unchanged', () => {
    const wrong: unknown[] = [];
    for (const cents of oddCents(20_000, LARGEST)) {
      const text = centsToDecimal(cents);
      if (
        decimalToCents(text) !== cents ||
        pesosToCents(centsToPesos(cents)) !== cents ||
        parseMoneyToCents(text) !== cents
      )
        wrong.push(cents);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
