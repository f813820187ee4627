import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  accountCounts,
  accounts,
  clientCodeLinks,
  ledgerPaymentInvoices,
  ledgerPayments,
} from '../../db/schema';
import type { InvalidatedCache, LinkedCodes } from '../../lib/cache';
import {
  keptCountWhere,
  keptTotal,
  naturalOrder,
  pageWindow,
  type SearchQuery,
  type SearchSpec,
  searchOrder,
  searchWhere,
} from '../../lib/search';

export const accountSearchSpec: SearchSpec = {
  // Free text looks in the holder's name; an exact client code is matched by the caller (primary key).
  searchColumns: [accounts.holderName],
  filterFields: {
    cc: accounts.cc,
    municipality: accounts.municipality,
    clientType: accounts.clientType,
    active: accounts.active,
    contractNumber: accounts.contractNumber,
  },
  sortFields: { cc: accounts.cc, holder: accounts.holderName, createdAt: accounts.createdAt },
  ...naturalOrder([accounts.cc, 'asc']),
};

/** The kept counts' columns (migration 0029): the lookup's total over a million codes without counting them. */
const accountCountSpec: SearchSpec = {
  searchColumns: [],
  filterFields: {
    municipality: accountCounts.municipality,
    clientType: accountCounts.clientType,
    active: accountCounts.active,
  },
  sortFields: {},
  defaultSort: [],
};

/** Our side of billing: who is linked to which code, and the staff lookup over the ledger's accounts. */
export function createBillingRepository(db: Db, linksCache?: InvalidatedCache<LinkedCodes>) {
  const readLinks = (userId: string): Promise<LinkedCodes> =>
    db
      .select({ cc: clientCodeLinks.cc, createdAt: clientCodeLinks.createdAt })
      .from(clientCodeLinks)
      .where(eq(clientCodeLinks.userId, userId))
      .orderBy(asc(clientCodeLinks.createdAt), asc(clientCodeLinks.cc));
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    async insertLink(link: { userId: string; cc: string; space: string }, ex: Executor = db) {
      await ex.insert(clientCodeLinks).values(link);
    },

    async deleteLink(cc: string, userId: string, ex: Executor = db) {
      await ex
        .delete(clientCodeLinks)
        .where(and(eq(clientCodeLinks.cc, cc), eq(clientCodeLinks.userId, userId)));
    },

    /** The user's codes, oldest association first (kept between requests when a cache is given). */
    linkedCcs(userId: string): Promise<LinkedCodes> {
      return linksCache ? linksCache.load(userId, () => readLinks(userId)) : readLinks(userId);
    },
    async linkOf(cc: string) {
      const [row] = await db.select().from(clientCodeLinks).where(eq(clientCodeLinks.cc, cc));
      return row;
    },
    /** The subset of `ccs` linked to the user. */
    async linkedAmong(userId: string, ccs: string[]) {
      if (!ccs.length) return new Set<string>();
      const rows = await db
        .select({ cc: clientCodeLinks.cc })
        .from(clientCodeLinks)
        .where(and(eq(clientCodeLinks.userId, userId), inArray(clientCodeLinks.cc, ccs)));
      return new Set(rows.map((r) => r.cc));
    },
    async paymentsOfInvoice(invoiceId: string) {
      return db
        .select({
          paymentId: ledgerPayments.paymentId,
          amountCents: ledgerPaymentInvoices.amountCents,
          method: ledgerPayments.method,
          kind: ledgerPayments.kind,
          appliedAt: ledgerPayments.appliedAt,
        })
        .from(ledgerPaymentInvoices)
        .innerJoin(ledgerPayments, eq(ledgerPayments.paymentId, ledgerPaymentInvoices.paymentId))
        .where(eq(ledgerPaymentInvoices.invoiceId, invoiceId))
        .orderBy(asc(ledgerPayments.appliedAt));
    },
    async searchAccounts(space: string, q: SearchQuery, exactCc: string | null) {
      const scope = and(eq(accounts.space, space), exactCc ? eq(accounts.cc, exactCc) : undefined);
      const where = searchWhere(accountSearchSpec, exactCc ? { ...q, search: undefined } : q, scope);
      const { limit, offset } = pageWindow(q);
      // An exact code is one row by its primary key; otherwise the kept counts answer when they can.
      const kept = exactCc ? undefined : keptCountWhere(accountCountSpec, q, eq(accountCounts.space, space));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(accounts)
          .where(where)
          .orderBy(...searchOrder(accountSearchSpec, q))
          .limit(limit)
          .offset(offset),
        kept
          ? db
              .select({ total: keptTotal(accountCounts.count) })
              .from(accountCounts)
              .where(kept)
          : db.select({ total: count() }).from(accounts).where(where),
      ]);
      return { rows, total };
    },
    /** Linked users per code (staff view): how many customers see each code (0 or 1). */
    async linkCounts(ccs: string[]) {
      if (!ccs.length) return new Map<string, number>();
      const rows = await db
        .select({ cc: clientCodeLinks.cc, n: sql<number>`count(*)::int` })
        .from(clientCodeLinks)
        .where(inArray(clientCodeLinks.cc, ccs))
        .groupBy(clientCodeLinks.cc);
      return new Map(rows.map((r) => [r.cc, r.n]));
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
