import { createHash } from 'node:crypto';
import { advanceBonusCents } from '@ov/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { advanceBalances, invoices, ledgerPaymentInvoices, ledgerPayments } from '../../db/schema';
import { type Binder, insertWhere, pendingInsert } from '../../lib/batch';
import {
  type CommercialSystem,
  type CreditAdvance,
  LedgerRejection,
  type OpenInvoice,
} from './commercial-system';
import { toOpenInvoice } from './ledger.mappers';

type Writes = Pick<
  CommercialSystem,
  | 'markInvoicesInFlight'
  | 'releaseInvoices'
  | 'applyPayment'
  | 'creditAdvance'
  | 'reversePayment'
  | 'inStatement'
>;

/** The advance and its bonus, in cents (integers; the bonus rule is the domain's `advanceBonusCents`). */
function advanceAmounts(amountCents: number, bonusPercent: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new LedgerRejection(13);
  const bonus = advanceBonusCents(amountCents, bonusPercent);
  return { bonus, credited: amountCents + bonus };
}

/**
 * The ledger row of an advance (once per payment: the unique payment id) and, only if that row is new,
 * the balance credited: two CTEs, `ledger_recorded` and `ledger_credited`. With `condition` the row is
 * written only if it holds (see `inStatement`).
 */
function creditAdvanceCtes(advance: CreditAdvance, condition: SQL = sql`true`, binder?: Binder): SQL {
  const { cc, amountCents, bonusPercent, paymentId, method } = advance;
  const { bonus, credited } = advanceAmounts(amountCents, bonusPercent);
  const value = (name: string, v: unknown) => (binder ? binder.bind(`ledger_${name}`, v) : sql`${v}`);
  const recorded = insertWhere(
    pendingInsert(ledgerPayments, {
      paymentId,
      cc,
      amountCents,
      bonusCents: bonus,
      method: method ?? 'ADVANCE',
      kind: 'ADELANTO',
    }),
    condition,
    binder,
    'ledger_',
  );
  return sql`ledger_recorded as (${recorded} on conflict (payment_id) do nothing returning id),
    ledger_credited as (
      insert into ${advanceBalances} (cc, balance_cents)
      select ${value('balanceCc', cc)}, ${value('credited', credited)}::bigint from ledger_recorded
      on conflict (cc) do update
        set balance_cents = ${advanceBalances}.balance_cents + excluded.balance_cents, updated_at = now()
      returning balance_cents as balance)`;
}

