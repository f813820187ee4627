import { AppError, type PaymentMethod } from '@ov/domain';
import type { Principal } from '../../core/principal';
import { GatewayError, type GatewayQuery } from './gateways';
import { type PaymentsContext, paymentError } from './payments.context';
import type { PaymentRow } from './payments.repository';
import { finishPayment } from './payments.settle';
import { applyGatewayQuery, queryGateway } from './payments.sync';

const SOURCE = 'CUSTOMER_CANCEL';

/**
 * The payer withdraws their own PENDING payment (an EnZona checkout they abandoned): EnZona is asked
 * to cancel the order over HTTP (as reconciliation does past the expiry) and, once it says so, the
 * payment ends CANCELED in one transaction that releases its invoices and writes the trace (the payer
 * as actor). Idempotent: a payment already CANCELED is answered as it is. Refusals: 415 not the
 * caller's, 484 no longer pending (paid, failed… — also when EnZona answers that the payer has just
 * paid, which then settles), 485 Transfermóvil (the bank cannot withdraw an order; it lapses at its
 * expiry), PAYMENTRESULT 4 when EnZona cannot be reached (nothing changes).
 */
export async function cancelOwnPayment(ctx: PaymentsContext, p: Principal, id: string): Promise<PaymentRow> {
  const row = await ctx.repo.byId(id);
  if (!row || row.space !== p.space || row.userId !== p.userId) throw new AppError('NOTFOUND', 415);
  if (row.status === 'CANCELED') return row;
  if (row.status !== 'PENDING') throw new AppError('CONFLICTERROR', 484, { status: row.status });
  const info = { source: SOURCE, actor: p.userId };
  const gw = ctx.gateways.get(row.method as PaymentMethod);
  // Never registered at the gateway (a crash between our insert and its call): nothing to withdraw there.
  if (!gw || !row.gatewayRef) return end(await finishPayment(ctx, row.id, { kind: 'CANCELED' }, info));
  if (!gw.cancel) throw new AppError('CONFLICTERROR', 485, { method: row.method });

  let answer: GatewayQuery;
  try {
    answer = await gw.cancel(row.gatewayRef);
  } catch (err) {
    // Refused (the payer confirmed meanwhile, or the order already ended there): the gateway's own
    // view decides. Unreachable: nothing changes and the payer may try again.
    if (!(err instanceof GatewayError) || err.code === 'UNAVAILABLE' || err.code === 'UNAUTHORIZED') {
      ctx.log?.warn({ err, paymentId: row.id }, 'EnZona cancel failed; the payment stays pending');
      throw paymentError(4, { reason: 'GATEWAY' });
    }
    try {
      answer = await queryGateway(gw, row.gatewayRef);
    } catch (queryErr) {
      // The gateway does not know the order: there is nothing to withdraw there.
      if (queryErr instanceof GatewayError && queryErr.code === 'NOT_FOUND')
        return end(await finishPayment(ctx, row.id, { kind: 'CANCELED' }, info));
      ctx.log?.warn({ err: queryErr, paymentId: row.id }, 'EnZona query after a refused cancel failed');
      throw paymentError(4, { reason: 'GATEWAY' });
    }
  }
  const event = { ...info, gatewayStatus: answer.gatewayStatus, payload: answer.raw };
  if (answer.status === 'CANCELED' || answer.status === 'EXPIRED')
    return end(await finishPayment(ctx, row.id, { kind: 'CANCELED' }, event));
  // Paid, failed or still pending at the gateway: acted on as any gateway answer, then said as it is.
  const after = await applyGatewayQuery(ctx, row, answer, info);
  if (after.status === 'CANCELED') return after;
  throw new AppError('CONFLICTERROR', 484, { status: after.status });
}

/** A racing callback may have ended the payment first: only a cancellation is a success. */
function end(finished: { payment: PaymentRow }): PaymentRow {
  if (finished.payment.status === 'CANCELED') return finished.payment;
  throw new AppError('CONFLICTERROR', 484, { status: finished.payment.status });
}
