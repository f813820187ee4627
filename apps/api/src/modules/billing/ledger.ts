import type { CcDebt } from '@ov/domain';
import type { Executor } from '../../db/client';
import type { InvalidatedCache } from '../../lib/cache';
import type { CommercialSystem } from './commercial-system';
import { isUuid, toInvoiceDto, toLedgerAccount, toOpenInvoice } from './ledger.mappers';
import { createLedgerRepository } from './ledger.repository';
import { createLedgerWrites } from './ledger-payments';

/**
 * The built-in commercial system on our own tables. `debtsCache` keeps debt summaries between
 * requests: the database announces every change to a code's invoices (migration 0009), so only a
 * handle on the database itself (never a transaction, which may read its own uncommitted rows) may
 * be given one.
 */
export function createLedgerCommercialSystem(
  db: Executor,
  opts: { debtsCache?: InvalidatedCache<CcDebt> } = {},
): CommercialSystem {
  const repo = createLedgerRepository(db);
  const readDebts = async (ccs: string[]) => {
    const rows = await repo.debts(ccs);
    const byCc = new Map(rows.map((r) => [r.cc, r]));
    return ccs.map((cc): CcDebt => {
      const r = byCc.get(cc);
      return {
        cc,
        totalDebtCents: r ? Number(r.total) : 0,
        pendingInvoices: r?.pending ?? 0,
        oldestDue: r?.oldest ?? null,
        agreedInvoices: r?.agreed ?? 0,
        processingInvoices: r?.processing ?? 0,
      };
    });
  };
  const { debtsCache } = opts;
  return {
    kind: 'ledger',
    async findAccount(cc) {
      const a = await repo.account(cc);
      return a ? toLedgerAccount(a) : null;
    },

    async findAccounts(ccs) {
      if (!ccs.length) return [];
      return (await repo.accounts(ccs)).map(toLedgerAccount);
    },

    async getDebt(cc) {
      const open = (await repo.unpaidInvoices(cc)).map(toOpenInvoice).filter((i) => i.dueCents > 0);
      return { cc, totalDebtCents: open.reduce((s, i) => s + i.dueCents, 0), invoices: open };
    },

    async getDebts(ccs) {
      if (!ccs.length) return [];
      return debtsCache ? debtsCache.loadMany(ccs, readDebts) : readDebts(ccs);
    },

    async getInvoices(cc, q) {
      const rows = await repo.invoicePage(cc, q);
      let total = rows[0]?.total ?? 0;
      if (!rows.length && q.page > 1) total = await repo.invoiceCount(cc, q);
      return { rows: rows.map((r) => toInvoiceDto(r.invoice)), total };
    },

    async getInvoice(cc, invoiceId) {
      // The built-in ledger's invoice ids are uuids (a commercial system over HTTP uses numbers).
      if (!isUuid(invoiceId)) return null;
      const i = await repo.invoice(cc, invoiceId);
      return i ? toInvoiceDto(i) : null;
    },

    latestInvoiceNumbers: (cc, count) => repo.latestInvoiceNumbers(cc, count),

    async getAdvanceBalance(cc) {
      return (await repo.advanceBalance(cc)) ?? 0;
    },

    async getAdvanceBalances(ccs) {
      const map = new Map(ccs.map((cc) => [cc, 0]));
      if (!ccs.length) return map;
      for (const r of await repo.advanceBalances(ccs)) map.set(r.cc, r.balance);
      return map;
    },

    async getConsumption(cc, periods) {
      const rows = await repo.consumption(cc, periods);
      return rows.reverse().map((r) => ({ ...r, period: r.periodFrom.slice(0, 7) }));
    },

    /** The built-in ledger opens the account under the code the portal proposed (idempotent: kept if there). */
    async openAccount(tx, a) {
      await repo.openAccount(tx, {
        cc: a.cc,
        space: a.space,
        holderName: a.holderName,
        clientType: a.sector,
        street: a.street,
        number: a.number,
        betweenStreets: a.betweenStreets,
        municipality: a.municipality,
        popularCouncil: a.popularCouncil,
        commercialOffice: a.commercialOffice,
        policy: a.policy,
        contractNumber: a.contractNumber,
        nucleusPeople: a.nucleusPeople,
        metered: a.metered,
      });
      return { cc: a.cc };
    },

    ...createLedgerWrites(repo),
  };
}
