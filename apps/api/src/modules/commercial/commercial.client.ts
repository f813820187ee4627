import { POSTING_REFUSAL_REASONS, type PostingRefusalReason } from '@ov/domain';
import { z } from 'zod';

/**
 * The HTTP client of the commercial system's contract (contracts/commercial-system.v1.yaml, design
 * §7): one function per call, answers validated at the edge (a system that answers out of contract
 * is treated as one that cannot be reached, never trusted). No retries and no breaker here: the
 * adapter (reads) and the posting outbox (payments) decide what a failure means.
 */

const cents = z.number().int().min(0);
const timestamp = z.string().min(1);

export const accountSchema = z.object({
  cc: z.string().min(1).max(40),
  clientType: z.enum(['RESIDENTIAL', 'STATE', 'ESTATE_BIG_CLIENT']),
  holderName: z.string(),
  address: z.string(),
  municipality: z.number().int().min(1),
  policy: z.string(),
  contractNumber: z.string().nullable(),
  active: z.boolean(),
  officeId: z.string().nullable(),
  advanceBalanceCents: cents,
  debtCents: cents,
  openInvoiceCount: z.number().int().min(0),
});
export type RemoteAccount = z.infer<typeof accountSchema>;

export const invoiceSchema = z.object({
  invoiceNumber: z.string().min(1),
  issuedAt: timestamp,
  periodFrom: z.string().min(1),
  periodTo: z.string().min(1),
  amountCents: cents,
  paidCents: cents,
  dueCents: cents,
  status: z.enum(['OPEN', 'PARTIAL', 'PAID', 'AGREED']),
});
export type RemoteInvoice = z.infer<typeof invoiceSchema>;

const invoicePageSchema = z.object({ rows: z.array(invoiceSchema), total: z.number().int().min(0) });
export type RemoteInvoicePage = z.infer<typeof invoicePageSchema>;

/** Why a posting is refused (409): the contract's reasons, defined once in the domain. */
export const REFUSAL_REASONS = POSTING_REFUSAL_REASONS;
export type RefusalReason = PostingRefusalReason;

export interface RemotePayment {
  paymentId: string;
  cc: string;
  type: 'CC' | 'ADELANTO';
  method: 'ENZONA' | 'TRANSFERMOVIL';
  gatewayReference: string;
  paidAt: string;
  amountCents: number;
  bonusCents: number;
  invoices: { invoiceNumber: string; amountCents: number }[];
}

export interface RemoteNewAccount {
  requestId: string;
  sector: 'RESIDENTIAL' | 'STATE' | 'ESTATE_BIG_CLIENT';
  holderName: string;
  nationalId: string;
  address: string;
  municipality: number;
  contractNumber: string;
  policy: string;
}

export const CHANGE_TYPES = [
  'INVOICE_ISSUED',
  'INVOICE_CHANGED',
  'PAYMENT_RECORDED',
  'ACCOUNT_CHANGED',
] as const;
const changePageSchema = z.object({
  events: z.array(
    z.object({
      cursor: z.string().min(1).max(100),
      type: z.enum(CHANGE_TYPES),
      cc: z.string().min(1).max(40),
      invoiceNumber: z.string().min(1).optional(),
      at: timestamp,
    }),
  ),
  next: z.string().min(1).max(100).nullable(),
});
export type ChangePage = z.infer<typeof changePageSchema>;
export type ChangeEvent = ChangePage['events'][number];

/**
 * Why a call gave no usable answer: `unreachable` (refused, dropped, timed out), `server` (5xx),
 * `protocol` (an answer outside the contract, or a 4xx the portal should never cause: 400, 401).
 */
export class CommercialUnavailable extends Error {
  constructor(
    public readonly kind: 'unreachable' | 'server' | 'protocol',
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'CommercialUnavailable';
  }
}

/** A payment the commercial system refused (409): nothing was applied there. */
export class CommercialRefusal extends Error {
  constructor(public readonly reason: RefusalReason) {
    super(`commercial system refused the posting: ${reason}`);
    this.name = 'CommercialRefusal';
  }
}

