import { createHash, randomUUID } from 'node:crypto';
import { advanceBonusCents, agreementItemNumber } from '@ov/domain';
import {
  type CommercialSystem,
  type CreditAdvance,
  LedgerRejection,
  type OpenInvoice,
} from './commercial-system';
import { isUuid, toOpenInvoice } from './ledger.mappers';
import type { AdvanceRow, LedgerRepository } from './ledger.repository';

type Writes = Pick<
  CommercialSystem,
  | 'markInvoicesInFlight'
  | 'releaseInvoices'
  | 'applyPayment'
  | 'creditAdvance'
  | 'reversePayment'
  | 'inStatement'
  | 'applyAgreement'
>;

/** The advance and its bonus, in cents (integers; the bonus rule is the domain's `advanceBonusCents`). */
function advanceRow(advance: CreditAdvance): AdvanceRow {
  const { cc, amountCents, bonusPercent, paymentId, method } = advance;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new LedgerRejection(13);
  const bonusCents = advanceBonusCents(amountCents, bonusPercent);
  return {
    cc,
    amountCents,
    bonusCents,
    creditedCents: amountCents + bonusCents,
    paymentId,
    method: method ?? 'ADVANCE',
  };
}

/** The ledger row of a reversal gets an id derived from the payment's, so the unique index makes it once-only. */
export function reversalIdOf(paymentId: string): string {
  const h = createHash('sha256').update(`reversal:${paymentId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The money-moving half of the built-in ledger: the rules, over the ledger repository's SQL. */
export function createLedgerWrites(repo: LedgerRepository): Writes {
  /**
   * Locks the invoices (in id order, so two payments never deadlock) and checks they can be paid by
   * `paymentId`. Throws before writing anything, so a caller may catch the rejection and go on in its
   * transaction.
   */
  async function lockPayable(
    tx: Parameters<LedgerRepository['lockInvoices']>[0],
    cc: string,
    invoiceIds: string[],
    paymentId: string,
  ) {
    const ids = [...new Set(invoiceIds)];
    if (!ids.length) throw new LedgerRejection(7);
    const notOurs = ids.filter((id) => !isUuid(id));
    if (notOurs.length) throw new LedgerRejection(7, notOurs);
    const rows = await repo.lockInvoices(tx, ids);
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
    return Object.assign(open, { rows });
  }

  return {
    async markInvoicesInFlight(tx, { cc, invoiceIds, paymentId }) {
      const open = await lockPayable(tx, cc, invoiceIds, paymentId);
      await repo.setInFlight(
        tx,
        open.map((i) => i.id),
        paymentId,
      );
      return open.map((i) => ({ ...i, inFlightPaymentId: paymentId, displayStatus: 'Procesando' as const }));
    },

    releaseInvoices: (tx, paymentId) => repo.releaseInFlight(tx, paymentId),

    async applyPayment(tx, { cc, invoiceIds, amountCents, paymentId, method }) {
      const already = await repo.ledgerPaymentId(tx, paymentId);
      if (already) return { applied: false, ledgerPaymentId: already };
      const open = await lockPayable(tx, cc, invoiceIds, paymentId);
      const agreementOf = new Map(open.rows.map((r) => [r.id, r.agreementId ?? undefined]));
      const due = open.reduce((s, i) => s + i.dueCents, 0);
      if (!Number.isSafeInteger(amountCents) || amountCents !== due) throw new LedgerRejection(13);
      const id = await repo.insertLedgerPayment(tx, { paymentId, cc, amountCents, method, kind: 'CC' });
      if (!id) return { applied: false, ledgerPaymentId: (await repo.ledgerPaymentId(tx, paymentId))! };
      for (const i of open) await repo.markPaid(tx, i.id, i.dueCents);
      await repo.insertPaymentLines(
        tx,
        open.map((i) => ({ paymentId, invoiceId: i.id, amountCents: i.dueCents })),
      );
      // The last item of a payment agreement paid: the invoices it covers are settled.
      const agreements = [...new Set(open.map((i) => agreementOf.get(i.id)).filter((a) => a !== undefined))];
      await repo.settleAgreements(tx, agreements);
      return { applied: true, ledgerPaymentId: id };
    },

    async applyAgreement(tx, { cc, requestId, invoiceIds, items }) {
      const ids = [...new Set(invoiceIds)];
      const agreementId = randomUUID();
      // The same checks as a payment's claim: only open invoices of the code, idle, not agreed yet.
      const open = await lockPayable(tx, cc, ids, agreementId);
      const first = open.rows[0];
      const amountCents = items.reduce((s, i) => s + i.amountCents, 0);
      await repo.insertAgreement(
        tx,
        { id: agreementId, cc, invoiceIds: ids, amountCents, requestId },
        items.map((item) => ({
          cc,
          number: agreementItemNumber(requestId, item.n, item.of),
          issuedOn: item.dueOn,
          periodFrom: item.dueOn,
          periodTo: item.dueOn,
          invoicedCents: item.amountCents,
          policy: first?.policy ?? null,
        })),
      );
      return { agreementId };
    },

    async creditAdvance(tx, advance) {
      const row = advanceRow(advance);
      // One statement: the ledger row (once per payment) and, only if it was new, the balance.
      const balance = await repo.creditAdvance(tx, row);
      if (balance !== undefined)
        return { applied: true, creditedCents: row.creditedCents, balanceCents: balance };
      return { applied: false, creditedCents: 0, balanceCents: (await repo.advanceBalance(row.cc, tx)) ?? 0 };
    },

    inStatement: {
      creditAdvance: (advance, condition, binder) =>
        repo.inStatement.creditAdvance(advanceRow(advance), condition, binder),
      releaseInvoices: repo.inStatement.releaseInvoices,
    },

    async reversePayment(tx, { paymentId }) {
      const orig = await repo.ledgerPayment(tx, paymentId);
      if (!orig || orig.kind === 'REVERSAL') return { reversed: false, reversedCents: 0 };
      const rev = await repo.insertLedgerPayment(tx, {
        paymentId: reversalIdOf(paymentId),
        cc: orig.cc,
        amountCents: -orig.amountCents,
        bonusCents: -orig.bonusCents,
        method: orig.method,
        kind: 'REVERSAL',
      });
      if (!rev) return { reversed: false, reversedCents: 0 };
      if (orig.kind === 'CC') {
        for (const l of await repo.paymentLines(tx, paymentId))
          await repo.unpay(tx, l.invoiceId, l.amountCents);
      } else {
        await repo.debitAdvance(tx, orig.cc, orig.amountCents + orig.bonusCents);
      }
      return { reversed: true, reversedCents: orig.amountCents };
    },
  };
}
