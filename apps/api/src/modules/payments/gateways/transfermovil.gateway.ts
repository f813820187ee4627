import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
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
  header,
  type NotificationHeaders,
  type PaymentGateway,
  type VerifiedNotification,
} from './payment-gateway';

export interface TransfermovilOptions {
  /** …/RestExternalPayment.svc */
  baseUrl: string;
  username: string;
  seed: string;
  /** The merchant's number at Transfermóvil ("numero_proveedor"). */
  source: string;
  /** Minutes an order stays payable when the caller does not say (ValidTime). */
  defaultValidMinutes?: number;
  timeoutMs?: number;
  now?: () => Date;
}

const havanaDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Havana',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Day, month and year of `at` in Havana, as Transfermóvil writes them: no leading zeros. */
export function havanaDateParts(at: Date): { day: string; month: string; year: string } {
  const parts = Object.fromEntries(havanaDate.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: String(Number(parts.day)),
    month: String(Number(parts.month)),
    year: String(Number(parts.year)),
  };
}

/**
 * password = base64(sha512(username + day + month + year + seed + source)), date in Havana. Every
 * notification and call needs it; the date cannot change within a minute (time zones are offset by
 * whole minutes), so the last answer is kept for the minute it was worked out in.
 */
export function transfermovilPassword(
  cred: { username: string; seed: string; source: string },
  at: Date,
): string {
  const key = `${Math.floor(at.getTime() / 60_000)}|${cred.username}|${cred.seed}|${cred.source}`;
  if (lastPassword?.key === key) return lastPassword.value;
  const { day, month, year } = havanaDateParts(at);
  const value = createHash('sha512')
    .update(`${cred.username}${day}${month}${year}${cred.seed}${cred.source}`, 'utf8')
    .digest('base64');
  lastPassword = { key, value };
  return value;
}
let lastPassword: { key: string; value: string } | undefined;

export function transfermovilHeaders(
  cred: { username: string; seed: string; source: string },
  at: Date,
): Record<string, string> {
  return { username: cred.username, source: cred.source, password: transfermovilPassword(cred, at) };
}

/** The answer the bank expects to a notification; anything else makes it retry. */
export function transfermovilAck(message = 'Notificación recibida') {
  return { Success: true, Resultmsg: message, Status: 1 };
}

const STATUS: Record<number, GatewayStatus> = {
  1: 'PENDING',
  2: 'PENDING',
  3: 'PAID',
  4: 'PAID',
  5: 'FAILED',
  6: 'EXPIRED',
  9: 'CANCELED',
};

/** A password made shortly before midnight in Havana is still accepted just after it. */
const DATE_GRACE_MS = 10 * 60_000;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * JSON where some values are bare numbers written from exact decimal text: Transfermóvil expects
 * numbers (Amount, importe, Source), and building them from text keeps floating point out of money.
 * `build` receives one unguessable placeholder per number and places them where the numbers go.
 */
function jsonWithNumbers<K extends string>(
  numbers: Record<K, string>,
  build: (slot: Record<K, string>) => unknown,
): string {
  const nonce = randomUUID();
  const slot = Object.fromEntries(Object.keys(numbers).map((k) => [k, `${nonce}:${k}`])) as Record<K, string>;
  let text = JSON.stringify(build(slot));
  for (const k of Object.keys(numbers) as K[]) {
    if (!/^\d+(\.\d+)?$/.test(numbers[k])) throw new RangeError(`Not a plain number: ${numbers[k]}`);
    text = text.replace(JSON.stringify(slot[k]), numbers[k]);
  }
  return text;
}

