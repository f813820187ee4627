import type { EnzonaItem, EnzonaPayment } from './enzona-payments';
import { toCents, toDecimal } from './money';

interface CreateBody {
  description?: unknown;
  merchant_op_id?: unknown;
  invoice_number?: unknown;
  return_url?: unknown;
  cancel_url?: unknown;
  terminal_id?: unknown;
  currency?: unknown;
  amount?: { total?: unknown; details?: Record<string, unknown> };
  items?: unknown;
}

export type NewPaymentFields = Pick<
  EnzonaPayment,
  | 'merchant_op_id'
  | 'invoice_number'
  | 'description'
  | 'totalCents'
  | 'details'
  | 'items'
  | 'return_url'
  | 'cancel_url'
  | 'terminal_id'
>;

/**
 * Every field problem goes into one 4000 answer; the total is checked against the items and details
 * (4001) only once every field is sound.
 */
export function readCreateBody(
  body: unknown,
):
  | { fields: NewPaymentFields; error?: undefined }
  | { fields?: undefined; error: { code: number; message: string } } {
  const b = (body ?? {}) as CreateBody;
  const problems: string[] = [];
  const text = (field: string, max = 255, required = true) => {
    const v = b[field as keyof CreateBody];
    if (v === undefined || v === null || v === '') {
      if (required) problems.push(`${field} es obligatorio`);
      return '';
    }
    if (typeof v !== 'string' || v.length > max) problems.push(`${field} no es válido`);
    return String(v);
  };
  const description = text('description');
  const merchantOpId = text('merchant_op_id', 64);
  const invoiceNumber = text('invoice_number', 64, false);
  const returnUrl = text('return_url', 2000);
  const cancelUrl = text('cancel_url', 2000);
  const terminalId = text('terminal_id', 64, false);
  for (const [field, value] of [
    ['return_url', returnUrl],
    ['cancel_url', cancelUrl],
  ]) {
    if (value && !URL.canParse(value)) problems.push(`${field} no es una URL`);
  }
  if (b.currency !== 'CUP') problems.push('currency debe ser CUP');
  const total = toCents(b.amount?.total);
  if (total === null || total <= 0) problems.push('amount.total no es válido');
  const d = b.amount?.details ?? {};
  const details = {
    shipping: toCents(d.shipping ?? '0'),
    tax: toCents(d.tax ?? '0'),
    discount: toCents(d.discount ?? '0'),
    tip: toCents(d.tip ?? '0'),
  };
  for (const [k, v] of Object.entries(details))
    if (v === null) problems.push(`amount.details.${k} no es válido`);
  const items: EnzonaItem[] = [];
  let itemsCents = 0;
  if (!Array.isArray(b.items) || b.items.length === 0) problems.push('items es obligatorio');
  else {
    b.items.forEach((it: Partial<Record<keyof EnzonaItem, unknown>> | null, i: number) => {
      const price = toCents(it?.price);
      const tax = toCents(it?.tax ?? '0');
      const quantity = it?.quantity;
      const name = typeof it?.name === 'string' ? it.name : '';
      if (!name) problems.push(`items[${i}].name es obligatorio`);
      if (
        price === null ||
        tax === null ||
        typeof quantity !== 'number' ||
        !Number.isInteger(quantity) ||
        quantity <= 0
      ) {
        problems.push(`items[${i}] no es válido`);
        return;
      }
      itemsCents += price * quantity;
      items.push({
        name,
        description: String(it?.description ?? ''),
        quantity,
        price: toDecimal(price),
        tax: toDecimal(tax),
      });
    });
  }
  if (problems.length) return { error: { code: 4000, message: problems.join('; ') } };
  const det = details as { shipping: number; tax: number; discount: number; tip: number };
  const expected = itemsCents + det.shipping + det.tax - det.discount + det.tip;
  if (expected !== total) {
    return {
      error: {
        code: 4001,
        message: `El total (${toDecimal(total!)}) no coincide con los artículos y detalles (${toDecimal(expected)})`,
      },
    };
  }
  return {
    fields: {
      merchant_op_id: merchantOpId,
      invoice_number: invoiceNumber,
      description,
      totalCents: total!,
      details: det,
      items,
      return_url: returnUrl,
      cancel_url: cancelUrl,
      terminal_id: terminalId,
    },
  };
}
