import { AppError, mustTransition, type PaymentResultCode, type PaymentStatus } from '@ov/domain';
import { type SQL, sql } from 'drizzle-orm';
import { paymentRequests } from '../../db/schema';
import { Binder, insertTogether, insertWhere } from '../../lib/batch';
import { LedgerRejection } from '../billing';
import type { PaymentsContext } from './payments.context';
import { type OwnerSignal, ownerMessages, paymentTrace, sendSignals } from './payments.notify';
import { contactReadWith, type PaymentRow, paymentsRepo } from './payments.repository';

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
  const signals: OwnerSignal[] = [];
  const [status, resultCode] = OUTCOME_STATUS[outcome.kind](outcome);
  if (typeof target !== 'string') {
    const fast = await finishInOneStatement(ctx, target, outcome, info);
    if (fast) return fast;
  }
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
    const told = ownerMessages(ctx.config.publicUrl, after, updated.owner);
    signals.push(told.signal);
    await insertTogether(tx, [
      paymentTrace(before, after, info.actor ?? null),
      ...told.inserts,
      paymentsRepo.pendingEvent({
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
  const changed = sql`exists (select 1 from payment_changed)`;
  // Every value is a named placeholder: the text depends only on the shape and is compiled once.
  const b = new Binder();
  const t = paymentRequests;
  const ctes: SQL[] = [
    sql`payment_changed as (update ${t} set
      status = ${b.bind('status', status)}, result_code = ${b.bind('resultCode', resultCode)}::int,
      settled_at = ${b.bind('settledAt', now, t.settledAt)}::timestamptz,
      updated_at = ${b.bind('updatedAt', now, t.updatedAt)}::timestamptz,
      version = ${b.bind('version', after.version)}::int
      where id = ${b.bind('id', before.id)}::uuid and status = 'PENDING'
        and version = ${b.bind('readVersion', before.version)}::int
      returning id)`,
  ];
  let shape = 'settle';
  if (outcome.kind === 'PAID') {
    shape = 'settle_credit';
    ctes.push(
      ledger.creditAdvance(
        {
          cc: before.cc,
          amountCents: before.amountCents,
          bonusPercent: before.bonusPercent,
          paymentId: before.id,
          method: before.method,
        },
        changed,
        b,
      ),
    );
  } else if (before.type === 'CC') {
    shape = 'settle_release';
    ctes.push(ledger.releaseInvoices(before.id, changed, b));
  }
  const told = ownerMessages(ctx.config.publicUrl, after, owner);
  const writes = [
    paymentTrace(before, after, info.actor ?? null),
    ...told.inserts,
    paymentsRepo.pendingEvent({
      paymentId: before.id,
      source: info.source,
      gatewayStatus: info.gatewayStatus,
      payload: info.payload,
      method: before.method,
      outcome: OUTCOME_NAMES[outcome.kind],
      resultCode,
    }),
  ];
  writes.forEach((w, i) => {
    ctes.push(sql`${sql.raw(`payment_write${i}`)} as (${insertWhere(w, changed, b, `w${i}_`)})`);
  });
  const [row] = await b.run<{ changed: number }>(
    ctx.db,
    shape,
    sql`with ${sql.join(ctes, sql`, `)} select count(*)::int as changed from payment_changed`,
  );
  if (!row?.changed) return null;
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