export function createTransfermovilGateway(opts: TransfermovilOptions): PaymentGateway {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const now = opts.now ?? (() => new Date());
  const cred = { username: opts.username, seed: opts.seed, source: opts.source };
  const numericSource = /^\d+$/.test(opts.source);

  async function call(method: 'GET' | 'POST', path: string, body?: string) {
    const res = await callGateway(`${base}/${path}`, {
      method,
      headers: {
        ...transfermovilHeaders(cred, now()),
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
      timeoutMs,
    });
    const details = { httpStatus: res.status, body: res.body };
    if (res.status === 401 || res.status === 403) {
      throw new GatewayError(
        'UNAUTHORIZED',
        `Transfermóvil refused the credentials (${res.status})`,
        details,
      );
    }
    if (res.status < 200 || res.status >= 300) {
      throw new GatewayError('UNAVAILABLE', `Transfermóvil ${path}: ${res.status}`, details);
    }
    return res.body;
  }

  return {
    method: 'TRANSFERMOVIL',

    async create(order: GatewayOrder): Promise<GatewayCreated> {
      if (!order.notifyUrl) throw new RangeError('Transfermóvil needs notifyUrl (UrlResponse)');
      const amount = centsToDecimal(order.amountCents);
      const body = jsonWithNumbers({ amount, source: numericSource ? opts.source : '0' }, (n) => ({
        request: {
          Amount: n.amount,
          Currency: 'CUP',
          Description: order.description.slice(0, 255),
          ExternalId: order.externalId,
          Phone: order.phone ?? '',
          Source: numericSource ? n.source : opts.source,
          UrlResponse: order.notifyUrl,
          ValidTime: order.validMinutes ?? opts.defaultValidMinutes ?? 30,
        },
      }));
      const res = (await call('POST', 'payOrder', body)) as {
        PayOrderResult?: { Success?: boolean; Resultmsg?: string; OrderId?: number | string };
      };
      const r = res?.PayOrderResult;
      if (r?.Success !== true) {
        throw new GatewayError(
          'REJECTED',
          `Transfermóvil did not register the order: ${r?.Resultmsg ?? 'no answer'}`,
          {
            body: res,
          },
        );
      }
      const params = new URLSearchParams({
        id_transaccion: order.externalId,
        importe: amount,
        moneda: 'CUP',
        numero_proveedor: opts.source,
      });
      const qr = jsonWithNumbers({ amount }, (n) => ({
        id_transaccion: order.externalId,
        importe: n.amount,
        moneda: 'CUP',
        numero_proveedor: opts.source,
      }));
      return {
        gatewayRef: order.externalId,
        transactionCode: order.externalId,
        qr,
        deepLink: `transfermovil://tm_compra_en_linea/action?${params.toString()}`,
        raw: res,
      };
    },

    async query(gatewayRef): Promise<GatewayQuery> {
      const res = (await call(
        'GET',
        `getStatusOrder/${encodeURIComponent(gatewayRef)}/${encodeURIComponent(opts.source)}`,
      )) as { GetStatusOrderResult?: Record<string, unknown> };
      const r = res?.GetStatusOrderResult;
      if (r?.Success !== true) {
        const msg = String(r?.Resultmsg ?? 'no answer');
        const code = /no encontrad|not found|no existe/i.test(msg) ? 'NOT_FOUND' : 'UNAVAILABLE';
        throw new GatewayError(code, `Transfermóvil getStatusOrder: ${msg}`, { body: res });
      }
      const code = Number(r.Status);
      const status = STATUS[code];
      if (!status)
        throw new GatewayError('UNAVAILABLE', `Transfermóvil answered an unknown status ${r.Status}`, {
          body: res,
        });
      return {
        status,
        amountCents: decimalToCents(r.Amount),
        currency: typeof r.Currency === 'string' ? r.Currency : undefined,
        externalId: typeof r.ExternalId === 'string' ? r.ExternalId : undefined,
        gatewayStatus: code,
        raw: res,
      };
    },

    /** Checks the credential headers the bank sends with the notification, then its shape. */
    verifyNotification(headers: NotificationHeaders, body: unknown): VerifiedNotification {
      const username = header(headers, 'username') ?? '';
      const source = header(headers, 'source') ?? '';
      const password = header(headers, 'password') ?? '';
      const at = now();
      const valid =
        sameText(username, opts.username) &&
        sameText(source, opts.source) &&
        [at, new Date(at.getTime() - DATE_GRACE_MS)].some((t) =>
          sameText(password, transfermovilPassword(cred, t)),
        );
      if (!valid)
        throw new GatewayError('INVALID_NOTIFICATION', 'Transfermóvil notification with invalid credentials');
      const b = (body ?? {}) as Record<string, unknown>;
      const externalId = typeof b.ExternalId === 'string' ? b.ExternalId : '';
      if (!externalId || externalId.length > 64) {
        throw new GatewayError('INVALID_NOTIFICATION', 'Transfermóvil notification without ExternalId');
      }
      if (b.Source !== undefined && String(b.Source) !== opts.source) {
        throw new GatewayError('INVALID_NOTIFICATION', 'Transfermóvil notification for another merchant');
      }
      return {
        externalId,
        gatewayRef: externalId,
        claimedStatus: b.Status === undefined ? undefined : Number(b.Status),
        raw: b,
      };
    },

    /** Transfermóvil's merchant API has no refund: staff return the money and mark it done. */
    async refund(): Promise<GatewayRefund> {
      return { status: 'MANUAL', raw: null };
    },
  };
}
