import { decimalToCents, centsToDecimal as domainCentsToDecimal, type PaymentMethod } from '@ov/domain';
import { request } from 'undici';

/**
 * One adapter per payment gateway. Adapters speak the gateway's real protocol over HTTP; the payments
 * service never sees gateway-specific shapes. Amounts are integer cents here and decimal text on the
 * wire ('123.45'), converted without floating point.
 */
export interface PaymentGateway {
  readonly method: PaymentMethod;
  /** Registers the order at the gateway. */
  create(order: GatewayOrder): Promise<GatewayCreated>;
  /** The gateway's own view of the order (server to server): the only thing trusted to settle. */
  query(gatewayRef: string): Promise<GatewayQuery>;
  /** Captures a payment the payer confirmed (EnZona only: 1116 → 1111). Idempotent. */
  complete?(gatewayRef: string): Promise<GatewayQuery>;
  /** Withdraws a pending order (EnZona only). */
  cancel?(gatewayRef: string): Promise<GatewayQuery>;
  /**
   * Checks a notification or return is authentic and says which order it is about. It proves nothing
   * about the money: the caller must `query` before settling. Throws GatewayError('INVALID_NOTIFICATION').
   */
  verifyNotification(headers: NotificationHeaders, body: unknown): VerifiedNotification;
  /** Returns money to the payer, or says a person has to do it at the gateway. */
  refund(gatewayRef: string, amountCents: number): Promise<GatewayRefund>;
}

export interface GatewayOrder {
  /** Our unique reference of the payment (EnZona merchant_op_id, Transfermóvil ExternalId). */
  externalId: string;
  amountCents: number;
  description: string;
  invoiceNumber?: string;
  /** Lines of the payment; when absent one line for the whole amount is sent. Must add up. */
  items?: Array<{ name: string; description?: string; quantity: number; priceCents: number }>;
  /** EnZona: where the payer's browser comes back to. */
  returnUrl?: string;
  cancelUrl?: string;
  /** Transfermóvil: where the bank POSTs the notification (UrlResponse). */
  notifyUrl?: string;
  /** Transfermóvil: payer's phone, and minutes the order stays payable (ValidTime). */
  phone?: string;
  validMinutes?: number;
}

export interface GatewayCreated {
  /** What `query`, `complete` and `refund` take (EnZona transaction_uuid; Transfermóvil ExternalId). */
  gatewayRef: string;
  /** EnZona: send the payer's browser here. */
  redirectUrl?: string;
  /** Transfermóvil: what the portal shows the payer. */
  transactionCode?: string;
  qr?: string;
  deepLink?: string;
  raw: unknown;
}

export const GATEWAY_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELED', 'EXPIRED', 'REFUNDED'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

export interface GatewayQuery {
  status: GatewayStatus;
  /** EnZona 1116: the payer paid, the merchant still has to `complete`. */
  needsCompletion?: boolean;
  amountCents?: number;
  currency?: string;
  /** Our reference as the gateway echoes it, to compare with our record. */
  externalId?: string;
  /** The gateway's own status code (1111…, 1…9). */
  gatewayStatus: number;
  raw: unknown;
}

export type NotificationHeaders = Record<string, string | string[] | undefined>;

export interface VerifiedNotification {
  /** Our reference when the notification carries it (Transfermóvil ExternalId). */
  externalId?: string;
  gatewayRef: string;
  /** What the notification claims; never settle on it without `query`. */
  claimedStatus?: number;
  raw: unknown;
}

export interface GatewayRefund {
  /** REFUNDED: the gateway returned the money; MANUAL: staff must do it at the gateway. */
  status: 'REFUNDED' | 'MANUAL';
  refundRef?: string;
  raw: unknown;
}

export type GatewayErrorCode =
  /** Network failure, timeout, 5xx, or the gateway saying it failed for its own reasons. */
  | 'UNAVAILABLE'
  /** Our credentials were refused. */
  | 'UNAUTHORIZED'
  /** The gateway refused the request (validation, wrong state, duplicate). */
  | 'REJECTED'
  | 'NOT_FOUND'
  /** EnZona 4065: completing a payment the payer has not confirmed. */
  | 'NOT_CONFIRMED'
  | 'INVALID_NOTIFICATION';

export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
    readonly details: { httpStatus?: number; gatewayCode?: string | number; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * 12345 → '123.45': the domain's conversion (packages/domain money.ts); an amount sent to a gateway is
 * never negative.
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Invalid amount in cents: ${cents}`);
  return domainCentsToDecimal(cents);
}

/** '123.45' or 123.45 → 12345 (the domain's conversion); undefined for anything that is not a plain amount. */
export { decimalToCents };

export function header(headers: NotificationHeaders, name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * One HTTP call to a gateway over undici's keep-alive pool (several times cheaper per call than
 * fetch, which matters on the callback path), with a timeout; network failures and timeouts become
 * GatewayError('UNAVAILABLE'). The body is parsed as JSON when it is JSON, kept as text otherwise.
 */
export async function callGateway(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  let status: number;
  let text: string;
  try {
    const res = await request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      headersTimeout: init.timeoutMs,
      bodyTimeout: init.timeoutMs,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    status = res.statusCode;
    text = await res.body.text().catch(() => '');
  } catch (err) {
    throw new GatewayError('UNAVAILABLE', `Gateway unreachable: ${err instanceof Error ? err.message : err}`);
  }
  let body: unknown = text;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error details
    }
  }
  return { status, body };
}
