import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from './context';
import { sameSecret } from './credentials';
import { toCents, toDecimal } from './money';
import { detailRows, esc, money, PAGE_CSP, page } from './pages';

export const ENZONA_STATUS = {
  ACCEPTED: 1111,
  CANCELLED: 1112,
  PENDING: 1113,
  REFUNDED: 1115,
  CONFIRMED: 1116,
} as const;

const DENOM: Record<number, string> = {
  1111: 'Aceptado',
  1112: 'Cancelado',
  1113: 'Pendiente',
  1115: 'Devuelto',
  1116: 'Confirmado',
};

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

interface Item {
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
  items: Item[];
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
    status_denom: DENOM[p.status_code],
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

function businessError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({ code: String(code), message });
}

/** The payer approves (or cancels) on the checkout page or through the test shortcut. */
export function decide(
  ctx: Ctx,
  payment: EnzonaPayment,
  decision: 'approve' | 'cancel',
): { ok: boolean; redirect: string | null; message: string } {
  if (payment.status_code !== ENZONA_STATUS.PENDING) {
    return { ok: false, redirect: null, message: `El pago ya está ${DENOM[payment.status_code]}.` };
  }
  const at = ctx.now().toISOString();
  let target: URL;
  if (decision === 'approve') {
    payment.status_code = ENZONA_STATUS.CONFIRMED;
    payment.user_uuid = randomUUID();
    target = new URL(payment.return_url);
    target.searchParams.set('transaction_uuid', payment.transaction_uuid);
    target.searchParams.set('user_uuid', payment.user_uuid);
  } else {
    payment.status_code = ENZONA_STATUS.CANCELLED;
    target = new URL(payment.cancel_url);
    target.searchParams.set('transaction_uuid', payment.transaction_uuid);
  }
  payment.update_at = at;
  // "drop": the payer's browser never makes it back to the merchant; the portal has to poll.
  const dropped = ctx.faults.take('enzona', 'drop');
  return {
    ok: true,
    redirect: dropped ? null : target.toString(),
    message: decision === 'approve' ? 'Pago confirmado.' : 'Pago cancelado.',
  };
}