/** The ledger row of a reversal gets an id derived from the payment's, so the unique index makes it once-only. */
export function reversalIdOf(paymentId: string): string {
  const h = createHash('sha256').update(`reversal:${paymentId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Locks the invoices (in id order, so two payments never deadlock) and checks they can be paid by
 * `paymentId`. Throws before writing anything, so a caller may catch the rejection and go on in its
 * transaction.
 */
async function lockPayable(tx: Executor, cc: string, invoiceIds: string[], paymentId: string) {
  const ids = [...new Set(invoiceIds)];
  if (!ids.length) throw new LedgerRejection(7);
  const rows = await tx
    .select()
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.id))
    .for('update');
  const found = new Set(rows.filter((r) => r.cc === cc).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new LedgerRejection(7, missing);
  const open = rows.map(toOpenInvoice);
  const reject = (code: 3 | 4 | 12, bad: OpenInvoice[]) => {
    if (bad.length)
      throw new LedgerRejection(
        code,
        bad.map((i) => i.id),
      );
  };
  reject(
    3,
    open.filter((i) => i.displayStatus === 'Pagada' || i.dueCents <= 0),
  );
  reject(12, rows.filter((r) => r.status === 'AGREED').map(toOpenInvoice));
  reject(
    4,
    open.filter((i) => i.inFlightPaymentId && i.inFlightPaymentId !== paymentId),
  );
  return open;
}

async function existingLedgerPayment(tx: Executor, paymentId: string) {
  const [row] = await tx
    .select({ id: ledgerPayments.id })
    .from(ledgerPayments)
    .where(eq(ledgerPayments.paymentId, paymentId));
  return row?.id;
}

export function createLedgerWrites(): Writes {
  return {
    async markInvoicesInFlight(tx, { cc, invoiceIds, paymentId }) {
      const open = await lockPayable(tx, cc, invoiceIds, paymentId);
      await tx
        .update(invoices)
        .set({ inFlightPaymentId: paymentId })
        .where(
          inArray(
            invoices.id,
            open.map((i) => i.id),
          ),
        );
      return open.map((i) => ({ ...i, inFlightPaymentId: paymentId, displayStatus: 'Procesando' as const }));
    },

    async releaseInvoices(tx, paymentId) {
      const freed = await tx
        .update(invoices)
        .set({ inFlightPaymentId: null })
        .where(eq(invoices.inFlightPaymentId, paymentId))
        .returning({ id: invoices.id });
      return freed.length;
    },

    async applyPayment(tx, { cc, invoiceIds, amountCents, paymentId, method }) {
      const already = await existingLedgerPayment(tx, paymentId);
      if (already) return { applied: false, ledgerPaymentId: already };
      const open = await lockPayable(tx, cc, invoiceIds, paymentId);
      const due = open.reduce((s, i) => s + i.dueCents, 0);
      if (!Number.isSafeInteger(amountCents) || amountCents !== due) throw new LedgerRejection(13);
      const [lp] = await tx
        .insert(ledgerPayments)
        .values({ paymentId, cc, amountCents, method, kind: 'CC' })
        .onConflictDoNothing({ target: ledgerPayments.paymentId })
        .returning({ id: ledgerPayments.id });
      if (!lp) return { applied: false, ledgerPaymentId: (await existingLedgerPayment(tx, paymentId))! };
      for (const i of open) {
        await tx
          .update(invoices)
          .set({
            paidCents: sql`${invoices.paidCents} + ${i.dueCents}`,
            status: 'PAID',
            partial: false,
            inFlightPaymentId: null,
          })
          .where(eq(invoices.id, i.id));
      }
      await tx
        .insert(ledgerPaymentInvoices)
        .values(open.map((i) => ({ paymentId, invoiceId: i.id, amountCents: i.dueCents })));
      return { applied: true, ledgerPaymentId: lp.id };
    },

    async creditAdvance(tx, advance) {
      const { cc } = advance;
      const { credited } = advanceAmounts(advance.amountCents, advance.bonusPercent);
      // One statement: the ledger row (once per payment) and, only if it was new, the balance.
      const result = (await tx.execute(
        sql`with ${creditAdvanceCtes(advance)} select balance from ledger_credited`,
      )) as unknown as { rows: { balance: string | number }[] };
      const [b] = result.rows;
      if (b) return { applied: true, creditedCents: credited, balanceCents: Number(b.balance) };
      const [current] = await tx.select().from(advanceBalances).where(eq(advanceBalances.cc, cc));
      return { applied: false, creditedCents: 0, balanceCents: current?.balanceCents ?? 0 };
    },

    inStatement: {
      creditAdvance: creditAdvanceCtes,
      releaseInvoices: (paymentId, condition, binder) =>
        sql`ledger_released as (update ${invoices} set in_flight_payment_id = null
          where in_flight_payment_id = ${binder.bind('ledger_release', paymentId, invoices.inFlightPaymentId)}::uuid and ${condition} returning id)`,
    },

    async reversePayment(tx, { paymentId }) {
      const [orig] = await tx.select().from(ledgerPayments).where(eq(ledgerPayments.paymentId, paymentId));
      if (!orig || orig.kind === 'REVERSAL') return { reversed: false, reversedCents: 0 };
      const [rev] = await tx
        .insert(ledgerPayments)
        .values({
          paymentId: reversalIdOf(paymentId),
          cc: orig.cc,
          amountCents: -orig.amountCents,
          bonusCents: -orig.bonusCents,
          method: orig.method,
          kind: 'REVERSAL',
        })
        .onConflictDoNothing({ target: ledgerPayments.paymentId })
        .returning({ id: ledgerPayments.id });
      if (!rev) return { reversed: false, reversedCents: 0 };
      if (orig.kind === 'CC') {
        const lines = await tx
          .select()
          .from(ledgerPaymentInvoices)
          .where(eq(ledgerPaymentInvoices.paymentId, paymentId))
          .orderBy(asc(ledgerPaymentInvoices.invoiceId));
        for (const l of lines) {
          const left = sql`${invoices.paidCents} - ${l.amountCents}`;
          await tx
            .update(invoices)
            .set({
              paidCents: sql`greatest(${left}, 0)`,
              status: sql`case when ${left} > 0 then 'PARTIAL' else 'PENDING' end`,
              partial: sql`${left} > 0`,
            })
            .where(eq(invoices.id, l.invoiceId));
        }
      } else {
        await tx
          .update(advanceBalances)
          .set({
            balanceCents: sql`${advanceBalances.balanceCents} - ${orig.amountCents + orig.bonusCents}`,
            updatedAt: sql`now()`,
          })
          .where(eq(advanceBalances.cc, orig.cc));
      }
      return { reversed: true, reversedCents: orig.amountCents };
    },
  };
}
