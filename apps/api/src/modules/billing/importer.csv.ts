import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { CLIENT_TYPES, clientCodeMatcher, INVOICE_STATUSES, MUNICIPALITIES } from '@ov/domain';
import { z } from 'zod';

/** CSV columns of the importer (header row required, any order) and the validation of each row. */
export const ACCOUNT_COLUMNS = [
  'cc',
  'holder_name',
  'client_type',
  'street',
  'number',
  'between_streets',
  'municipality',
  'popular_council',
  'commercial_office',
  'policy',
  'contract_number',
  'nucleus_people',
  'metered',
  'active',
] as const;
export const INVOICE_COLUMNS = [
  'cc',
  'number',
  'issued_on',
  'period_from',
  'period_to',
  'invoiced_cents',
  'paid_cents',
  'bonus_cents',
  'partial',
  'policy',
  'status',
  'consumption_m3',
] as const;

const text = (max = 200) => z.string().trim().min(1).max(max);
const optional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null);
const bool = z
  .enum(['true', 'false', '1', '0', 'si', 'sí', 'no', 't', 'f'])
  .transform((v) => ['true', '1', 'si', 'sí', 't'].includes(v));
const cents = z
  .string()
  .regex(/^\d+$/, 'importe en centavos (entero)')
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER));
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha AAAA-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(d)), 'fecha no válida');
const municipality = z
  .string()
  .regex(/^\d+$/)
  .transform(Number)
  .refine((n) => MUNICIPALITIES.some((m) => m.pk === n), 'municipio desconocido');

export function rowSchemas(clientCodePattern: string) {
  const re = clientCodeMatcher(clientCodePattern);
  const cc = z.string().trim().regex(re, 'código de cliente con formato no válido');
  const account = z.object({
    cc,
    holder_name: text(),
    client_type: z.enum(CLIENT_TYPES),
    street: text(),
    number: optional(20),
    between_streets: optional(),
    municipality,
    popular_council: optional(),
    commercial_office: text(),
    policy: optional(60),
    contract_number: optional(60),
    nucleus_people: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number),
    metered: bool,
    active: bool,
  });
  const invoice = z
    .object({
      cc,
      number: text(60),
      issued_on: day,
      period_from: day,
      period_to: day,
      invoiced_cents: cents,
      paid_cents: cents,
      bonus_cents: cents,
      partial: bool,
      policy: optional(60),
      status: z.enum(INVOICE_STATUSES),
      consumption_m3: z
        .string()
        .trim()
        .regex(/^\d*$/)
        .transform((v) => (v ? Number(v) : null)),
    })
    .refine((i) => i.period_from <= i.period_to, {
      message: 'el período termina antes de empezar',
      path: ['period_to'],
    })
    .refine((i) => i.paid_cents + i.bonus_cents <= i.invoiced_cents, {
      message: 'pagado mayor que facturado',
      path: ['paid_cents'],
    })
    .refine((i) => i.status !== 'PAID' || i.paid_cents + i.bonus_cents === i.invoiced_cents, {
      message: 'factura PAID con saldo pendiente',
      path: ['status'],
    });
  return { account, invoice };
}

/** One CSV line (RFC 4180 quoting, no line breaks inside fields). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    if (quoted) {
      if (ch === '"' && line[k + 1] === '"') {
        cur += '"';
        k++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export interface Rejection {
  file: string;
  line: number;
  reason: string;
}

export async function* csvRows(file: string, columns: readonly string[]) {
  const rl = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  let header: string[] | null = null;
  let line = 0;
  for await (const raw of rl) {
    line++;
    if (!raw.trim()) continue;
    const cells = parseCsvLine(raw.replace(/^\uFEFF/, ''));
    if (!header) {
      header = cells.map((c) => c.trim().toLowerCase());
      const missing = columns.filter((c) => !header!.includes(c));
      if (missing.length) throw new Error(`${file}: missing columns ${missing.join(', ')}`);
      continue;
    }
    const h = header;
    yield { line, record: Object.fromEntries(h.map((name, k) => [name, cells[k] ?? ''])) };
  }
}
