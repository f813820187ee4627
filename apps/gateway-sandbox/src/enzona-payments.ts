import { toDecimal } from './money';

export const ENZONA_STATUS = {
  ACCEPTED: 1111,
  CANCELLED: 1112,
  PENDING: 1113,
  REFUNDED: 1115,
  CONFIRMED: 1116,
} as const;

export const ENZONA_DENOM: Record<number, string> = {
  1111: 'Aceptado',
  1112: 'Cancelado',
  1113: 'Pendiente',
  1115: 'Devuelto',
  1116: 'Confirmado',
};

export interface EnzonaItem {
  name: string;
  description: string;
  quantity: number;
  price: string;
  tax: string;
}

export interface EnzonaPayment {
  transaction_uuid: string;
  merchant_op_id: string;
  invoice_number: string;
  description: string;
  currency: 'CUP';
  totalCents: number;
  details: { shipping: number; tax: number; discount: number; tip: number };
  items: EnzonaItem[];
  return_url: string;
  cancel_url: string;
  terminal_id: string;
  status_code: number;
  created_at: string;
  update_at: string;
  user_uuid: string | null;
  refunds: Array<{ transaction_uuid: string; cents: number; created_at: string }>;
}

export interface EnzonaState {
  payments: Map<string, EnzonaPayment>;
  tokens: Map<string, number>;
}

export function createEnzonaState(): EnzonaState {
  return { payments: new Map(), tokens: new Map() };
}

/** The payment as EnZona's API shows it. */
export function enzonaView(p: EnzonaPayment, base: string) {
  return {
    transaction_uuid: p.transaction_uuid,
    merchant_op_id: p.merchant_op_id,
    invoice_number: p.invoice_number,
    description: p.description,
    currency: p.currency,
    amount: {
      total: toDecimal(p.totalCents),
      details: {
        shipping: toDecimal(p.details.shipping),
        tax: toDecimal(p.details.tax),
        discount: toDecimal(p.details.discount),
        tip: toDecimal(p.details.tip),
      },
    },
    items: p.items,
    return_url: p.return_url,
    cancel_url: p.cancel_url,
    terminal_id: p.terminal_id,
    status_code: p.status_code,
    status_denom: ENZONA_DENOM[p.status_code],
    created_at: p.created_at,
    update_at: p.update_at,
    user_uuid: p.user_uuid,
    refunded_total: toDecimal(p.refunds.reduce((s, r) => s + r.cents, 0)),
    links: [
      { rel: 'confirm', href: `${base}/enzona/checkout/${p.transaction_uuid}`, method: 'REDIRECT' },
      { rel: 'self', href: `${base}/enzona/payment/v1.0.0/payments/${p.transaction_uuid}`, method: 'GET' },
      {
        rel: 'complete',
        href: `${base}/enzona/payment/v1.0.0/payments/${p.transaction_uuid}/complete`,
        method: 'POST',
      },
    ],
  };
}
