import type { CcDebt, InvoiceDisplayStatus } from '@ov/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, oncePerDatabase } from '../../db/client';
import { accounts, advanceBalances, invoices } from '../../db/schema';
import type { InvalidatedCache } from '../../lib/cache';
import type { CommercialSystem, InvoiceQuery } from './commercial-system';
import { toInvoiceDto, toLedgerAccount, toOpenInvoice } from './ledger.mappers';
import { createLedgerWrites } from './ledger-payments';

/** What is still due on an unpaid invoice, in SQL (mirrors domain amountDueCents). */
export const dueSql = sql<number>`greatest(${invoices.invoicedCents} - ${invoices.paidCents} - ${invoices.bonusCents}, 0)`;

/** The SQL condition of one display status (spec §3), so filters run in the index, not in memory. */
function displayStatusCondition(s: InvoiceDisplayStatus): SQL | undefined {
  const idle = isNull(invoices.inFlightPaymentId);
  switch (s) {
    case 'Procesando':
      return isNotNull(invoices.inFlightPaymentId);
    case 'Conveniada':
      return and(idle, eq(invoices.status, 'AGREED'));
    case 'Pagada':
      return and(idle, eq(invoices.status, 'PAID'));
    case 'Pago Parcial':
      return and(
        idle,
        or(
          eq(invoices.status, 'PARTIAL'),
          and(
            eq(invoices.status, 'PENDING'),
            sql`${invoices.paidCents} > 0`,
            sql`${invoices.paidCents} < ${invoices.invoicedCents}`,
          ),
        ),
      );
    case 'Pendiente':
      return and(
        idle,
        eq(invoices.status, 'PENDING'),
        sql`(${invoices.paidCents} = 0 or ${invoices.paidCents} >= ${invoices.invoicedCents})`,
      );
  }
}

export function invoiceWhere(cc: string, q: Omit<InvoiceQuery, 'page' | 'size'>): SQL | undefined {
  return and(
    eq(invoices.cc, cc),
    q.from ? gte(invoices.issuedOn, q.from) : undefined,
    q.to ? lte(invoices.issuedOn, q.to) : undefined,
    q.status?.length ? or(...q.status.map(displayStatusCondition)) : undefined,
  );
}

/**
 * Debts of several codes in one pass over the partial index of unpaid invoices. Named and prepared:
 * it is the customer's most frequent call, so it is parsed and planned once per connection. The
 * 'PAID' literal (not a parameter) keeps the partial index usable by the generic plan.
 */
function buildDebtsQuery(db: Executor) {
  return db
    .select({
      cc: invoices.cc,
      total: sql<string>`coalesce(sum(${dueSql}), 0)`,
      pending: sql<number>`count(*) filter (where ${dueSql} > 0)::int`,
      oldest: sql<string | null>`min(${invoices.issuedOn}) filter (where ${dueSql} > 0)`,
      agreed: sql<number>`count(*) filter (where ${invoices.status} = 'AGREED')::int`,
      processing: sql<number>`count(*) filter (where ${invoices.inFlightPaymentId} is not null)::int`,
    })
    .from(invoices)
    .where(sql`${invoices.cc} = any(${sql.placeholder('ccs')}::text[]) and ${invoices.status} <> 'PAID'`)
    .groupBy(invoices.cc)
    .prepare('ledger_debts');
}
const debtsQuery = oncePerDatabase(buildDebtsQuery);

/** One account by its code: every call on a code starts here. */
const accountQuery = oncePerDatabase((db: Executor) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.cc, sql.placeholder('cc')))
    .limit(1)
    .prepare('ledger_account'),
);

/**
 * A page of a code's invoices without a status filter (the page a customer opens first), the date
 * range as nullable parameters so one generic plan serves every call: still a range scan of
 * (cc, issued_on desc, id).
 */
