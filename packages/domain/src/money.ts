import { AppError } from './errors';

/** Money is always an integer number of cents; this module never does floating-point arithmetic on it. */
export const CURRENCY = { symbol: '$', alternative: 'CUP' } as const;

export interface FormatMoneyOptions {
  unit?: '$' | 'CUP';
}

function toCents(cents: number | bigint): bigint {
  if (typeof cents === 'bigint') return cents;
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`Money must be an integer number of cents: ${cents}`);
  return BigInt(cents);
}

/** '0,0.00' format: '$1,234.50', '-$12.00', or '1,234.50 CUP'. */
export function formatMoney(cents: number | bigint, opts: FormatMoneyOptions = {}): string {
  const value = toCents(cents);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const amount = `${whole}.${digits.slice(-2)}`;
  const sign = negative ? '-' : '';
  return opts.unit === CURRENCY.alternative ? `${sign}${amount} CUP` : `${sign}${CURRENCY.symbol}${amount}`;
}

const AMOUNT_PATTERN = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses what a person types ('1,234.5', '1234.50', '$ 12', '12 CUP') into cents.
 * Anything else, including more than two decimals, is a VALIDATIONERROR.
 */
export function parseMoneyToCents(input: string): number {
  const text = input
    .replace(/\s+/g, '')
    .replace(/^(-?)\$/, '$1')
    .replace(/CUP$/i, '');
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) throw new AppError('VALIDATIONERROR', 0, { input });
  const [, sign, whole, decimals = ''] = match;
  const cents = BigInt(`${whole.replace(/,/g, '')}${decimals.padEnd(2, '0')}`);
  const signed = sign === '-' ? -cents : cents;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new AppError('VALIDATIONERROR', 0, { input });
  }
  return Number(signed);
}
