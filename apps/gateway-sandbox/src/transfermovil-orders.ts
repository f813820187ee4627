import type { Ctx } from './context';
import { toDecimal } from './money';

/** Order statuses as getStatusOrder reports them. */
export const TM_STATUS = { REGISTERED: 1, PAID: 3, FAILED: 5, EXPIRED: 6, CANCELLED: 9 } as const;

export const TM_DENOM: Record<number, string> = {
  1: 'Pendiente',
  3: 'Pagada',
  4: 'Pagada',
  5: 'Rechazada',
  6: 'Expirada',
  9: 'Cancelada',
};

export interface Delivery {
  copy: number;
  attempt: number;
  at: string;
  httpStatus: number | null;
  acknowledged: boolean;
  error?: string;
}

export interface TmOrder {
  orderId: number;
  externalId: string;
  source: string | number;
  amountCents: number;
  currency: 'CUP';
  description: string;
  phone: string;
  urlResponse: string;
  validTime: number;
  status: number;
  createdAt: string;
  expiresAt: string | null;
  paidAt: string | null;
  bankId: string | null;
  tmId: string | null;
  bank: string | null;
  payerPhone: string | null;
  /** Notifications the bank decided to send (a duplicate fault makes more than one). */
  notifications: number;
  dropped: number;
  acknowledged: boolean;
  deliveries: Delivery[];
}

export interface Held {
  order: TmOrder;
  copy: number;
}

export interface TmState {
  orders: Map<string, TmOrder>;
  /** The bank app looks orders up by ExternalId alone (the QR's id_transaccion). */
  byExternalId: Map<string, TmOrder>;
  held: Held[];
  nextOrderId: number;
}

export function createTmState(): TmState {
  return { orders: new Map(), byExternalId: new Map(), held: [], nextOrderId: 100001 };
}

export const orderKey = (source: unknown, externalId: unknown) => `${source}\u0000${externalId}`;

/** Lazily moves a registered order past its valid time to EXPIRED. */
export function refresh(ctx: Ctx, order: TmOrder): TmOrder {
  if (
    order.status === TM_STATUS.REGISTERED &&
    order.expiresAt &&
    ctx.now().getTime() >= Date.parse(order.expiresAt)
  ) {
    order.status = TM_STATUS.EXPIRED;
  }
  return order;
}

export function findByExternalId(ctx: Ctx, state: TmState, externalId: string, source?: string) {
  if (source !== undefined) {
    const o = state.orders.get(orderKey(source, externalId));
    return o ? refresh(ctx, o) : undefined;
  }
  const o = state.byExternalId.get(externalId);
  return o ? refresh(ctx, o) : undefined;
}

export function tmView(o: TmOrder) {
  return {
    OrderId: o.orderId,
    ExternalId: o.externalId,
    Source: o.source,
    Amount: toDecimal(o.amountCents),
    Currency: o.currency,
    Description: o.description,
    Phone: o.phone,
    Status: o.status,
    StatusDenom: TM_DENOM[o.status],
    CreatedAt: o.createdAt,
    ExpiresAt: o.expiresAt,
    PaidAt: o.paidAt,
    BankId: o.bankId,
    TmId: o.tmId,
    Bank: o.bank,
    notifications: o.notifications,
    dropped: o.dropped,
    acknowledged: o.acknowledged,
    deliveries: o.deliveries,
  };
}
