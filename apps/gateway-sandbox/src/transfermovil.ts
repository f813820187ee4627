import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from './context';
import { sameSecret, tmHeaders, tmPassword } from './credentials';
import { toCents, toDecimal } from './money';
import { detailRows, esc, money, PAGE_CSP, page } from './pages';

/** Order statuses as getStatusOrder reports them. */
export const TM_STATUS = { REGISTERED: 1, PAID: 3, FAILED: 5, EXPIRED: 6, CANCELLED: 9 } as const;

const DENOM: Record<number, string> = {
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

interface Held {
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

const key = (source: unknown, externalId: unknown) => `${source}\u0000${externalId}`;

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
    const o = state.orders.get(key(source, externalId));
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
    StatusDenom: DENOM[o.status],
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

/** The bank's side: sends the merchant notification, honouring the configured faults. */
export function createNotifier(ctx: Ctx, state: TmState, log: FastifyInstance['log']) {
  const opts = ctx.transfermovil;

  async function deliver(order: TmOrder, copy: number): Promise<void> {
    const body = {
      Source: order.source,
      BankId: order.bankId,
      TmId: order.tmId,
      Phone: order.payerPhone,
      Msg: 'Pago realizado satisfactoriamente',
      ExternalId: order.externalId,
      Status: order.status,
      Bank: order.bank,
    };
    for (let attempt = 1; attempt <= opts.maxAttempts && !ctx.isClosed(); attempt++) {
      const delivery: Delivery = {
        copy,
        attempt,
        at: ctx.now().toISOString(),
        httpStatus: null,
        acknowledged: false,
      };
      try {
        const res = await fetch(order.urlResponse, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...tmHeaders(opts, ctx.now()) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.notifyTimeoutMs),
        });
        delivery.httpStatus = res.status;
        const text = await res.text();
        let ack: { Success?: unknown; Resultmsg?: unknown } | null = null;
        try {
          ack = JSON.parse(text);
        } catch {
          delivery.error = 'la respuesta no es JSON';
        }
        delivery.acknowledged = res.ok && ack?.Success === true;
        if (res.ok && ack && ack.Success !== true)
          delivery.error = String(ack.Resultmsg ?? 'Success no es true');
      } catch (err) {
        delivery.error = err instanceof Error ? err.message : String(err);
      }
      order.deliveries.push(delivery);
      if (delivery.acknowledged) {
        order.acknowledged = true;
        return;
      }
      log.warn(
        { externalId: order.externalId, attempt, error: delivery.error },
        'notification not acknowledged',
      );
      if (attempt < opts.maxAttempts) await ctx.wait(opts.retryBaseMs * 2 ** (attempt - 1));
    }
  }

  function release(batch: Held[]) {
    // Newest first: the point of "reorder" is that the merchant sees them out of order.
    for (const h of batch.reverse()) void deliver(h.order, h.copy);
  }

  return {
    /** Called once when the payer approves. */
    dispatch(order: TmOrder): void {
      if (ctx.faults.take('transfermovil', 'drop')) {
        order.dropped += 1;
        return;
      }
      const fault = ctx.faults.get('transfermovil');
      const copies = fault.mode === 'duplicate' ? Math.max(fault.times ?? 2, 1) : 1;
      order.notifications += copies;
      if (fault.mode === 'reorder') {
        for (let c = 1; c <= copies; c++) state.held.push({ order, copy: c });
        if (state.held.length >= Math.max(fault.times ?? 2, 1)) release(state.held.splice(0));
        return;
      }
      const delay = ctx.faults.take('transfermovil', 'delay');
      const start = async (copy: number) => {
        if (delay) await ctx.wait(delay.delayMs);
        await deliver(order, copy);
      };
      for (let c = 1; c <= copies; c++) void start(c);
    },
    /** Releases notifications held by "reorder", newest first. */
    flush(): number {
      const batch = state.held.splice(0);
      release(batch);
      return batch.length;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

/** The payer approves or rejects in the bank app (page or shortcut). */
export function payerDecides(
  ctx: Ctx,
  notifier: Notifier,
  order: TmOrder,
  decision: 'approve' | 'reject',
  payerPhone?: string,
): { ok: boolean; message: string } {
  refresh(ctx, order);
  if (order.status === TM_STATUS.EXPIRED) return { ok: false, message: 'La orden ha expirado.' };
  if (order.status !== TM_STATUS.REGISTERED) {
    return { ok: false, message: `La orden ya está ${DENOM[order.status]?.toLowerCase()}.` };
  }
  if (decision === 'reject') {
    order.status = TM_STATUS.FAILED;
    return { ok: true, message: 'Pago rechazado.' };
  }
  order.status = TM_STATUS.PAID;
  order.paidAt = ctx.now().toISOString();
  order.bankId = String(randomInt(10_000_000, 99_999_999));
  order.tmId = `TM${randomInt(100_000_000, 999_999_999)}`;
  order.bank = 'BANCO METROPOLITANO';
  order.payerPhone = payerPhone || order.phone || '5350000000';
  notifier.dispatch(order);
  return { ok: true, message: 'Pago realizado satisfactoriamente.' };
}

export async function registerTransfermovil(
  app: FastifyInstance,
  ctx: Ctx,
  state: TmState,
  notifier: Notifier,
) {
  const opts = ctx.transfermovil;

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const h = req.headers;
        const username = typeof h.username === 'string' ? h.username : '';
        const source = typeof h.source === 'string' ? h.source : '';
        const password = typeof h.password === 'string' ? h.password : '';
        const expected = tmPassword(opts.username, opts.seed, opts.source, ctx.now());
        if (
          !sameSecret(username, opts.username) ||
          !sameSecret(source, opts.source) ||
          !sameSecret(password, expected)
        ) {
          return reply.code(401).send({ Success: false, Resultmsg: 'Credenciales no válidas' });
        }
      });

      api.post('/payOrder', async (req, reply) => {
        if (ctx.faults.take('transfermovil', 'fail')) {
          return reply
            .code(500)
            .send({ PayOrderResult: { Success: false, Resultmsg: 'Servicio no disponible', OrderId: 0 } });
        }
        const r = ((req.body ?? {}) as { request?: Record<string, unknown> }).request;
        const fail = (msg: string) => ({ PayOrderResult: { Success: false, Resultmsg: msg, OrderId: 0 } });
        if (!r || typeof r !== 'object') return fail('Falta request');
        const amount = toCents(r.Amount);
        if (amount === null || amount <= 0) return fail('Amount no es válido');
        if (r.Currency !== 'CUP') return fail('Currency debe ser CUP');
        if (typeof r.ExternalId !== 'string' || !r.ExternalId || r.ExternalId.length > 64) {
          return fail('ExternalId no es válido');
        }
        if (String(r.Source) !== opts.source) return fail('Source no corresponde al comercio');
        if (typeof r.UrlResponse !== 'string' || !URL.canParse(r.UrlResponse))
          return fail('UrlResponse no es válida');
        if (typeof r.Description !== 'string' || !r.Description) return fail('Description es obligatoria');
        const validTime = r.ValidTime === undefined ? 0 : Number(r.ValidTime);
        if (!Number.isInteger(validTime) || validTime < 0) return fail('ValidTime no es válido');
        const k = key(r.Source, r.ExternalId);
        if (state.orders.has(k)) return fail('Ya existe una orden con ese ExternalId');
        const now = ctx.now();
        const order: TmOrder = {
          orderId: state.nextOrderId++,
          externalId: r.ExternalId,
          source: r.Source as string | number,
          amountCents: amount,
          currency: 'CUP',
          description: r.Description,
          phone: typeof r.Phone === 'string' ? r.Phone : '',
          urlResponse: r.UrlResponse,
          validTime,
          status: TM_STATUS.REGISTERED,
          createdAt: now.toISOString(),
          expiresAt: validTime > 0 ? new Date(now.getTime() + validTime * 60_000).toISOString() : null,
          paidAt: null,
          bankId: null,
          tmId: null,
          bank: null,
          payerPhone: null,
          notifications: 0,
          dropped: 0,
          acknowledged: false,
          deliveries: [],
        };
        state.orders.set(k, order);
        state.byExternalId.set(order.externalId, order);
        return { PayOrderResult: { Success: true, Resultmsg: 'Orden registrada', OrderId: order.orderId } };
      });

      api.get('/getStatusOrder/:externalId/:source', async (req, reply) => {
        if (ctx.faults.take('transfermovil', 'fail')) {
          return reply
            .code(500)
            .send({ GetStatusOrderResult: { Success: false, Resultmsg: 'Servicio no disponible' } });
        }
        const { externalId, source } = req.params as { externalId: string; source: string };
        const o = findByExternalId(ctx, state, externalId, source);
        if (!o)
          return { GetStatusOrderResult: { Success: false, Resultmsg: 'Orden no encontrada', Status: 0 } };
        return {
          GetStatusOrderResult: {
            Success: true,
            Resultmsg: DENOM[o.status],
            Status: o.status,
            OrderId: o.orderId,
            ExternalId: o.externalId,
            Source: o.source,
            Amount: toDecimal(o.amountCents),
            Currency: o.currency,
            BankId: o.bankId,
            TmId: o.tmId,
            Bank: o.bank,
            Phone: o.payerPhone,
            Date: o.paidAt ?? o.createdAt,
          },
        };
      });
    },
    { prefix: '/transfermovil/RestExternalPayment.svc' },
  );

  // The "bank app": what the payer sees after scanning the QR or opening the deep link.
  const render = (order: TmOrder | undefined, result?: { ok: boolean; message: string }) => {
    if (!order)
      return page({
        brand: 'transfermovil',
        title: 'Orden no encontrada',
        body: '<h1>Orden no encontrada</h1>',
      });
    const rows = detailRows([
      ['Comercio', opts.merchantName],
      ['Proveedor', String(order.source)],
      ['Concepto', order.description],
      ['Transacción', order.externalId],
      ['Estado', DENOM[order.status]],
    ]);
    const amount = `<div class="amount">${esc(money(toDecimal(order.amountCents)))}</div>`;
    if (result || order.status !== TM_STATUS.REGISTERED) {
      const msg = result?.message ?? `La orden está ${DENOM[order.status]?.toLowerCase()}.`;
      const cls = result?.ok && order.status === TM_STATUS.PAID ? 'ok' : 'bad';
      return page({
        brand: 'transfermovil',
        title: 'Pago',
        body: `<h1>Pago en línea</h1>${amount}${rows}<p class="status ${cls}">${esc(msg)}</p>`,
      });
    }
    const id = esc(order.externalId);
    const src = esc(order.source);
    return page({
      brand: 'transfermovil',
      title: 'Pago en línea',
      body: `<h1>Pago en línea</h1>${amount}${rows}
<form method="post" action="/transfermovil/app/approve">
<input type="hidden" name="id_transaccion" value="${id}"><input type="hidden" name="numero_proveedor" value="${src}">
<label>Teléfono del pagador<input name="phone" inputmode="tel" value="${esc(order.phone)}"></label>
<div class="actions"><button class="primary" type="submit">Confirmar pago</button></div>
</form>
<form method="post" action="/transfermovil/app/reject" class="actions spaced">
<input type="hidden" name="id_transaccion" value="${id}"><input type="hidden" name="numero_proveedor" value="${src}">
<button class="secondary" type="submit">Rechazar</button>
</form>`,
    });
  };

  app.get('/transfermovil/app', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const order = q.id_transaccion
      ? findByExternalId(ctx, state, q.id_transaccion, q.numero_proveedor || undefined)
      : undefined;
    reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8');
    return reply.code(order ? 200 : 404).send(render(order));
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/transfermovil/app/${decision}`, async (req, reply) => {
      const f = (req.body ?? {}) as Record<string, string | undefined>;
      const order = f.id_transaccion
        ? findByExternalId(ctx, state, f.id_transaccion, f.numero_proveedor || undefined)
        : undefined;
      reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8');
      if (!order) return reply.code(404).send(render(undefined));
      return render(order, payerDecides(ctx, notifier, order, decision, f.phone?.trim()));
    });
  }
}
