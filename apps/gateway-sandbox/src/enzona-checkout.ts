import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from './context';
import { ENZONA_DENOM, ENZONA_STATUS, type EnzonaPayment, type EnzonaState } from './enzona-payments';
import { toDecimal } from './money';
import { detailRows, esc, money, PAGE_CSP, page } from './pages';

/** The payer approves (or cancels) on the checkout page or through the test shortcut. */
export function decide(
  ctx: Ctx,
  payment: EnzonaPayment,
  decision: 'approve' | 'cancel',
): { ok: boolean; redirect: string | null; message: string } {
  if (payment.status_code !== ENZONA_STATUS.PENDING) {
    return { ok: false, redirect: null, message: `El pago ya está ${ENZONA_DENOM[payment.status_code]}.` };
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

const NOT_FOUND_PAGE = page({
  brand: 'enzona',
  title: 'Pago no encontrado',
  body: '<h1>Pago no encontrado</h1>',
});

/** The payer's side: a confirmation page with two POST forms. */
export function registerEnzonaCheckout(app: FastifyInstance, ctx: Ctx, state: EnzonaState) {
  const opts = ctx.enzona;
  /** The payment of the page's URL; every answer here is an HTML page under the pages' CSP. */
  const paymentOf = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8');
    return state.payments.get((req.params as { uuid: string }).uuid);
  };

  app.get('/enzona/checkout/:uuid', async (req, reply) => {
    const p = paymentOf(req, reply);
    if (!p) return reply.code(404).send(NOT_FOUND_PAGE);
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
        body: `<h1>Pago ${esc(ENZONA_DENOM[p.status_code])}</h1>${amount}${rows}<p class="status">Este pago ya no admite cambios.</p>`,
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
      const p = paymentOf(req, reply);
      if (!p) return reply.code(404).send(NOT_FOUND_PAGE);
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
