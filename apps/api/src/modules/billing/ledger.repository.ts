import type { InvoiceDisplayStatus } from '@ov/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, oncePerDatabase } from '../../db/client';
import {
  accounts,
  advanceBalances,
  invoices,
  ledgerPaymentInvoices,
  ledgerPayments,
  paymentAgreements,
} from '../../db/schema';
import { type Binder, insertWhere, pendingInsert } from '../../lib/batch';
import { coalesce } from '../../lib/coalesce';
import type { InvoiceQuery } from './commercial-system';

/** A row of the ledger's accounts and invoices, as stored (ledger.mappers.ts turns them into DTOs). */
export type AccountRow = typeof accounts.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type LedgerPaymentRow = typeof ledgerPayments.$inferSelect;

/** What is still due on an unpaid invoice, in SQL (mirrors domain amountDueCents). */
export const dueSql = sql<number>`greatest(${invoices.invoicedCents} - ${invoices.paidCents} - ${invoices.bonusCents}, 0)`;

/**
 * An AGREED invoice covered by a payment agreement made in the portal: its debt is the agreement's
 * payable items (invoices of the same code), so it is not counted twice.
 */
const coveredSql = sql`(${invoices.status} = 'AGREED' and ${invoices.agreementId} is not null)`;
/** A payment agreement's payable items are not invoices of a period (chart, ownership proof). */
const periodInvoiceSql = sql`${invoices.number} not like 'CV-%'`;

/**
 * Newest first, in the order of `invoices_cc_issued_idx` (cc, issued_on desc nulls last, id): a bare
 * `desc` means nulls first, which that index does not serve (every row of the code read and sorted);
 * issued_on is never null, so the answer is the same.
 */
const newestFirst = [sql`${invoices.issuedOn} desc nulls last`, asc(invoices.id)];

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
      total: sql<string>`coalesce(sum(${dueSql}) filter (where not ${coveredSql}), 0)`,
      pending: sql<number>`count(*) filter (where ${dueSql} > 0 and not ${coveredSql})::int`,
      oldest: sql<
        string | null
      >`min(${invoices.issuedOn}) filter (where ${dueSql} > 0 and not ${coveredSql})`,
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
 * A page of a code's invoices without a status filter (the page a customer opens first) and its
 * total, in one statement: the date range as nullable parameters so one generic plan serves every
 * call. The page is a range scan of (cc, issued_on desc nulls last, id) that stops at the page's last row (no
 * sort, only the page's rows fetched); the total is counted once (an InitPlan) from the same index,
 * not by a window over every row of the code.
 */
