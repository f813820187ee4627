import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { billingDocuments, invoices, ledgerPaymentInvoices, ledgerPayments } from '../../db/schema';

/** The SQL of billing's documents: the stamps anyone can verify, and what a receipt shows. */
export function createDocumentsRepository(db: Db) {
  return {
    /** A document's stamp, once per code (a second issue keeps the first row); the row as stored. */
    async stamp(
      row: { code: string; kind: string; cc: string; subject: string; amountCents: number | null },
      ex: Executor = db,
    ) {
      await ex.insert(billingDocuments).values(row).onConflictDoNothing();
      const [stored] = await ex.select().from(billingDocuments).where(eq(billingDocuments.code, row.code));
      return stored;
    },

    async document(code: string, ex: Executor = db) {
      const [d] = await ex.select().from(billingDocuments).where(eq(billingDocuments.code, code));
      return d;
    },

    /** A payment as the ledger applied it. */
    async ledgerPayment(paymentId: string, ex: Executor = db) {
      const [lp] = await ex.select().from(ledgerPayments).where(eq(ledgerPayments.paymentId, paymentId));
      return lp;
    },

    /** The code a ledger payment belongs to. */
    async ledgerPaymentCc(paymentId: string, ex: Executor = db) {
      const [lp] = await ex
        .select({ cc: ledgerPayments.cc })
        .from(ledgerPayments)
        .where(eq(ledgerPayments.paymentId, paymentId));
      return lp?.cc;
    },

    /** The invoices a ledger payment paid, with the amount on each. */
    async paymentLines(paymentId: string, ex: Executor = db) {
      return ex
        .select({ inv: invoices, amount: ledgerPaymentInvoices.amountCents })
        .from(ledgerPaymentInvoices)
        .innerJoin(invoices, eq(invoices.id, ledgerPaymentInvoices.invoiceId))
        .where(eq(ledgerPaymentInvoices.paymentId, paymentId));
    },

    async invoiceCc(invoiceId: string, ex: Executor = db) {
      const [ref] = await ex.select({ cc: invoices.cc }).from(invoices).where(eq(invoices.id, invoiceId));
      return ref?.cc;
    },

    /** The (first) payment that paid on an invoice: how and when. */
    async invoicePayment(invoiceId: string, ex: Executor = db) {
      const [lp] = await ex
        .select({ method: ledgerPayments.method, kind: ledgerPayments.kind, at: ledgerPayments.appliedAt })
        .from(ledgerPaymentInvoices)
        .innerJoin(ledgerPayments, eq(ledgerPayments.paymentId, ledgerPaymentInvoices.paymentId))
        .where(eq(ledgerPaymentInvoices.invoiceId, invoiceId))
        .limit(1);
      return lp;
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
