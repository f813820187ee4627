import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { commercialPostings, paymentRequests, users } from '../../db/schema';
import type { RemotePayment } from './commercial.client';

export type PostingRow = typeof commercialPostings.$inferSelect;
const p = commercialPostings;

export interface NewPosting {
  paymentId: string;
  space: string;
  cc: string;
  body: RemotePayment;
}

/** A posting with what its payment says (owner, status, amount): what a choice and a refusal need. */
export interface PostingWithPayment {
  posting: PostingRow;
  payment: {
    /** Null for a guest's payment (no account to tell: staff settle its refused posting). */
    userId: string | null;
    status: string;
    amountCents: number;
    method: string;
    cc: string;
    space: string;
  } | null;
  owner: { email: string | null; language: string | null } | null;
}

/** One line of the daily reconciliation: a payment settled that day and/or its posting. */
export interface ReconciliationRow {
  paymentId: string;
  cc: string;
  method: string | null;
  amountCents: number | null;
  paymentStatus: string | null;
  settledAt: Date | null;
  postingStatus: string | null;
  postingType: string | null;
  postingAmountCents: number | null;
  postingId: string | null;
  refusalReason: string | null;
  choice: string | null;
}

/**
 * The posting outbox (db/schema/commercial.ts): a confirmed payment is written here in the
 * transaction that settles it, and posted by the jobs process (postings.service.ts).
 */