export interface CommercialClientOptions {
  url: string;
  token: string;
  /** Reads; a posting or an account creation gets three times as long. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function createCommercialClient(opts: CommercialClientOptions) {
  const base = opts.url.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    o: { body?: unknown; key?: string; timeoutMs?: number } = {},
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${opts.token}`,
      accept: 'application/json',
    };
    if (o.key) headers['idempotency-key'] = o.key;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        signal: AbortSignal.timeout(o.timeoutMs ?? opts.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new CommercialUnavailable('unreachable', `${method} ${path}: ${(err as Error).message}`);
    }
    if (res.status >= 500)
      throw new CommercialUnavailable('server', `${method} ${path}: ${res.status}`, res.status);
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new CommercialUnavailable(
          'protocol',
          `${method} ${path}: not JSON (${res.status})`,
          res.status,
        );
      }
    }
    return { status: res.status, body };
  }

  function parse<T>(schema: z.ZodType<T>, answer: { status: number; body: unknown }, what: string): T {
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success)
      throw new CommercialUnavailable('protocol', `${what}: answer outside the contract`, answer.status);
    return parsed.data;
  }

  function unexpected(answer: { status: number }, what: string): never {
    throw new CommercialUnavailable('protocol', `${what}: unexpected ${answer.status}`, answer.status);
  }

  const enc = encodeURIComponent;

  return {
    url: base,

    /** `GET /v1/accounts/{cc}`: null on 404. */
    async account(cc: string): Promise<RemoteAccount | null> {
      const a = await call('GET', `/v1/accounts/${enc(cc)}`);
      if (a.status === 404) return null;
      if (a.status !== 200) unexpected(a, 'account');
      return parse(accountSchema, a, 'account');
    },

    /** `POST /v1/accounts/lookup`: up to 100 codes per call (more are split); unknown codes left out. */
    async lookup(ccs: string[]): Promise<RemoteAccount[]> {
      const out: RemoteAccount[] = [];
      for (let i = 0; i < ccs.length; i += 100) {
        const a = await call('POST', '/v1/accounts/lookup', { body: { ccs: ccs.slice(i, i + 100) } });
        if (a.status !== 200) unexpected(a, 'lookup');
        out.push(...parse(z.array(accountSchema), a, 'lookup'));
      }
      return out;
    },

    /** `GET /v1/accounts/{cc}/invoices`: newest first; null on 404 (unknown code). */
    async invoices(
      cc: string,
      q: { status: 'open' | 'all'; page: number; size: number },
    ): Promise<RemoteInvoicePage | null> {
      const a = await call(
        'GET',
        `/v1/accounts/${enc(cc)}/invoices?status=${q.status}&page=${q.page}&size=${q.size}`,
      );
      if (a.status === 404) return null;
      if (a.status !== 200) unexpected(a, 'invoices');
      return parse(invoicePageSchema, a, 'invoices');
    },

    /** `GET /v1/accounts/{cc}/invoices/{invoiceNumber}`: null on 404. */
    async invoice(cc: string, invoiceNumber: string): Promise<RemoteInvoice | null> {
      const a = await call('GET', `/v1/accounts/${enc(cc)}/invoices/${enc(invoiceNumber)}`);
      if (a.status === 404) return null;
      if (a.status !== 200) unexpected(a, 'invoice');
      return parse(invoiceSchema, a, 'invoice');
    },

    /**
     * `POST /v1/payments`, Idempotency-Key = paymentId: the posting id (201 applied now, 200 applied
     * before); CommercialRefusal on 409; CommercialUnavailable otherwise (retry with the same key).
     */
    async postPayment(payment: RemotePayment): Promise<{ postingId: string; replayed: boolean }> {
      const a = await call('POST', '/v1/payments', {
        body: payment,
        key: payment.paymentId,
        timeoutMs: opts.timeoutMs * 3,
      });
      if (a.status === 409) {
        const refusal = z.object({ reason: z.enum(REFUSAL_REASONS) }).safeParse(a.body);
        if (!refusal.success) unexpected(a, 'payment refusal');
        throw new CommercialRefusal(refusal.data.reason);
      }
      if (a.status !== 200 && a.status !== 201) unexpected(a, 'payment');
      const posting = parse(z.object({ postingId: z.string().min(1) }), a, 'payment');
      return { postingId: posting.postingId, replayed: a.status === 200 };
    },

    /** `GET /v1/changes?after=…&limit=…`. */
    async changes(after: string | null, limit = 500): Promise<ChangePage> {
      const q = `${after ? `after=${enc(after)}&` : ''}limit=${limit}`;
      const a = await call('GET', `/v1/changes?${q}`);
      if (a.status !== 200) unexpected(a, 'changes');
      return parse(changePageSchema, a, 'changes');
    },

    /** `POST /v1/accounts`, Idempotency-Key = requestId: the new account's code. */
    async createAccount(account: RemoteNewAccount): Promise<{ cc: string }> {
      const a = await call('POST', '/v1/accounts', {
        body: account,
        key: account.requestId,
        timeoutMs: opts.timeoutMs * 3,
      });
      if (a.status !== 200 && a.status !== 201) unexpected(a, 'new account');
      return parse(z.object({ cc: z.string().min(1).max(40) }), a, 'new account');
    },
  };
}
export type CommercialClient = ReturnType<typeof createCommercialClient>;
