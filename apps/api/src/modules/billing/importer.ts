import type { z } from 'zod';
import { ACCOUNT_COLUMNS, csvRows, INVOICE_COLUMNS, type Rejection, rowSchemas } from './importer.csv';
import type { ImporterRepository } from './importer.repository';

export { ACCOUNT_COLUMNS, INVOICE_COLUMNS, parseCsvLine, type Rejection } from './importer.csv';
export { createImporterRepository, type ImporterRepository } from './importer.repository';

/**
 * Importer of the utility's own data (CSV with a header row; columns below, any order). Every row is
 * validated; rows go in with batched inserts inside ONE transaction, which is rolled back if any row
 * was rejected: nothing is half-imported. Amounts are integer cents.
 */
class RolledBack extends Error {}

export async function importBilling(
  repo: ImporterRepository,
  opts: {
    accountsFile?: string;
    invoicesFile?: string;
    space: string;
    clientCodePattern: string;
    batch?: number;
  },
) {
  const schemas = rowSchemas(opts.clientCodePattern);
  const rejected: Rejection[] = [];
  const batchSize = opts.batch ?? 1000;
  const counts = { accounts: 0, invoices: 0 };
  const fileCcs = new Set<string>();
  const numbers = new Set<string>();

  async function pass<T>(
    file: string,
    columns: readonly string[],
    schema: z.ZodType<T>,
    flush: (rows: { line: number; row: T }[]) => Promise<void>,
  ) {
    let pending: { line: number; row: T }[] = [];
    for await (const { line, record } of csvRows(file, columns)) {
      const parsed = schema.safeParse(record);
      if (!parsed.success) {
        const reason = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        rejected.push({ file, line, reason });
        continue;
      }
      pending.push({ line, row: parsed.data });
      if (pending.length >= batchSize) await flush(pending.splice(0));
    }
    if (pending.length) await flush(pending);
    pending = [];
  }

  try {
    await repo.transaction(async (tx) => {
      if (opts.accountsFile) {
        const file = opts.accountsFile;
        await pass(file, ACCOUNT_COLUMNS, schemas.account, async (rows) => {
          const inDb = await repo.existingCcs(
            rows.map((r) => r.row.cc),
            tx,
          );
          const ok = rows.filter(({ line, row }) => {
            const dup = inDb.has(row.cc)
              ? 'ya existe en el sistema'
              : fileCcs.has(row.cc)
                ? 'repetido en el archivo'
                : null;
            if (dup) rejected.push({ file, line, reason: `cc ${row.cc}: ${dup}` });
            fileCcs.add(row.cc);
            return !dup;
          });
          if (rejected.length || !ok.length) return;
          await repo.insertAccounts(
            ok.map(({ row: a }) => ({
              cc: a.cc,
              space: opts.space,
              holderName: a.holder_name,
              clientType: a.client_type,
              street: a.street,
              number: a.number,
              betweenStreets: a.between_streets,
              municipality: a.municipality,
              popularCouncil: a.popular_council,
              commercialOffice: a.commercial_office,
              policy: a.policy,
              contractNumber: a.contract_number,
              nucleusPeople: a.nucleus_people,
              metered: a.metered,
              active: a.active,
            })),
            tx,
          );
          counts.accounts += ok.length;
        });
      }
      if (opts.invoicesFile) {
        const file = opts.invoicesFile;
        await pass(file, INVOICE_COLUMNS, schemas.invoice, async (rows) => {
          const unknownCcs = [...new Set(rows.map((r) => r.row.cc).filter((cc) => !fileCcs.has(cc)))];
          const known = await repo.existingCcs(unknownCcs, tx);
          const taken = await repo.takenInvoiceNumbers(
            rows.map((r) => r.row.number),
            tx,
          );
          const ok = rows.filter(({ line, row }) => {
            const why =
              !fileCcs.has(row.cc) && !known.has(row.cc)
                ? `cc ${row.cc}: no existe`
                : taken.has(row.number)
                  ? `factura ${row.number}: ya existe en el sistema`
                  : numbers.has(row.number)
                    ? `factura ${row.number}: repetida en el archivo`
                    : null;
            if (why) rejected.push({ file, line, reason: why });
            numbers.add(row.number);
            return !why;
          });
          if (rejected.length || !ok.length) return;
          await repo.insertInvoices(
            ok.map(({ row: i }) => ({
              cc: i.cc,
              number: i.number,
              issuedOn: i.issued_on,
              periodFrom: i.period_from,
              periodTo: i.period_to,
              invoicedCents: i.invoiced_cents,
              paidCents: i.paid_cents,
              bonusCents: i.bonus_cents,
              partial: i.partial,
              policy: i.policy,
              status: i.status,
              consumptionM3: i.consumption_m3,
            })),
            tx,
          );
          counts.invoices += ok.length;
        });
      }
      if (rejected.length) throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  const ok = rejected.length === 0;
  rejected.sort((a, b) => (a.file === b.file ? a.line - b.line : 0));
  return { ok, imported: ok ? counts : { accounts: 0, invoices: 0 }, rejected };
}