export function createPostingsRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Queues a payment for posting, once per payment id (a second call changes nothing). */
    async enqueue(n: NewPosting, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .insert(p)
        .values({
          paymentId: n.paymentId,
          space: n.space,
          cc: n.cc,
          type: n.body.type,
          body: n.body as unknown as Record<string, unknown>,
          amountCents: n.body.amountCents,
        })
        .onConflictDoNothing()
        .returning({ paymentId: p.paymentId });
      return rows.length > 0;
    },

    async byPaymentId(paymentId: string, ex: Executor = db): Promise<PostingRow | null> {
      const [row] = await ex.select().from(p).where(eq(p.paymentId, paymentId));
      return row ?? null;
    },

    /**
     * Takes up to `limit` due PENDING postings for `leaseMs`: nobody else takes them until then, and a
     * process killed while holding them lets them go by themselves when the lease runs out.
     */
    async lease(limit: number, leaseMs: number, ex: Executor = db): Promise<PostingRow[]> {
      const result = (await ex.execute(sql`
        update ${p} set leased_until = now() + ${`${leaseMs} milliseconds`}::interval
        where payment_id in (
          select payment_id from ${p}
          where status = 'PENDING' and next_attempt_at <= now()
            and (leased_until is null or leased_until < now())
          order by next_attempt_at, payment_id
          limit ${limit}
          for update skip locked)
        returning payment_id`)) as unknown as { rows: { payment_id: string }[] };
      const ids = result.rows.map((r) => r.payment_id);
      if (!ids.length) return [];
      return ex.select().from(p).where(inArray(p.paymentId, ids));
    },

    /** Applied there (`postingId`): POSTED, or RESOLVED when it was an advance chosen after a refusal. */
    async markPosted(paymentId: string, postingId: string, ex: Executor = db) {
      const [row] = await ex
        .update(p)
        .set({
          status: sql`case when ${p.choice} is null then 'POSTED' else 'RESOLVED' end`,
          postingId,
          postedAt: sql`now()`,
          resolvedAt: sql`case when ${p.choice} is null then null else now() end`,
          leasedUntil: null,
          lastError: null,
          attempts: sql`${p.attempts} + 1`,
        })
        .where(and(eq(p.paymentId, paymentId), eq(p.status, 'PENDING')))
        .returning();
      return row ?? null;
    },

    /** Not reached (or not understood): try again at `next`. */
    async markRetry(paymentId: string, next: Date, error: string, ex: Executor = db) {
      const [row] = await ex
        .update(p)
        .set({
          attempts: sql`${p.attempts} + 1`,
          nextAttemptAt: next,
          lastError: error.slice(0, 500),
          leasedUntil: null,
        })
        .where(and(eq(p.paymentId, paymentId), eq(p.status, 'PENDING')))
        .returning();
      return row ?? null;
    },

    /**
     * The commercial system answers again: postings that failed before (an outage) and wait out their
     * backoff are due now, except `failedNow` (those failing in this very pass keep backing off).
     * Answers how many.
     */
    async wakeWaiting(failedNow: string[], ex: Executor = db): Promise<number> {
      const rows = await ex
        .update(p)
        .set({ nextAttemptAt: sql`now()` })
        .where(
          and(
            eq(p.status, 'PENDING'),
            sql`${p.attempts} > 0`,
            sql`${p.nextAttemptAt} > now()`,
            failedNow.length ? sql`not (${p.paymentId} = any(${failedNow}::uuid[]))` : sql`true`,
          ),
        )
        .returning({ paymentId: p.paymentId });
      return rows.length;
    },

    /** Refused there (409): kept, with its reason, until someone chooses refund or advance. */
    async markRefused(paymentId: string, reason: string, ex: Executor = db) {
      const [row] = await ex
        .update(p)
        .set({
          status: 'REFUSED',
          refusalReason: reason,
          refusedAt: sql`now()`,
          attempts: sql`${p.attempts} + 1`,
          leasedUntil: null,
          lastError: null,
        })
        .where(and(eq(p.paymentId, paymentId), eq(p.status, 'PENDING')))
        .returning();
      return row ?? null;
    },

    /** The posting (locked) with its payment and the payer's contact; null when there is no posting. */
    async lockWithPayment(paymentId: string, ex: Executor = db): Promise<PostingWithPayment | null> {
      const [posting] = await ex.select().from(p).where(eq(p.paymentId, paymentId)).for('update');
      if (!posting) return null;
      const [payment] = await ex
        .select({
          userId: paymentRequests.userId,
          status: paymentRequests.status,
          amountCents: paymentRequests.amountCents,
          method: paymentRequests.method,
          cc: paymentRequests.cc,
          space: paymentRequests.space,
          email: users.email,
          language: users.language,
        })
        .from(paymentRequests)
        .leftJoin(users, eq(users.id, paymentRequests.userId))
        .where(eq(paymentRequests.id, paymentId));
      if (!payment) return { posting, payment: null, owner: null };
      const { email, language, ...rest } = payment;
      return { posting, payment: rest, owner: { email, language } };
    },

    /** REFUSED → RESOLVED with the refund chosen. */
    async resolveRefund(paymentId: string, ex: Executor = db) {
      const [row] = await ex
        .update(p)
        .set({ status: 'RESOLVED', choice: 'REFUND', resolvedAt: sql`now()` })
        .where(and(eq(p.paymentId, paymentId), eq(p.status, 'REFUSED')))
        .returning();
      return row ?? null;
    },

    /**
     * REFUSED → PENDING again as an advance (type ADELANTO, no invoices, the same amount and key): the
     * commercial system stored nothing for a refused key, so the same key posts the advance once.
     */
    async requeueAsAdvance(paymentId: string, body: Record<string, unknown>, ex: Executor = db) {
      const [row] = await ex
        .update(p)
        .set({
          status: 'PENDING',
          choice: 'ADVANCE',
          type: 'ADELANTO',
          body,
          nextAttemptAt: sql`now()`,
          leasedUntil: null,
          lastError: null,
        })
        .where(and(eq(p.paymentId, paymentId), eq(p.status, 'REFUSED')))
        .returning();
      return row ?? null;
    },

    /** Postings waiting and refused in a space (the dashboard card). */
    async counts(space: string, ex: Executor = db) {
      const [row] = await ex
        .select({
          pending: sql<number>`count(*) filter (where ${p.status} = 'PENDING')::int`,
          refused: sql<number>`count(*) filter (where ${p.status} = 'REFUSED')::int`,
          oldestPendingAt: sql<string | null>`min(${p.createdAt}) filter (where ${p.status} = 'PENDING')`,
        })
        .from(p)
        .where(and(eq(p.space, space), inArray(p.status, ['PENDING', 'REFUSED'])));
      return {
        pending: Number(row?.pending ?? 0),
        refused: Number(row?.refused ?? 0),
        oldestPendingAt: row?.oldestPendingAt ? new Date(row.oldestPendingAt) : null,
      };
    },

    /**
     * The payments of a space settled (PAYED) on a Havana calendar day, beside their postings, and the
     * postings of that day whose payment is not among them (a posting without its payment).
     */
    async reconciliation(space: string, day: string, ex: Executor = db): Promise<ReconciliationRow[]> {
      const result = (await ex.execute(sql`
        with paid as (
          select id, cc, method, amount_cents, status, settled_at from payment_requests
          where space = ${space} and settled_at is not null
            and (settled_at at time zone 'America/Havana')::date = ${day}::date)
        select coalesce(paid.id, cp.payment_id)::text as payment_id, coalesce(paid.cc, cp.cc) as cc,
          paid.method, paid.amount_cents, paid.status as payment_status, paid.settled_at,
          cp.status as posting_status, cp.type as posting_type, cp.amount_cents as posting_amount_cents,
          cp.posting_id, cp.refusal_reason, cp.choice
        from paid
        full join (select * from ${p} where space = ${space}
                   and (payment_id in (select id from paid)
                        or (created_at at time zone 'America/Havana')::date = ${day}::date)) cp
          on cp.payment_id = paid.id
        order by coalesce(paid.settled_at, cp.created_at), 1`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      return result.rows.map((r) => ({
        paymentId: String(r.payment_id),
        cc: String(r.cc),
        method: (r.method as string | null) ?? null,
        amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
        paymentStatus: (r.payment_status as string | null) ?? null,
        settledAt: r.settled_at ? new Date(r.settled_at as string) : null,
        postingStatus: (r.posting_status as string | null) ?? null,
        postingType: (r.posting_type as string | null) ?? null,
        postingAmountCents: r.posting_amount_cents === null ? null : Number(r.posting_amount_cents),
        postingId: (r.posting_id as string | null) ?? null,
        refusalReason: (r.refusal_reason as string | null) ?? null,
        choice: (r.choice as string | null) ?? null,
      }));
    },
  };
}
export type PostingsRepository = ReturnType<typeof createPostingsRepository>;
