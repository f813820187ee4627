import { AppError } from '@ov/domain';
import type { Principal } from '../../core/principal';
import { csvHeader, csvLine, csvMoney } from '../../lib/csv';
import type { PostingsRepository, ReconciliationRow } from './postings.repository';

export const RECONCILIATION_COLUMNS = [
  'result',
  'paymentId',
  'cc',
  'paymentMethods',
  'amount',
  'paymentStatus',
  'settledAt',
  'postingStatus',
  'postingType',
  'postingAmount',
  'postingId',
  'refusalReason',
  'choice',
] as const;

/**
 * What a line says, OK or the mismatch first found: MISSING_POSTING (a settled payment never queued),
 * NO_PAYMENT (a posting without a payment settled that day), PENDING (not applied yet), REFUSED
 * (waiting for the customer's choice), AMOUNT_DIFFERS, REFUND_IN_PROGRESS (refund chosen, money not
 * returned yet), REFUNDED_AFTER_POSTING (applied there and refunded here). LEDGER with the built-in
 * ledger, where a settled payment is applied in the same transaction.
 */
export function reconcile(r: ReconciliationRow, http: boolean): string {
  if (!http) return 'LEDGER';
  if (!r.postingStatus) return 'MISSING_POSTING';
  if (!r.paymentStatus) return 'NO_PAYMENT';
  if (r.postingStatus === 'PENDING') return 'PENDING';
  if (r.postingStatus === 'REFUSED') return 'REFUSED';
  // A refund chosen: nothing was applied there; the money goes back here.
  if (r.choice === 'REFUND') return r.paymentStatus === 'REFUNDED' ? 'OK' : 'REFUND_IN_PROGRESS';
  if (r.postingAmountCents !== r.amountCents) return 'AMOUNT_DIFFERS';
  if (r.paymentStatus === 'REFUNDED' || r.paymentStatus === 'PENDING_REFUNDED')
    return 'REFUNDED_AFTER_POSTING';
  return 'OK';
}

/** A Havana calendar day `YYYY-MM-DD` that exists (2026-02-30 does not): 400 otherwise. */
function calendarDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date)
    throw new AppError('VALIDATIONERROR', 0, [{ field: 'date', message: 'fecha no válida' }]);
  return date;
}

/**
 * The daily reconciliation report (design §7): the portal's payments settled on a Havana day beside
 * their postings in the commercial system, as CSV (the records export's conventions, lib/csv.ts),
 * mismatches first.
 */
export function createReconciliation(deps: { postings: PostingsRepository; http: boolean }) {
  return {
    async csv(p: Principal, date: string): Promise<string> {
      const day = calendarDay(date);
      const rows = (await deps.postings.reconciliation(p.space, day)).map((r) => ({
        r,
        result: reconcile(r, deps.http),
      }));
      const ok = (x: string) => x === 'OK' || x === 'LEDGER';
      rows.sort((a, b) => Number(ok(a.result)) - Number(ok(b.result)));
      let out = csvHeader(RECONCILIATION_COLUMNS);
      for (const { r, result } of rows)
        out += csvLine([
          result,
          r.paymentId,
          r.cc,
          r.method,
          csvMoney(r.amountCents),
          r.paymentStatus,
          r.settledAt?.toISOString(),
          r.postingStatus,
          r.postingType,
          csvMoney(r.postingAmountCents),
          r.postingId,
          r.refusalReason,
          r.choice,
        ]);
      return out;
    },
  };
}
export type Reconciliation = ReturnType<typeof createReconciliation>;
