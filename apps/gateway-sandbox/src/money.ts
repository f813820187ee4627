/**
 * Amounts travel as decimal text ('123.45') or JSON numbers; the sandbox keeps integer cents and never
 * does floating-point arithmetic. A JSON number is read through its shortest decimal text
 * (String(123.45) === '123.45'), which is exact for any amount a gateway would accept.
 */
const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

export function toCents(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

export function toDecimal(cents: number): string {
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
