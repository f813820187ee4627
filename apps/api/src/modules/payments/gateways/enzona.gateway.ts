import {
  callGateway,
  centsToDecimal,
  decimalToCents,
  type GatewayCreated,
  GatewayError,
  type GatewayOrder,
  type GatewayQuery,
  type GatewayRefund,
  type GatewayStatus,
  type NotificationHeaders,
  type PaymentGateway,
  type VerifiedNotification,
} from './payment-gateway';

export interface EnzonaOptions {
  /** e.g. https://api.enzona.net or http://127.0.0.1:3100/enzona (token at /token, API under /payment/v1.0.0). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  terminalId?: string;
  timeoutMs?: number;
  /** Renew the token this long before it expires. */
  tokenMarginMs?: number;
  now?: () => number;
}

export const ENZONA_CODES = {
  ACCEPTED: 1111,
  CANCELLED: 1112,
  PENDING: 1113,
  REFUNDED: 1115,
  CONFIRMED: 1116,
  NOT_CONFIRMED_ERROR: '4065',
} as const;

const STATUS: Record<number, GatewayStatus> = {
  1111: 'PAID',
  1112: 'CANCELED',
  1113: 'PENDING',
  1115: 'REFUNDED',
  1116: 'PAID',
};

const UUID = /^[0-9a-f-]{16,64}$/i;

interface EnzonaPaymentBody {
  transaction_uuid: string;
  status_code: number;
  merchant_op_id?: string;
  currency?: string;
  amount?: { total?: string | number };
  links?: Array<{ rel: string; href: string; method?: string }>;
}

