import { inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { accounts, invoices } from '../../db/schema';

/** The importer's SQL: what already exists, and the batched inserts (all inside its one transaction). */
export function createImporterRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** The codes among `ccs` that have an account already. */
    async existingCcs(ccs: string[], ex: Executor = db): Promise<Set<string>> {
      if (!ccs.length) return new Set();
      const rows = await ex.select({ cc: accounts.cc }).from(accounts).where(inArray(accounts.cc, ccs));
      return new Set(rows.map((r) => r.cc));
    },

    /** The invoice numbers among `numbers` that are taken. */
    async takenInvoiceNumbers(numbers: string[], ex: Executor = db): Promise<Set<string>> {
      if (!numbers.length) return new Set();
      const rows = await ex
        .select({ n: invoices.number })
        .from(invoices)
        .where(inArray(invoices.number, numbers));
      return new Set(rows.map((r) => r.n));
    },

    async insertAccounts(rows: (typeof accounts.$inferInsert)[], ex: Executor = db) {
      await ex.insert(accounts).values(rows);
    },

    async insertInvoices(rows: (typeof invoices.$inferInsert)[], ex: Executor = db) {
      await ex.insert(invoices).values(rows);
    },
  };
}
export type ImporterRepository = ReturnType<typeof createImporterRepository>;
