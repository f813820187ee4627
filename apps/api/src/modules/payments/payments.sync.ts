import type { PaymentMethod } from '@ov/domain';
import { GatewayError, type GatewayQuery, type PaymentGateway } from './gateways';
import type { PaymentsContext } from './payments.context';
import type { PaymentRow } from './payments.repository';
import { type EventInfo, finishPayment, settlePaid } from './payments.settle';

/**
 * Acts on the gateway's own answer (server to server, the only thing trusted): PAID settles after
 * comparing amount, currency and order with our record (a difference is result code 6 and the
 * ledger is not touched); FAILED / CANCELED / EXPIRED end the payment; PENDING changes nothing.
 */
export async function applyGatewayQuery(
  ctx: PaymentsContext,
  p: PaymentRow,
  q: GatewayQuery,
  info: EventInfo,
): Promise<PaymentRow> {
  const ev = {
    ...info,
    gatewayStatus: q.gatewayStatus,
    payload: { notification: info.payload, query: q.raw },
  };
  switch (q.status) {
    case 'PAID': {
      const matches =
        q.amountCents === p.amountCents &&
        (q.currency ?? 'CUP') === 'CUP' &&
        (q.externalId === undefined || q.externalId === p.externalId);
      if (!matches) {
        ctx.log?.error(
          { paymentId: p.id, amountCents: q.amountCents, currency: q.currency, externalId: q.externalId },
          'gateway answer does not match the payment',
        );
        return (await finishPayment(ctx, p, { kind: 'FAILED', code: 6 }, ev)).payment;
      }
      return (await settlePaid(ctx, p, ev)).payment;
    }
    case 'FAILED':
      return (await finishPayment(ctx, p, { kind: 'FAILED', code: 4 }, ev)).payment;
    case 'CANCELED':
    case 'REFUNDED':
      return (await finishPayment(ctx, p, { kind: 'CANCELED' }, ev)).payment;
    case 'EXPIRED':
      return (await finishPayment(ctx, p, { kind: 'EXPIRED' }, ev)).payment;
    default:
      await ctx.repo.logEvent({
        paymentId: p.id,
        method: p.method,
        source: info.source,
        outcome: 'PENDING',
        gatewayStatus: q.gatewayStatus,
        payload: ev.payload,
      });
      return p;
  }
}

/** The gateway's view of the order; an EnZona payment the payer confirmed is completed (1116 → 1111) first. */
export async function queryGateway(gw: PaymentGateway, ref: string): Promise<GatewayQuery> {
  const q = await gw.query(ref);
  if (q.status === 'PAID' && q.needsCompletion && gw.complete) return gw.complete(ref);
  return q;
}

/** Asks the gateway about a pending payment and acts on the answer. Gateway errors propagate. */
export async function syncWithGateway(ctx: PaymentsContext, p: PaymentRow, info: EventInfo) {
  const gw = ctx.gateways.get(p.method as PaymentMethod);
  if (!gw || !p.gatewayRef || p.status !== 'PENDING') return p;
  return applyGatewayQuery(ctx, p, await queryGateway(gw, p.gatewayRef), info);
}

export interface ReconcileReport {
  checked: number;
  settled: number;
  ended: number;
  stillPending: number;
  errors: number;
}

/**
 * The safety net for lost callbacks: every payment PENDING past its expiry (the settings' pending
 * timeout in force when it started), or for longer than `olderThanMs` when given, is looked up at its
 * gateway and settled or ended. One past its expiry that the gateway still holds pending is
 * withdrawn there first (EnZona cancel) and then expires (11); one the gateway never registered
 * (a crash between our insert and the gateway call) expires once past its expiry.
 */
export async function reconcileOnce(
  ctx: PaymentsContext,
  opts: { olderThanMs?: number; at?: Date; limit?: number } = {},
): Promise<ReconcileReport> {
  const at = opts.at ?? new Date();
  const rows = await ctx.repo.pendingToReconcile({
    at,
    olderThanMs: opts.olderThanMs,
    limit: opts.limit ?? 500,
  });
  const report: ReconcileReport = { checked: 0, settled: 0, ended: 0, stillPending: 0, errors: 0 };
  const info: EventInfo = { source: 'RECONCILE' };
  for (const p of rows) {
    report.checked++;
    const expired = at.getTime() >= p.expiresAt.getTime();
    try {
      const gw = ctx.gateways.get(p.method as PaymentMethod);
      let after = p;
      if (!gw || !p.gatewayRef) {
        if (expired) after = (await finishPayment(ctx, p.id, { kind: 'EXPIRED' }, info)).payment;
      } else {
        let q: GatewayQuery | null = null;
        try {
          q = await queryGateway(gw, p.gatewayRef);
        } catch (err) {
          if (!(err instanceof GatewayError && err.code === 'NOT_FOUND')) throw err;
        }
        if (!q) {
          if (expired) after = (await finishPayment(ctx, p.id, { kind: 'EXPIRED' }, info)).payment;
        } else if (q.status === 'PENDING' && expired && gw.cancel) {
          const c = await gw.cancel(p.gatewayRef).catch(() => queryGateway(gw, p.gatewayRef!));
          const ev = { ...info, gatewayStatus: c.gatewayStatus, payload: c.raw };
          after =
            c.status === 'CANCELED'
              ? (await finishPayment(ctx, p.id, { kind: 'EXPIRED' }, ev)).payment
              : await applyGatewayQuery(ctx, p, c, info);
        } else {
          after = await applyGatewayQuery(ctx, p, q, info);
        }
      }
      if (after.status === 'PAYED') report.settled++;
      else if (after.status === 'PENDING') report.stillPending++;
      else report.ended++;
    } catch (err) {
      report.errors++;
      ctx.log?.warn({ err, paymentId: p.id }, 'reconciliation could not check a payment');
    }
  }
  return report;
}