export function createEnzonaGateway(opts: EnzonaOptions): PaymentGateway {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const api = `${base}/payment/v1.0.0`;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const margin = opts.tokenMarginMs ?? 60_000;
  const now = opts.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let inflight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const res = await callGateway(`${base}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'enzona_business_payment',
      }).toString(),
      timeoutMs,
    });
    const b = res.body as { access_token?: string; expires_in?: number } | undefined;
    if (res.status === 400 || res.status === 401) {
      throw new GatewayError('UNAUTHORIZED', 'EnZona refused the client credentials', {
        httpStatus: res.status,
        body: res.body,
      });
    }
    if (res.status !== 200 || !b?.access_token) {
      throw new GatewayError('UNAVAILABLE', `EnZona token endpoint answered ${res.status}`, {
        httpStatus: res.status,
        body: res.body,
      });
    }
    const ttlMs = Math.max(Number(b.expires_in) || 0, 0) * 1000;
    // Short-lived tokens are still reused, just renewed earlier than `margin` would allow.
    token = { value: b.access_token, expiresAt: now() + ttlMs - Math.min(margin, ttlMs / 2) };
    return b.access_token;
  }

  /** A cached token while it is valid; one request at a time when it must be renewed. */
  async function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return token.value;
    inflight ??= fetchToken().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const res = await callGateway(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
      });
      if (res.status === 401 && attempt === 0) {
        // Revoked or expired early: get a new token once.
        if (token?.value === bearer) token = null;
        continue;
      }
      if (res.status >= 200 && res.status < 300) return res;
      const b = res.body as { code?: string | number; message?: string } | undefined;
      const details = { httpStatus: res.status, gatewayCode: b?.code, body: res.body };
      const message = `EnZona ${method} ${path}: ${res.status} ${b?.message ?? ''}`.trim();
      if (res.status === 401) throw new GatewayError('UNAUTHORIZED', message, details);
      if (res.status === 404) throw new GatewayError('NOT_FOUND', message, details);
      if (String(b?.code) === ENZONA_CODES.NOT_CONFIRMED_ERROR)
        throw new GatewayError('NOT_CONFIRMED', message, details);
      if (res.status >= 400 && res.status < 500) throw new GatewayError('REJECTED', message, details);
      throw new GatewayError('UNAVAILABLE', message, details);
    }
  }

  function toQuery(b: EnzonaPaymentBody): GatewayQuery {
    const code = Number(b?.status_code);
    const status = STATUS[code];
    if (!status) {
      throw new GatewayError('UNAVAILABLE', `EnZona answered an unknown status ${b?.status_code}`, {
        body: b,
      });
    }
    return {
      status,
      needsCompletion: code === ENZONA_CODES.CONFIRMED,
      amountCents: decimalToCents(b.amount?.total),
      currency: b.currency,
      externalId: b.merchant_op_id,
      gatewayStatus: code,
      raw: b,
    };
  }

  const uuidPath = (ref: string) => {
    if (!UUID.test(ref)) throw new GatewayError('NOT_FOUND', `Not an EnZona transaction: ${ref}`);
    return `/payments/${encodeURIComponent(ref)}`;
  };

  return {
    method: 'ENZONA',

    async create(order: GatewayOrder): Promise<GatewayCreated> {
      if (!order.returnUrl || !order.cancelUrl) throw new RangeError('EnZona needs returnUrl and cancelUrl');
      const lines = order.items?.length
        ? order.items
        : [
            {
              name: order.description,
              description: order.description,
              quantity: 1,
              priceCents: order.amountCents,
            },
          ];
      const itemsTotal = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
      if (itemsTotal !== order.amountCents) {
        throw new RangeError(`Items add up to ${itemsTotal} cents, the order is ${order.amountCents}`);
      }
      const res = await call('POST', '/payments', {
        description: order.description.slice(0, 255),
        currency: 'CUP',
        amount: {
          total: centsToDecimal(order.amountCents),
          details: { shipping: '0.00', tax: '0.00', discount: '0.00', tip: '0.00' },
        },
        items: lines.map((l) => ({
          name: l.name.slice(0, 255),
          description: (l.description ?? l.name).slice(0, 255),
          quantity: l.quantity,
          price: centsToDecimal(l.priceCents),
          tax: '0.00',
        })),
        merchant_op_id: order.externalId,
        invoice_number: order.invoiceNumber ?? order.externalId,
        return_url: order.returnUrl,
        cancel_url: order.cancelUrl,
        terminal_id: opts.terminalId ?? '',
      });
      const b = res.body as EnzonaPaymentBody;
      const confirm = b?.links?.find((l) => l.rel === 'confirm')?.href;
      if (!b?.transaction_uuid || !confirm) {
        throw new GatewayError('UNAVAILABLE', 'EnZona answered without a transaction or a confirm link', {
          body: b,
        });
      }
      return { gatewayRef: b.transaction_uuid, redirectUrl: confirm, raw: b };
    },

    async query(gatewayRef) {
      const res = await call('GET', uuidPath(gatewayRef));
      return toQuery(res.body as EnzonaPaymentBody);
    },

    async complete(gatewayRef) {
      const res = await call('POST', `${uuidPath(gatewayRef)}/complete`, {});
      return toQuery(res.body as EnzonaPaymentBody);
    },

    async cancel(gatewayRef) {
      const res = await call('POST', `${uuidPath(gatewayRef)}/cancel`, {});
      return toQuery(res.body as EnzonaPaymentBody);
    },

    /**
     * EnZona has no webhook: the "notification" is the payer's browser coming back to return_url or
     * cancel_url with ?transaction_uuid=…&user_uuid=…. Only its shape can be checked; `query` decides.
     */
    verifyNotification(_headers: NotificationHeaders, body: unknown): VerifiedNotification {
      const b = (body ?? {}) as Record<string, unknown>;
      const ref = typeof b.transaction_uuid === 'string' ? b.transaction_uuid : '';
      if (!UUID.test(ref)) {
        throw new GatewayError('INVALID_NOTIFICATION', 'EnZona return without a valid transaction_uuid');
      }
      return { gatewayRef: ref, raw: b };
    },

    async refund(gatewayRef, amountCents): Promise<GatewayRefund> {
      const res = await call('POST', `${uuidPath(gatewayRef)}/refund`, {
        amount: { total: centsToDecimal(amountCents) },
        description: 'Devolución',
      });
      const b = res.body as { transaction_uuid?: string; status_code?: number };
      if (Number(b?.status_code) !== ENZONA_CODES.REFUNDED) {
        throw new GatewayError('UNAVAILABLE', `EnZona refund answered status ${b?.status_code}`, { body: b });
      }
      return { status: 'REFUNDED', refundRef: b.transaction_uuid, raw: b };
    },
  };
}
