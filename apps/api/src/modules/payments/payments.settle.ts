import { AppError, mustTransition, type PaymentResultCode } from '@ov/domain';
import { insertTogether } from '../../lib/batch';
import { LedgerRejection } from '../billing';
import type { PaymentsContext } from './payments.context';
import { type OwnerSignal, ownerMessages, paymentTraceInsert, sendSignals } from './payments.notify';
import { type PaymentRow, paymentsRepo } from './payments.repository';

/** How a pending payment ends. */
export type Outcome =
  | { kind: 'PAID' }
  | { kind: 'FAILED'; code: PaymentResultCode }
  | { kind: 'CANCELED' }
  | { kind: 'EXPIRED' };

export interface EventInfo {
  source: string;
  gatewayStatus?: number | null;
  payload?: unknown;
  /** Who did it (staff or the payer); null for the gateway or the reconciliation job. */
  actor?: string | null;
}

export interface Finished {
  payment: PaymentRow;
  /** false when the payment had already left PENDING (a duplicate, late or reordered callback). */
  changed: boolean;
}

const OUTCOME_NAMES = {
  PAID: 'SETTLED',
  FAILED: 'FAILED',
  CANCELED: 'CANCELED',
  EXPIRED: 'EXPIRED',
} as const;

/**
 * Ends a PENDING payment in ONE transaction: the guarded update (`where status = 'PENDING'`, which
 * also locks the row) moves it on, the ledger is changed (applyPayment / creditAdvance, idempotent
 * per payment id) or the invoices are released, and the trace, the owner's notification, the receipt
 * e-mail and the event are written in one more statement. Of two racing callbacks exactly one wins
 * the update; the other finds the payment no longer PENDING and only logs a DUPLICATE event.
 * Five round trips in all: BEGIN, the update (which also reads the payer's address), the ledger,
 * the writes, COMMIT.
 */
export async function finishPayment(
  ctx: PaymentsContext,
  paymentId: string,
  outcome: Outcome,
  info: EventInfo,
): Promise<Finished> {
  const { commercial } = ctx;
  const signals: OwnerSignal[] = [];
  const [status, resultCode] =
    outcome.kind === 'PAID'
      ? [mustTransition('PENDING', 'PAY'), 2]
      : outcome.kind === 'FAILED'
        ? [mustTransition('PENDING', 'FAIL'), outcome.code]
        : outcome.kind === 'CANCELED'
          ? [mustTransition('PENDING', 'CANCEL'), 4]
          : [mustTransition('PENDING', 'EXPIRE'), 11];
  const finished = await ctx.db.transaction(async (tx): Promise<Finished> => {
    const event = {
      paymentId,
      source: info.source,
      gatewayStatus: info.gatewayStatus,
      payload: info.payload,
    };
    const updated = await paymentsRepo.guardedUpdateWithOwner(tx, paymentId, 'PENDING', {
      status,
      resultCode,
      settledAt: new Date(),
    });
    if (!updated) {
      const current = await paymentsRepo.byId(tx, paymentId);
      if (!current) throw new AppError('NOTFOUND', 415);
      await paymentsRepo.logEvent(tx, {
        ...event,
        method: current.method,
        outcome: 'DUPLICATE',
        resultCode: current.resultCode,
      });
      return { payment: current, changed: false };
    }
    const after = updated.payment;
    // Only status, result code and settlement time changed: the row as it was, for the trace.
    const before: PaymentRow = { ...after, status: 'PENDING', resultCode: null, settledAt: null };
    if (outcome.kind === 'PAID') {
      if (after.type === 'CC') {
        await commercial.applyPayment(tx, {
          cc: after.cc,
          invoiceIds: after.invoiceIds,
          amountCents: after.amountCents,
          paymentId,
          method: after.method,
        });
      } else {
        await commercial.creditAdvance(tx, {
          cc: after.cc,
          amountCents: after.amountCents,
          bonusPercent: after.bonusPercent,
          paymentId,
          method: after.method,
        });
      }
    } else if (after.type === 'CC') {
      await commercial.releaseInvoices(tx, paymentId);
    }
    const told = ownerMessages(tx, ctx.config.publicUrl, after, updated.owner);
    signals.push(told.signal);
    await insertTogether(tx, [
      paymentTraceInsert(tx, before, after, info.actor ?? null),
      ...told.statements,
      paymentsRepo.eventInsert(tx, {
        ...event,
        method: after.method,
        outcome: OUTCOME_NAMES[outcome.kind],
        resultCode: after.resultCode,
      }),
    ]);
    return { payment: after, changed: true };
  });
  await sendSignals(ctx.db, signals);
  return finished;
}

/**
 * Settles a payment the gateway says is paid. If the ledger refuses it (the invoices changed at the
 * office meanwhile), the payment ends FAILED with the ledger's code and the event keeps the evidence:
 * the money is at the gateway and staff return it there.
 */
export async function settlePaid(ctx: PaymentsContext, paymentId: string, info: EventInfo) {
  try {
    return await finishPayment(ctx, paymentId, { kind: 'PAID' }, info);
  } catch (err) {
    if (!(err instanceof LedgerRejection)) throw err;
    ctx.log?.error({ paymentId, code: err.code }, 'ledger refused a payment the gateway took');
    return finishPayment(
      ctx,
      paymentId,
      { kind: 'FAILED', code: err.code },
      { ...info, payload: { ledgerRejected: err.code, invoiceIds: err.invoiceIds, raw: info.payload } },
    );
  }
}
