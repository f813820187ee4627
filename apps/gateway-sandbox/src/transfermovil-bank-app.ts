import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context';
import { toDecimal } from './money';
import { detailRows, esc, money, PAGE_CSP, page } from './pages';
import type { Notifier } from './transfermovil-notifier';
import {
  findByExternalId,
  refresh,
  TM_DENOM,
  TM_STATUS,
  type TmOrder,
  type TmState,
} from './transfermovil-orders';

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
    return { ok: false, message: `La orden ya está ${TM_DENOM[order.status]?.toLowerCase()}.` };
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

/** The "bank app": what the payer sees after scanning the QR or opening the deep link. */
export function registerTransfermovilBankApp(
  app: FastifyInstance,
  ctx: Ctx,
  state: TmState,
  notifier: Notifier,
) {
  const opts = ctx.transfermovil;

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
      ['Estado', TM_DENOM[order.status]],
    ]);
    const amount = `<div class="amount">${esc(money(toDecimal(order.amountCents)))}</div>`;
    if (result || order.status !== TM_STATUS.REGISTERED) {
      const msg = result?.message ?? `La orden está ${TM_DENOM[order.status]?.toLowerCase()}.`;
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
