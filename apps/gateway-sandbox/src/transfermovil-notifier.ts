import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context';
import { tmHeaders } from './credentials';
import type { Delivery, Held, TmOrder, TmState } from './transfermovil-orders';

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
