import { AppError, mustTransition, type PaymentResultCode, type PaymentStatus } from '@ov/domain';
import type { Executor } from '../../db/client';
import { insertTogether } from '../../lib/batch';
import { LedgerRejection } from '../billing';
import type { PaymentsContext } from './payments.context';
import { type OwnerSignal, ownerMessages, paymentTrace, sendSignals } from './payments.notify';
import { contactReadWith, type LedgerCtes, type PaymentRow, pendingEvent } from './payments.repository';

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
 * the writes, COMMIT. Given the row as a callback just read it (with its payer's contact), the
 * common cases take ONE round trip instead (`finishInOneStatement`).
 */
export async function finishPayment(
  ctx: PaymentsContext,
  target: string | PaymentRow,
  outcome: Outcome,
  info: EventInfo,
): Promise<Finished> {
  const { commercial } = ctx;
  const paymentId = typeof target === 'string' ? target : target.id;
  const signals: (OwnerSignal | null)[] = [];
  const [status, resultCode] = OUTCOME_STATUS[outcome.kind](outcome);
  if (typeof target !== 'string') {
    const fast = await finishInOneStatement(ctx, target, outcome, info);
    if (fast) return fast;
  }
  const finished = await ctx.repo.transaction(async (tx): Promise<Finished> => {
    const event = {
      paymentId,
      source: info.source,
      gatewayStatus: info.gatewayStatus,
      payload: info.payload,
    };
    const updated = await ctx.repo.guardedUpdateWithOwner(
      paymentId,
      'PENDING',
      {
        status,
        resultCode,
        settledAt: new Date(),
      },
      tx,
    );
    if (!updated) {
      const current = await ctx.repo.byId(paymentId, tx);
      if (!current) throw new AppError('NOTFOUND', 415);
      await ctx.repo.logEvent(
        {
          ...event,
          method: current.method,
          outcome: 'DUPLICATE',
          resultCode: current.resultCode,
        },
        tx,
      );
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
          gatewayReference: after.gatewayRef,
          paidAt: after.settledAt,
          space: after.space,
        });
      } else {
        await commercial.creditAdvance(tx, {
          cc: after.cc,
          amountCents: after.amountCents,
          bonusPercent: after.bonusPercent,
          paymentId,
          method: after.method,
          gatewayReference: after.gatewayRef,
          paidAt: after.settledAt,
          space: after.space,
        });
      }
    } else if (after.type === 'CC') {
      await commercial.releaseInvoices(tx, paymentId);
    }
    const told = ownerMessages(
      ctx.config.publicUrl,
      after,
      updated.owner,
      await guestReceiptLink(ctx, after, tx),
    );
    signals.push(told.signal);
    await insertTogether(tx, [
      paymentTrace(before, after, info.actor ?? null),
      ...told.inserts,
      pendingEvent({
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
 * A guest's settled payment with an address: the link of its receipt e-mail, when this settlement
 * claims the one confirmation of that address, code and period (the month, Havana time); null when
 * one was already sent (or there is nothing to send).
 */
async function guestReceiptLink(ctx: PaymentsContext, p: PaymentRow, tx: Executor) {
  if (p.userId !== null || p.status !== 'PAYED' || !p.guestEmail) return null;
  const period = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    timeZone: 'America/Havana',
  }).format(p.settledAt ?? new Date());
  const claimed = await ctx.repo.claimGuestMail(
    { email: p.guestEmail, cc: p.cc, period, paymentId: p.id },
    tx,
  );
  if (!claimed) return null;
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}${ctx.guestTokens.resultPath(p.id)}`;
}

const OUTCOME_STATUS: { [K in Outcome['kind']]: (o: Outcome) => [PaymentStatus, number] } = {
  PAID: () => [mustTransition('PENDING', 'PAY'), 2],
  FAILED: (o) => [mustTransition('PENDING', 'FAIL'), o.kind === 'FAILED' ? o.code : 4],
  CANCELED: () => [mustTransition('PENDING', 'CANCEL'), 4],
  EXPIRED: () => [mustTransition('PENDING', 'EXPIRE'), 11],
};

/**
 * The common case of `finishPayment` in ONE statement, without BEGIN and COMMIT: the payment was just
 * read with its payer's contact (a gateway callback), so everything the change writes can be known
 * beforehand. The guarded update (`status = 'PENDING' and version = <as read>`) is the first CTE and
 * every other write (the ledger's credit or release, the trace, the notification, the e-mail, the
 * event) is conditioned on it having changed the row; a single statement is atomic, so they all land
 * or none does. Answers null, having changed nothing, when it does not apply: the row changed since
 * it was read (a racing callback, then the transactional path sees the duplicate), the contact was not
 * read with it, an invoice payment (the ledger checks and locks the invoices first, `applyPayment`), or
 * a ledger that cannot join the statement.
 */
async function finishInOneStatement(
  ctx: PaymentsContext,
  before: PaymentRow,
  outcome: Outcome,
  info: EventInfo,
): Promise<Finished | null> {
  const owner = contactReadWith(before);
  const ledger = ctx.commercial.inStatement;
  if (owner === undefined || !ledger || before.status !== 'PENDING') return null;
  if (outcome.kind === 'PAID' && before.type === 'CC') return null;
  const [status, resultCode] = OUTCOME_STATUS[outcome.kind](outcome);
  const now = new Date();
  const after: PaymentRow = {
    ...before,
    status,
    resultCode,
    settledAt: now,
    updatedAt: now,
    version: before.version + 1,
  };
  let shape = 'settle';
  let ledgerCtes: LedgerCtes | null = null;
  if (outcome.kind === 'PAID') {
    shape = 'settle_credit';
    const advance = {
      cc: before.cc,
      amountCents: before.amountCents,
      bonusPercent: before.bonusPercent,
      paymentId: before.id,
      method: before.method,
    };
    ledgerCtes = (changed, b) => ledger.creditAdvance(advance, changed, b);
  } else if (before.type === 'CC') {
    shape = 'settle_release';
    ledgerCtes = (changed, b) => ledger.releaseInvoices(before.id, changed, b);
  }
  const told = ownerMessages(ctx.config.publicUrl, after, owner);
  const writes = [
    paymentTrace(before, after, info.actor ?? null),
    ...told.inserts,
    pendingEvent({
      paymentId: before.id,
      source: info.source,
      gatewayStatus: info.gatewayStatus,
      payload: info.payload,
      method: before.method,
      outcome: OUTCOME_NAMES[outcome.kind],
      resultCode,
    }),
  ];
  const changed = await ctx.repo.finishInOneStatement(
    { id: before.id, readVersion: before.version, status, resultCode, at: now, version: after.version },
    shape,
    ledgerCtes,
    writes,
  );
  if (!changed) return null;
  await sendSignals(ctx.db, [told.signal]);
  return { payment: after, changed: true };
}

/**
 * Settles a payment the gateway says is paid. If the ledger refuses it (the invoices changed at the
 * office meanwhile), the payment ends FAILED with the ledger's code and the event keeps the evidence:
 * the money is at the gateway and staff return it there.
 */
export async function settlePaid(ctx: PaymentsContext, target: string | PaymentRow, info: EventInfo) {
  const paymentId = typeof target === 'string' ? target : target.id;
  try {
    return await finishPayment(ctx, target, { kind: 'PAID' }, info);
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
