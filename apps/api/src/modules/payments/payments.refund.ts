import { AppError, mustTransition, type PaymentMethod } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { PaymentsContext } from './payments.context';
import { paymentError } from './payments.context';
import { type OwnerSignal, sendSignals, tellOwner, tracePayment } from './payments.notify';
import type { PaymentRow } from './payments.repository';

/**
 * Refunds by staff (TRANSFERMOVIL:WRITE or ADMIN): PAYED → PENDING_REFUNDED → gateway refund →
 * REFUNDED with the ledger reversed in the same transaction. Transfermóvil has no refund call: the
 * payment waits in PENDING_REFUNDED until staff confirm they returned the money (`confirm`).
 */
export function createRefunds(ctx: PaymentsContext) {
  async function load(p: Principal, id: string) {
    const row = await ctx.repo.byId(id);
    if (!row || row.space !== p.space) throw new AppError('NOTFOUND', 415);
    return row;
  }

  async function complete(p: Principal, id: string, refundRef: string | null, source: string, raw: unknown) {
    const signals: (OwnerSignal | null)[] = [];
    const done = await ctx.repo.transaction(async (tx) => {
      const before = await ctx.repo.lockById(id, tx);
      if (!before || before.status !== 'PENDING_REFUNDED') throw new AppError('CONFLICTERROR', 483);
      const after = (await ctx.repo.guardedUpdate(
        id,
        'PENDING_REFUNDED',
        {
          status: mustTransition('PENDING_REFUNDED', 'REFUND_CONFIRM'),
          refundRef: refundRef ?? before.refundRef,
        },
        tx,
      )) as PaymentRow;
      await ctx.commercial.reversePayment(tx, { paymentId: id });
      await tracePayment(tx, before, after, p.userId);
      signals.push(await tellOwner(ctx.repo, tx, ctx.config.publicUrl, after));
      await ctx.repo.logEvent(
        {
          paymentId: id,
          method: after.method,
          source,
          outcome: 'REFUNDED',
          payload: raw ?? null,
        },
        tx,
      );
      return after;
    });
    await sendSignals(ctx.db, signals);
    return done;
  }

  return {
    async request(p: Principal, id: string, reason: string): Promise<PaymentRow> {
      let row = await load(p, id);
      if (row.status === 'PAYED') {
        row = await ctx.repo.transaction(async (tx) => {
          const before = await ctx.repo.lockById(id, tx);
          const after = await ctx.repo.guardedUpdate(
            id,
            'PAYED',
            {
              status: mustTransition('PAYED', 'REFUND_REQUEST'),
              refundReason: reason,
            },
            tx,
          );
          if (!before || !after) throw new AppError('CONFLICTERROR', 482);
          await tracePayment(tx, before, after, p.userId);
          await ctx.repo.logEvent(
            {
              paymentId: id,
              method: after.method,
              source: 'REFUND',
              outcome: 'REFUND_REQUESTED',
              payload: { reason, by: p.userId },
            },
            tx,
          );
          return after;
        });
      } else if (row.status !== 'PENDING_REFUNDED') {
        throw new AppError('CONFLICTERROR', 482, { status: row.status });
      }
      // PENDING_REFUNDED: a first attempt, or a retry after the gateway failed.
      const gw = ctx.gateways.get(row.method as PaymentMethod);
      if (!gw || !row.gatewayRef) return row;
      let result: Awaited<ReturnType<typeof gw.refund>>;
      try {
        result = await gw.refund(row.gatewayRef, row.amountCents);
      } catch (err) {
        ctx.log?.warn({ err, paymentId: id }, 'gateway refund failed; the payment stays PENDING_REFUNDED');
        await ctx.repo.logEvent({
          paymentId: id,
          method: row.method,
          source: 'REFUND',
          outcome: 'ERROR',
          payload: { error: err instanceof Error ? err.message : String(err) },
        });
        throw paymentError(4, { reason: 'REFUND_GATEWAY', paymentId: id });
      }
      if (result.status === 'MANUAL') return row;
      return complete(p, id, result.refundRef ?? null, 'REFUND', result.raw);
    },

    /** Staff confirm a refund done by hand at the gateway (Transfermóvil). 483 unless PENDING_REFUNDED. */
    async confirm(p: Principal, id: string): Promise<PaymentRow> {
      const row = await load(p, id);
      if (row.status !== 'PENDING_REFUNDED') throw new AppError('CONFLICTERROR', 483, { status: row.status });
      return complete(p, id, null, 'REFUND_CONFIRM', { by: p.userId });
    },
  };
}