export async function registerEnzona(app: FastifyInstance, ctx: Ctx, state: EnzonaState) {
  const opts = ctx.enzona;

  /** Faults on the merchant-facing API: slow answers and 500s. */
  async function apiFaults(_req: FastifyRequest, reply: FastifyReply) {
    const delay = ctx.faults.take('enzona', 'delay');
    if (delay) await ctx.wait(delay.delayMs);
    if (ctx.faults.take('enzona', 'fail')) {
      return reply.code(500).send({ code: '5000', message: 'Error interno del servidor' });
    }
  }

  // OAuth2 client credentials (WSO2-style answers).
  app.post('/enzona/token', { onRequest: apiFaults }, async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const [scheme, encoded] = auth.split(' ');
    const decoded =
      scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString() : '';
    const sep = decoded.indexOf(':');
    const id = sep >= 0 ? decoded.slice(0, sep) : '';
    const secret = sep >= 0 ? decoded.slice(sep + 1) : '';
    if (!sameSecret(id, opts.clientId) || !sameSecret(secret, opts.clientSecret)) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client Authentication failed.' });
    }
    const form = (req.body ?? {}) as Record<string, string>;
    if (form.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
    }
    const scope = form.scope ?? 'enzona_business_payment';
    if (scope !== 'enzona_business_payment') {
      return reply.code(400).send({ error: 'invalid_scope', error_description: 'Invalid scope' });
    }
    const token = randomBytes(24).toString('hex');
    state.tokens.set(token, ctx.now().getTime() + opts.tokenTtlSeconds * 1000);
    return { access_token: token, token_type: 'Bearer', expires_in: opts.tokenTtlSeconds, scope };
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req, reply) => {
        const [scheme, token] = (req.headers.authorization ?? '').split(' ');
        const expires = scheme === 'Bearer' && token ? state.tokens.get(token) : undefined;
        if (!expires || expires <= ctx.now().getTime()) {
          return reply.code(401).send({
            fault: {
              code: 900901,
              message: 'Invalid Credentials',
              description:
                'Access failure for API: /payment/v1.0.0. Make sure you have given the correct access token',
            },
          });
        }
      });
      api.addHook('onRequest', apiFaults);

      api.post('/payments', async (req, reply) => {
        const b = (req.body ?? {}) as CreateBody;
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
        const items: Item[] = [];
        let itemsCents = 0;
        if (!Array.isArray(b.items) || b.items.length === 0) problems.push('items es obligatorio');
        else {
          b.items.forEach((it: Partial<Record<keyof Item, unknown>> | null, i: number) => {
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
        if (problems.length) return businessError(reply, 400, 4000, problems.join('; '));
        const det = details as { shipping: number; tax: number; discount: number; tip: number };
        const expected = itemsCents + det.shipping + det.tax - det.discount + det.tip;
        if (expected !== total) {
          return businessError(
            reply,
            400,
            4001,
            `El total (${toDecimal(total!)}) no coincide con los artículos y detalles (${toDecimal(expected)})`,
          );
        }
        const at = ctx.now().toISOString();
        const payment: EnzonaPayment = {
          transaction_uuid: randomUUID().replace(/-/g, ''),
          merchant_op_id: merchantOpId,
          invoice_number: invoiceNumber,
          description,
          currency: 'CUP',
          totalCents: total!,
          details: det,
          items,
          return_url: returnUrl,
          cancel_url: cancelUrl,
          terminal_id: terminalId,
          status_code: ENZONA_STATUS.PENDING,
          created_at: at,
          update_at: at,
          user_uuid: null,
          refunds: [],
        };
        state.payments.set(payment.transaction_uuid, payment);
        return reply.code(200).send(enzonaView(payment, ctx.publicUrl(req)));
      });

      api.get('/payments', async (req, reply) => {
        const q = req.query as Record<string, string | undefined>;
        const limit = Math.min(Math.max(Number(q.limit ?? 10) || 10, 1), 100);
        const offset = Math.max(Number(q.offset ?? 0) || 0, 0);
        let rows = [...state.payments.values()].reverse();
        if (q.merchant_op_id) rows = rows.filter((p) => p.merchant_op_id === q.merchant_op_id);
        if (q.status_filter) rows = rows.filter((p) => String(p.status_code) === q.status_filter);
        reply.header('X-Total-Count', String(rows.length));
        const base = ctx.publicUrl(req);
        return rows.slice(offset, offset + limit).map((p) => enzonaView(p, base));
      });

      const find = (req: FastifyRequest, reply: FastifyReply) => {
        const p = state.payments.get((req.params as { uuid: string }).uuid);
        if (!p) businessError(reply, 404, 4040, 'Pago no encontrado');
        return p;
      };

      api.get('/payments/:uuid', async (req, reply) => {
        const p = find(req, reply);
        if (p) return enzonaView(p, ctx.publicUrl(req));
      });

      api.post('/payments/:uuid/complete', async (req, reply) => {
        const p = find(req, reply);
        if (!p) return;
        if (p.status_code === ENZONA_STATUS.CONFIRMED) {
          p.status_code = ENZONA_STATUS.ACCEPTED;
          p.update_at = ctx.now().toISOString();
        } else if (p.status_code !== ENZONA_STATUS.ACCEPTED) {
          return businessError(
            reply,
            400,
            4065,
            `El pago no puede completarse: está ${DENOM[p.status_code]} (debe estar confirmado por el pagador)`,
          );
        }
        return enzonaView(p, ctx.publicUrl(req));
      });

      api.post('/payments/:uuid/cancel', async (req, reply) => {
        const p = find(req, reply);
        if (!p) return;
        if (p.status_code === ENZONA_STATUS.PENDING || p.status_code === ENZONA_STATUS.CONFIRMED) {
          p.status_code = ENZONA_STATUS.CANCELLED;
          p.update_at = ctx.now().toISOString();
        } else if (p.status_code !== ENZONA_STATUS.CANCELLED) {
          return businessError(reply, 400, 4066, `El pago no puede cancelarse: está ${DENOM[p.status_code]}`);
        }
        return enzonaView(p, ctx.publicUrl(req));
      });

      api.post('/payments/:uuid/refund', async (req, reply) => {
        const p = find(req, reply);
        if (!p) return;
        if (p.status_code !== ENZONA_STATUS.ACCEPTED && p.status_code !== ENZONA_STATUS.REFUNDED) {
          return businessError(
            reply,
            400,
            4067,
            `Solo se devuelven pagos aceptados: está ${DENOM[p.status_code]}`,
          );
        }
        const b = (req.body ?? {}) as { amount?: { total?: unknown }; description?: unknown };
        const refunded = p.refunds.reduce((s, r) => s + r.cents, 0);
        const cents = b.amount?.total === undefined ? p.totalCents - refunded : toCents(b.amount.total);
        if (cents === null || cents <= 0 || cents > p.totalCents - refunded) {
          return businessError(reply, 400, 4068, 'El importe a devolver no es válido');
        }
        const refund = {
          transaction_uuid: randomUUID().replace(/-/g, ''),
          cents,
          created_at: ctx.now().toISOString(),
        };
        p.refunds.push(refund);
        p.status_code = ENZONA_STATUS.REFUNDED;
        p.update_at = refund.created_at;
        return {
          transaction_uuid: refund.transaction_uuid,
          parent_payment_uuid: p.transaction_uuid,
          status_code: ENZONA_STATUS.REFUNDED,
          status_denom: DENOM[ENZONA_STATUS.REFUNDED],
          amount: { total: toDecimal(cents) },
          description: String(b.description ?? ''),
          created_at: refund.created_at,
        };
      });
    },
    { prefix: '/enzona/payment/v1.0.0' },
  );

  // The payer's side: a confirmation page with two POST forms.
  app.get('/enzona/checkout/:uuid', async (req, reply) => {
    const p = state.payments.get((req.params as { uuid: string }).uuid);
    reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8');
    if (!p) {
      return reply
        .code(404)
        .send(page({ brand: 'enzona', title: 'Pago no encontrado', body: '<h1>Pago no encontrado</h1>' }));
    }
    const rows = detailRows([
      ['Comercio', opts.merchantName],
      ['Descripción', p.description],
      ['Factura', p.invoice_number || '—'],
      ['Operación', p.merchant_op_id],
    ]);
    const amount = `<div class="amount">${esc(money(toDecimal(p.totalCents)))}</div>`;
    if (p.status_code !== ENZONA_STATUS.PENDING) {
      return page({
        brand: 'enzona',
        title: 'Pago',
        body: `<h1>Pago ${esc(DENOM[p.status_code])}</h1>${amount}${rows}<p class="status">Este pago ya no admite cambios.</p>`,
      });
    }
    const action = `/enzona/checkout/${esc(p.transaction_uuid)}`;
    return page({
      brand: 'enzona',
      title: 'Confirmar pago',
      body: `<h1>Confirmar pago</h1>${amount}${rows}
<div class="actions">
<form method="post" action="${action}/approve"><button class="primary" type="submit">Pagar</button></form>
<form method="post" action="${action}/cancel"><button class="secondary" type="submit">Cancelar</button></form>
</div>`,
    });
  });

  for (const decision of ['approve', 'cancel'] as const) {
    app.post(`/enzona/checkout/:uuid/${decision}`, async (req, reply) => {
      const p = state.payments.get((req.params as { uuid: string }).uuid);
      reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8');
      if (!p) {
        return reply
          .code(404)
          .send(page({ brand: 'enzona', title: 'Pago no encontrado', body: '<h1>Pago no encontrado</h1>' }));
      }
      const result = decide(ctx, p, decision);
      if (result.redirect) return reply.redirect(result.redirect, 303);
      return page({
        brand: 'enzona',
        title: 'Pago',
        body: `<h1>${esc(result.message)}</h1><p class="status ${result.ok ? 'ok' : 'bad'}">${
          result.ok ? 'Puede cerrar esta ventana.' : esc(result.message)
        }</p>`,
      });
    });
  }
}