const invoicePageQuery = oncePerDatabase((db: Executor) =>
  db
    .select({ invoice: invoices, total: sql<number>`count(*) over ()::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.cc, sql.placeholder('cc')),
        sql`${invoices.issuedOn} >= coalesce(${sql.placeholder('from')}::date, '-infinity'::date)`,
        sql`${invoices.issuedOn} <= coalesce(${sql.placeholder('to')}::date, 'infinity'::date)`,
      ),
    )
    .orderBy(desc(invoices.issuedOn), asc(invoices.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('ledger_invoice_page'),
);

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
  const readDebts = async (ccs: string[]) => {
    const rows = await debtsQuery(db).execute({ ccs });
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
    async findAccount(cc) {
      const [a] = await accountQuery(db).execute({ cc });
      return a ? toLedgerAccount(a) : null;
    },

    async findAccounts(ccs) {
      if (!ccs.length) return [];
      const rows = await db.select().from(accounts).where(inArray(accounts.cc, ccs));
      return rows.map(toLedgerAccount);
    },

    async getDebt(cc) {
      const rows = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.cc, cc), ne(invoices.status, 'PAID')))
        .orderBy(asc(invoices.issuedOn), asc(invoices.id));
      const open = rows.map(toOpenInvoice).filter((i) => i.dueCents > 0);
      return { cc, totalDebtCents: open.reduce((s, i) => s + i.dueCents, 0), invoices: open };
    },

    async getDebts(ccs) {
      if (!ccs.length) return [];
      return debtsCache ? debtsCache.loadMany(ccs, readDebts) : readDebts(ccs);
    },

    async getInvoices(cc, q) {
      const rows = q.status?.length
        ? await db
            .select({ invoice: invoices, total: sql<number>`count(*) over ()::int` })
            .from(invoices)
            .where(invoiceWhere(cc, q))
            .orderBy(desc(invoices.issuedOn), asc(invoices.id))
            .limit(q.size)
            .offset((q.page - 1) * q.size)
        : await invoicePageQuery(db).execute({
            cc,
            from: q.from ?? null,
            to: q.to ?? null,
            limit: q.size,
            offset: (q.page - 1) * q.size,
          });
      let total = rows[0]?.total ?? 0;
      if (!rows.length && q.page > 1) {
        const [c] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(invoices)
          .where(invoiceWhere(cc, q));
        total = c.n;
      }
      return { rows: rows.map((r) => toInvoiceDto(r.invoice)), total };
    },

    async getInvoice(cc, invoiceId) {
      const [i] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.cc, cc)))
        .limit(1);
      return i ? toInvoiceDto(i) : null;
    },

    async latestInvoiceNumbers(cc, count) {
      const rows = await db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.cc, cc))
        .orderBy(desc(invoices.issuedOn), asc(invoices.id))
        .limit(count);
      return rows.map((r) => r.number);
    },

    async getAdvanceBalance(cc) {
      const [b] = await db
        .select({ balance: advanceBalances.balanceCents })
        .from(advanceBalances)
        .where(eq(advanceBalances.cc, cc));
      return b?.balance ?? 0;
    },

    async getAdvanceBalances(ccs) {
      const map = new Map(ccs.map((cc) => [cc, 0]));
      if (!ccs.length) return map;
      const rows = await db
        .select({ cc: advanceBalances.cc, balance: advanceBalances.balanceCents })
        .from(advanceBalances)
        .where(inArray(advanceBalances.cc, ccs));
      for (const r of rows) map.set(r.cc, r.balance);
      return map;
    },

    async getConsumption(cc, periods) {
      const rows = await db
        .select({
          periodFrom: invoices.periodFrom,
          periodTo: invoices.periodTo,
          invoicedCents: invoices.invoicedCents,
          consumptionM3: invoices.consumptionM3,
        })
        .from(invoices)
        .where(eq(invoices.cc, cc))
        .orderBy(desc(invoices.issuedOn), asc(invoices.id))
        .limit(periods);
      return rows.reverse().map((r) => ({ ...r, period: r.periodFrom.slice(0, 7) }));
    },

    ...createLedgerWrites(),
  };
}
