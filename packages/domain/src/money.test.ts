import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { formatMoney, parseMoneyToCents } from './money';

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