const invoicePageQuery = oncePerDatabase((db: Executor) =>
  db
    .select({
      invoice: invoices,
      total: sql<number>`(select count(*)::int from ${invoices} as c where c.cc = ${sql.placeholder('cc')}
        and c.issued_on >= coalesce(${sql.placeholder('from')}::date, '-infinity'::date)
        and c.issued_on <= coalesce(${sql.placeholder('to')}::date, 'infinity'::date))`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.cc, sql.placeholder('cc')),
        sql`${invoices.issuedOn} >= coalesce(${sql.placeholder('from')}::date, '-infinity'::date)`,
        sql`${invoices.issuedOn} <= coalesce(${sql.placeholder('to')}::date, 'infinity'::date)`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('ledger_invoice_page'),
);

/**
 * The unfiltered pages of several calls (`invoicePageQuery`'s page and total for each) in ONE
 * statement: one row of parameters per call (`q`), each its own range scan of the index that stops
 * at its page's last row, and its total counted once (`t`). `k` says which call a row answers.
 */
const invoicePagesQuery = oncePerDatabase((db: Executor) => {
  // Each call's page: a lateral subquery named like the table, so its rows decode as invoices do.
  const page = db
    .select()
    .from(invoices)
    .where(
      sql`${invoices.cc} = q.q_cc and ${invoices.issuedOn} >= coalesce(q.q_from, '-infinity'::date)
        and ${invoices.issuedOn} <= coalesce(q.q_to, 'infinity'::date)`,
    )
    .orderBy(...newestFirst)
    // Per call, from its row of parameters (a column, which drizzle's types do not foresee).
    .limit(sql`q.q_limit` as unknown as number)
    .offset(sql`q.q_offset` as unknown as number)
    .as('invoices');
  return db
    .select({ k: sql<number>`q.q_k`.mapWith(Number), total: sql<number>`t.total`, invoice: invoices })
    .from(
      sql`unnest(${sql.placeholder('ccs')}::text[], ${sql.placeholder('froms')}::date[],
          ${sql.placeholder('tos')}::date[], ${sql.placeholder('limits')}::int8[], ${sql.placeholder('offsets')}::int8[])
          with ordinality as q(q_cc, q_from, q_to, q_limit, q_offset, q_k)
        cross join lateral (select count(*)::int as total from ${invoices} as c where c.cc = q.q_cc
          and c.issued_on >= coalesce(q.q_from, '-infinity'::date)
          and c.issued_on <= coalesce(q.q_to, 'infinity'::date)) as t`,
    )
    .crossJoinLateral(page)
    .orderBy(sql`q.q_k`, ...newestFirst)
    .prepare('ledger_invoice_pages');
});

type PageCall = { cc: string; from: string | null; to: string | null; limit: number; offset: number };
type PageRow = { invoice: InvoiceRow; total: number };

/** An advance to credit, its bonus already computed (the rule is the domain's, see ledger-payments.ts). */
export interface AdvanceRow {
  cc: string;
  amountCents: number;
  bonusCents: number;
  creditedCents: number;
  paymentId: string;
  method: string;
}

/**
 * The ledger row of an advance (once per payment: the unique payment id) and, only if that row is new,
 * the balance credited: two CTEs, `ledger_recorded` and `ledger_credited`. With `condition` the row is
 * written only if it holds (see `inStatement` of the commercial system).
 */
function creditAdvanceCtes(advance: AdvanceRow, condition: SQL = sql`true`, binder?: Binder): SQL {
  const { cc, amountCents, bonusCents, creditedCents, paymentId, method } = advance;
  const value = (name: string, v: unknown) => (binder ? binder.bind(`ledger_${name}`, v) : sql`${v}`);
  const recorded = insertWhere(
    pendingInsert(ledgerPayments, { paymentId, cc, amountCents, bonusCents, method, kind: 'ADELANTO' }),
    condition,
    binder,
    'ledger_',
  );
  return sql`ledger_recorded as (${recorded} on conflict (payment_id) do nothing returning id),
    ledger_credited as (
      insert into ${advanceBalances} (cc, balance_cents)
      select ${value('balanceCc', cc)}, ${value('credited', creditedCents)}::bigint from ledger_recorded
      on conflict (cc) do update
        set balance_cents = ${advanceBalances}.balance_cents + excluded.balance_cents, updated_at = now()
      returning balance_cents as balance)`;
}

/**
 * All the SQL of the built-in commercial system (the ledger on our own tables). Reads go to `db`;
 * the money-moving calls take the caller's transaction (`tx`), as the CommercialSystem interface does.
 */
export function createLedgerRepository(db: Executor) {
  type DebtRow = Awaited<ReturnType<ReturnType<typeof debtsQuery>['execute']>>[number];
  // Concurrent calls' codes in one statement (lib/coalesce.ts): each call gets its own codes' rows.
  const debtsOf = coalesce(async (calls: string[][]): Promise<DebtRow[][]> => {
    if (calls.length === 1) return [await debtsQuery(db).execute({ ccs: calls[0] })];
    const rows = await debtsQuery(db).execute({ ccs: [...new Set(calls.flat())] });
    const byCc = new Map(rows.map((r) => [r.cc, r]));
    return calls.map((ccs) => [...new Set(ccs)].flatMap((cc) => byCc.get(cc) ?? []));
  });
  // Concurrent calls' unfiltered pages in one statement; a call alone keeps its own prepared statement.
  const pagesOf = coalesce(async (calls: PageCall[]): Promise<PageRow[][]> => {
    if (calls.length === 1) return [await invoicePageQuery(db).execute(calls[0])];
    const rows = await invoicePagesQuery(db).execute({
      ccs: calls.map((c) => c.cc),
      froms: calls.map((c) => c.from),
      tos: calls.map((c) => c.to),
      limits: calls.map((c) => c.limit),
      offsets: calls.map((c) => c.offset),
    });
    const pages: PageRow[][] = calls.map(() => []);
    for (const r of rows) pages[r.k - 1].push({ invoice: r.invoice, total: r.total });
    return pages;
  });
  return {
    /** One account by its code: every call on a code starts here (prepared once per database). */
    async account(cc: string): Promise<AccountRow | undefined> {
      const [a] = await accountQuery(db).execute({ cc });
      return a;
    },

    /** Opens an account (a contract signed in the portal); an account already under that code is kept. */
    async openAccount(tx: Executor, values: typeof accounts.$inferInsert) {
      await tx.insert(accounts).values(values).onConflictDoNothing();
    },

    async accounts(ccs: string[]): Promise<AccountRow[]> {
      return db.select().from(accounts).where(inArray(accounts.cc, ccs));
    },

    /** The code's invoices that are not PAID, oldest first (those a portal agreement covers left out). */
    async unpaidInvoices(cc: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.cc, cc), ne(invoices.status, 'PAID'), sql`not ${coveredSql}`))
        .orderBy(asc(invoices.issuedOn), asc(invoices.id));
    },

    /** Debt summaries of several codes in one pass over the partial index of unpaid invoices. */
    async debts(ccs: string[]) {
      return debtsOf(ccs);
    },

    /** A page of a code's invoices, newest first, each with the total of the filter. */
    async invoicePage(cc: string, q: InvoiceQuery): Promise<{ invoice: InvoiceRow; total: number }[]> {
      return q.status?.length
        ? db
            .select({ invoice: invoices, total: sql<number>`count(*) over ()::int` })
            .from(invoices)
            .where(invoiceWhere(cc, q))
            .orderBy(...newestFirst)
            .limit(q.size)
            .offset((q.page - 1) * q.size)
        : pagesOf({
            cc,
            from: q.from ?? null,
            to: q.to ?? null,
            limit: q.size,
            offset: (q.page - 1) * q.size,
          });
    },

    async invoiceCount(cc: string, q: Omit<InvoiceQuery, 'page' | 'size'>): Promise<number> {
      const [c] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(invoiceWhere(cc, q));
      return c.n;
    },

    async invoice(cc: string, invoiceId: string): Promise<InvoiceRow | undefined> {
      const [i] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.cc, cc)))
        .limit(1);
      return i;
    },

    async latestInvoiceNumbers(cc: string, count: number): Promise<string[]> {
      const rows = await db
        .select({ number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.cc, cc), periodInvoiceSql))
        .orderBy(...newestFirst)
        .limit(count);
      return rows.map((r) => r.number);
    },

    async advanceBalance(cc: string, ex: Executor = db): Promise<number | undefined> {
      const [b] = await ex
        .select({ balance: advanceBalances.balanceCents })
        .from(advanceBalances)
        .where(eq(advanceBalances.cc, cc));
      return b?.balance;
    },

    async advanceBalances(ccs: string[]) {
      return db
        .select({ cc: advanceBalances.cc, balance: advanceBalances.balanceCents })
        .from(advanceBalances)
        .where(inArray(advanceBalances.cc, ccs));
    },

    /** The last `periods` invoices' amounts and consumption, newest first. */
    async consumption(cc: string, periods: number) {
      return db
        .select({
          periodFrom: invoices.periodFrom,
          periodTo: invoices.periodTo,
          invoicedCents: invoices.invoicedCents,
          consumptionM3: invoices.consumptionM3,
        })
        .from(invoices)
        .where(and(eq(invoices.cc, cc), periodInvoiceSql))
        .orderBy(...newestFirst)
        .limit(periods);
    },

    // ---- writes, in the caller's transaction ----

    /** The invoices, locked in id order (two payments never deadlock). */
    async lockInvoices(tx: Executor, ids: string[]): Promise<InvoiceRow[]> {
      return tx
        .select()
        .from(invoices)
        .where(inArray(invoices.id, ids))
        .orderBy(asc(invoices.id))
        .for('update');
    },

    async setInFlight(tx: Executor, ids: string[], paymentId: string) {
      await tx.update(invoices).set({ inFlightPaymentId: paymentId }).where(inArray(invoices.id, ids));
    },

    /** Frees what the payment claimed; how many invoices. */
    async releaseInFlight(tx: Executor, paymentId: string): Promise<number> {
      const freed = await tx
        .update(invoices)
        .set({ inFlightPaymentId: null })
        .where(eq(invoices.inFlightPaymentId, paymentId))
        .returning({ id: invoices.id });
      return freed.length;
    },

    /** The ledger row id of a payment, if the ledger has one. */
    async ledgerPaymentId(tx: Executor, paymentId: string): Promise<string | undefined> {
      const [row] = await tx
        .select({ id: ledgerPayments.id })
        .from(ledgerPayments)
        .where(eq(ledgerPayments.paymentId, paymentId));
      return row?.id;
    },

    async ledgerPayment(tx: Executor, paymentId: string): Promise<LedgerPaymentRow | undefined> {
      const [row] = await tx.select().from(ledgerPayments).where(eq(ledgerPayments.paymentId, paymentId));
      return row;
    },

    /** A ledger row, once per payment id: undefined when one with that id exists. */
    async insertLedgerPayment(
      tx: Executor,
      row: typeof ledgerPayments.$inferInsert,
    ): Promise<string | undefined> {
      const [lp] = await tx
        .insert(ledgerPayments)
        .values(row)
        .onConflictDoNothing({ target: ledgerPayments.paymentId })
        .returning({ id: ledgerPayments.id });
      return lp?.id;
    },

    /** A payment agreement (issue 30): its record, its invoices AGREED, its items as new invoices. */
    async insertAgreement(
      tx: Executor,
      agreement: typeof paymentAgreements.$inferInsert & { id: string },
      items: (typeof invoices.$inferInsert)[],
    ) {
      await tx.insert(paymentAgreements).values(agreement);
      await tx
        .update(invoices)
        .set({ status: 'AGREED', agreementId: agreement.id })
        .where(inArray(invoices.id, agreement.invoiceIds));
      if (items.length)
        await tx.insert(invoices).values(items.map((i) => ({ ...i, agreementId: agreement.id })));
    },

    /**
     * The agreements among `agreementIds` whose every item is now paid: the invoices they cover are
     * settled (PAID) too. Returns how many invoices were settled.
     */
    async settleAgreements(tx: Executor, agreementIds: string[]): Promise<number> {
      if (!agreementIds.length) return 0;
      const settled = await tx
        .update(invoices)
        .set({ status: 'PAID', partial: false })
        .where(
          and(
            inArray(invoices.agreementId, agreementIds),
            eq(invoices.status, 'AGREED'),
            sql`not exists (select 1 from ${invoices} as item where item.agreement_id = ${invoices.agreementId}
              and item.status not in ('PAID', 'AGREED'))`,
          ),
        )
        .returning({ id: invoices.id });
      return settled.length;
    },

    /** An invoice paid: `dueCents` more paid, status PAID, no longer claimed. */
    async markPaid(tx: Executor, invoiceId: string, dueCents: number) {
      await tx
        .update(invoices)
        .set({
          paidCents: sql`${invoices.paidCents} + ${dueCents}`,
          status: 'PAID',
          partial: false,
          inFlightPaymentId: null,
        })
        .where(eq(invoices.id, invoiceId));
    },

    async insertPaymentLines(
      tx: Executor,
      lines: { paymentId: string; invoiceId: string; amountCents: number }[],
    ) {
      await tx.insert(ledgerPaymentInvoices).values(lines);
    },

    async paymentLines(tx: Executor, paymentId: string) {
      return tx
        .select()
        .from(ledgerPaymentInvoices)
        .where(eq(ledgerPaymentInvoices.paymentId, paymentId))
        .orderBy(asc(ledgerPaymentInvoices.invoiceId));
    },

    /** An invoice owes again what a reversed payment paid on it (PARTIAL or PENDING). */
    async unpay(tx: Executor, invoiceId: string, amountCents: number) {
      const left = sql`${invoices.paidCents} - ${amountCents}`;
      await tx
        .update(invoices)
        .set({
          paidCents: sql`greatest(${left}, 0)`,
          status: sql`case when ${left} > 0 then 'PARTIAL' else 'PENDING' end`,
          partial: sql`${left} > 0`,
        })
        .where(eq(invoices.id, invoiceId));
    },

    /** The advance balance loses `cents` (a reversed advance, bonus included). */
    async debitAdvance(tx: Executor, cc: string, cents: number) {
      await tx
        .update(advanceBalances)
        .set({ balanceCents: sql`${advanceBalances.balanceCents} - ${cents}`, updatedAt: sql`now()` })
        .where(eq(advanceBalances.cc, cc));
    },

    /**
     * One statement: the ledger row of an advance (once per payment) and, only if it was new, the
     * balance credited. The new balance, or undefined when the payment was already credited.
     */
    async creditAdvance(tx: Executor, advance: AdvanceRow): Promise<number | undefined> {
      const result = (await tx.execute(
        sql`with ${creditAdvanceCtes(advance)} select balance from ledger_credited`,
      )) as unknown as { rows: { balance: string | number }[] };
      const [b] = result.rows;
      return b ? Number(b.balance) : undefined;
    },

    /** `creditAdvance` and `releaseInFlight` as CTEs of a caller's single statement (see `inStatement`). */
    inStatement: {
      creditAdvance: creditAdvanceCtes,
      releaseInvoices: (paymentId: string, condition: SQL, binder: Binder): SQL =>
        sql`ledger_released as (update ${invoices} set in_flight_payment_id = null
          where in_flight_payment_id = ${binder.bind('ledger_release', paymentId, invoices.inFlightPaymentId)}::uuid and ${condition} returning id)`,
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
