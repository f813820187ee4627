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

/**
 * Cents as plain decimal text, the way gateways, CSV exports and number inputs write pesos:
 * 12345 → '123.45', 5 → '0.05', -10000 → '-100.00' (no grouping, no symbol). Integer arithmetic only.
 */
export function centsToDecimal(cents: number): string {
  const value = toCents(cents);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Plain decimal pesos (0 or more) to cents: '123.45' or 123.45 → 12345, '1.5' → 150. A number is read
 * through its shortest decimal text, so no floating-point arithmetic happens. undefined for anything
 * that is not such an amount (a sign, more than two decimals, grouping, a symbol: see
 * `parseMoneyToCents` for what a person types).
 */
export function decimalToCents(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const match = DECIMAL_PATTERN.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) return undefined;
  const [, whole, decimals = ''] = match;
  const cents = Number(`${whole}${decimals.padEnd(2, '0')}`);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Cents as a number of pesos, for a number input or a chart axis: 12345 → 123.45 (the nearest double). */
export function centsToPesos(cents: number): number {
  return Number(centsToDecimal(cents));
}

/**
 * A number of pesos (a number input, a chart value) to the nearest cent: 123.45 → 12345,
 * 0.1 + 0.2 → 30. Rounded from the number's exact value (toFixed), never by multiplying floats.
 */
export function pesosToCents(pesos: number): number {
  if (!Number.isFinite(pesos)) throw new RangeError(`Not an amount of pesos: ${pesos}`);
  const cents = decimalToCents(Math.abs(pesos).toFixed(2));
  if (cents === undefined) throw new RangeError(`Not an amount of pesos: ${pesos}`);
  return pesos < 0 && cents !== 0 ? -cents : cents;
}
