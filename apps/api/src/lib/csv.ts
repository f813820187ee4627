import { centsToDecimal } from '@ov/domain';

/**
 * The CSV conventions of every export (payment records, the daily reconciliation): UTF-8 with a BOM,
 * a header line, commas, CRLF line ends; numbers the export writes stay numbers; text cells are
 * guarded against spreadsheet formula injection.
 */

/** A number the export itself writes (an amount from integer cents, a count): never text. */
export class CsvNumber {
  constructor(readonly text: string) {}
}
export const csvMoney = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : new CsvNumber(centsToDecimal(cents));
export const csvInteger = (n: number | null | undefined) =>
  n === null || n === undefined ? null : new CsvNumber(String(n));

/**
 * One cell. Numbers stay numbers (a refund's `-100.00` is a value a spreadsheet adds up, not text);
 * text that starts with = + - @ or a control character gets a leading `'` (spreadsheet formula
 * injection), and anything with a quote, comma, semicolon or line break is quoted.
 */
export function csvCell(v: unknown): string {
  if (v instanceof CsvNumber) return /^-?\d+(\.\d+)?$/.test(v.text) ? v.text : '';
  const s = v === null || v === undefined ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, CRLF-terminated. */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The header line, after the BOM that tells spreadsheets it is UTF-8. */
export const csvHeader = (columns: readonly string[]) => `\uFEFF${columns.join(',')}\r\n`;
