import { type PaymentDto, type PaymentStatus, paymentResult } from '@ov/domain';
import { and, asc, count, eq, getTableColumns, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, type Executor, oncePerDatabase } from '../../db/client';
import {
  clientCodeLinks,
  commercialPostings,
  guestPaymentMails,
  notifications,
  paymentCounts,
  paymentEvents,
  paymentRequests,
  users,
} from '../../db/schema';
import { Binder, insertWhere, type PendingInsert, pendingInsert } from '../../lib/batch';
import type { Lang } from '../../lib/language';
import {
  naturalOrder,
  pageWindow,
  type SearchQuery,
  type SearchSpec,
  searchOrder,
  searchWhere,
} from '../../lib/search';
import { tryConsume } from '../../lib/throttle';
import { toPostingDto } from '../commercial';

export type PaymentRow = typeof paymentRequests.$inferSelect;
const t = paymentRequests;
type PaymentChanges = Partial<Omit<PaymentRow, 'id' | 'version' | 'updatedAt' | 'createdAt'>>;

export interface PaymentEventInput {
  paymentId?: string | null;
  method?: string | null;
  source: string;
  outcome: string;
  resultCode?: number | null;
  gatewayStatus?: number | null;
  payload?: unknown;
}

/** A payment's posting in the commercial system (COMMERCIAL_SYSTEM=http), when it has one. */
export type PostingOfPayment = typeof commercialPostings.$inferSelect;

export function toPaymentDto(
  r: PaymentRow,
  lang: Lang = 'es',
  posting?: PostingOfPayment | null,
): PaymentDto {
  const result = r.resultCode === null ? undefined : paymentResult(r.resultCode);
  return {
    _id: r.id,
    id: r.id,
    cc: r.cc,
    userId: r.userId,
    guest: r.userId === null,
    type: r.type as PaymentDto['type'],
    paymentMethods: r.method as PaymentDto['paymentMethods'],
    status: r.status as PaymentStatus,
    amountCents: r.amountCents,
    bonusCents: r.bonusCents,
    invoiceIds: r.invoiceIds,
    externalId: r.externalId,
    gatewayRef: r.gatewayRef,
    resultCode: r.resultCode,
    message: result ? result[lang === 'en' ? 'en' : 'es'] : null,
    transactionCode: r.transactionCode,
    redirectUrl: r.redirectUrl,
    qr: r.qr,
    deepLink: r.deepLink,
    expiresAt: r.expiresAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...(posting ? { posting: toPostingDto(posting) } : {}),
  };
}

/** Every gateway callback starts here: prepared once per database; the payer's contact comes along. */
const byExternalIdQuery = oncePerDatabase((ex: Executor) =>
  ex
    .select({ ...getTableColumns(paymentRequests), ...OWNER_COLUMNS })
    .from(paymentRequests)
    .leftJoin(users, eq(users.id, paymentRequests.userId))
    .where(eq(paymentRequests.externalId, sql.placeholder('externalId')))
    .prepare('payment_by_external_id'),
);

/** The payer's address, name and language (for the receipt e-mail). */
export interface OwnerContact {
  email: string | null;
  firstName: string;
  language: string | null;
}

const OWNER_COLUMNS = {
  ownerEmail: users.email,
  ownerFirstName: users.firstName,
  ownerLanguage: users.language,
};

/** The payer's contact beside an updated row (a guest's payment has none: nulls). */
const ownerOf = (column: AnyPgColumn) =>
  sql<string | null>`(select ${column} from ${users} where ${users.id} = ${paymentRequests.userId})`;
const OWNER_SUBSELECTS = {
  ownerEmail: ownerOf(users.email),
  ownerFirstName: ownerOf(users.firstName),
  ownerLanguage: ownerOf(users.language),
};

/**
 * The payer's contact as read together with a payment row (by `byExternalId` or the guarded update),
 * kept beside the row object so that settling it can render the receipt e-mail without asking again.
 */
const contacts = new WeakMap<PaymentRow, OwnerContact | null>();

export function contactReadWith(row: PaymentRow): OwnerContact | null | undefined {
  return contacts.get(row);
}

function splitOwner<
  T extends { ownerEmail: string | null; ownerFirstName: string | null; ownerLanguage: string | null },
>(joined: T): { payment: PaymentRow; owner: OwnerContact | null } {
  const { ownerEmail, ownerFirstName, ownerLanguage, ...payment } = joined;
  const owner =
    ownerFirstName === null
      ? null
      : { email: ownerEmail, firstName: ownerFirstName, language: ownerLanguage };
  contacts.set(payment as unknown as PaymentRow, owner);
  return { payment: payment as unknown as PaymentRow, owner };
}

/** The event as a pending row (lib/batch.ts); the payload bounded (`boundedPayload`). */
export function pendingEvent(e: PaymentEventInput): PendingInsert {
  return pendingInsert(paymentEvents, {
    paymentId: e.paymentId ?? null,
    method: e.method ?? null,
    source: e.source,
    outcome: e.outcome,
    resultCode: e.resultCode ?? null,
    gatewayStatus: e.gatewayStatus ?? null,
    payload: boundedPayload(e.payload) as never,
  });
}

/** The owner's drawer notification as a pending row (batched with the change, see payments.notify.ts). */
export function pendingNotification(row: typeof notifications.$inferInsert): PendingInsert {
  return pendingInsert(notifications, row);
}

/** Filters of the payment records: amounts are cents (`amount` and `amountCents` are the same column). */
export const paymentSearchSpec: SearchSpec = {
  searchColumns: [t.cc, t.externalId, t.gatewayRef],
  filterFields: {
    status: t.status,
    method: t.method,
    paymentMethods: t.method,
    type: t.type,
    createdAt: t.createdAt,
    settledAt: t.settledAt,
    amount: t.amountCents,
    amountCents: t.amountCents,
    cc: t.cc,
    resultCode: t.resultCode,
    userId: t.userId,
    /** Its posting in the commercial system: PENDING ("Pendiente de asentar"), REFUSED, POSTED, RESOLVED. */
    postingStatus: commercialPostings.status,
  },
  sortFields: {
    createdAt: t.createdAt,
    amountCents: t.amountCents,
    amount: t.amountCents,
    status: t.status,
    cc: t.cc,
  },
  ...naturalOrder([t.createdAt, 'desc'], [t.id, 'asc']),
};

/** Whose payments a search covers: the whole space, or one user's in it. */
export interface PaymentScope {
  space: string;
  userId?: string;
}
/** The same filters over the kept counts (migration 0029: kept by triggers, per status, method and type). */
const rollupCountSpec: SearchSpec = {
  searchColumns: [],
  filterFields: {
    status: paymentCounts.status,
    method: paymentCounts.method,
    paymentMethods: paymentCounts.method,
    type: paymentCounts.type,
  },
  sortFields: {},
  defaultSort: [],
};

/**
 * The staff record's conditions over `payment_counts`, when its counts answer the search exactly (no
 * text, filters only on status, method and type: each bucket holds payments with exactly those
 * values): an exact total over millions of payments without counting them. Undefined otherwise.
 */
function rollupCountWhere(scope: PaymentScope, q: SearchQuery): SQL | undefined {
  if (scope.userId !== undefined || q.search?.trim()) return undefined;
  if (!q.filters.every((f) => Object.hasOwn(rollupCountSpec.filterFields, f.field))) return undefined;
  return searchWhere(rollupCountSpec, q, eq(paymentCounts.space, scope.space));
}

/**
 * A customer's records: their own payments and the guests' payments (issue 30: paid without an
 * account, "sin cuenta") of the codes linked to them, the holder's.
 */
const scopeWhere = (s: PaymentScope) =>
  s.userId === undefined
    ? eq(t.space, s.space)
    : and(
        eq(t.space, s.space),
        or(
          eq(t.userId, s.userId),
          and(
            isNull(t.userId),
            inArray(
              t.cc,
              sql`(select ${clientCodeLinks.cc} from ${clientCodeLinks} where ${clientCodeLinks.userId} = ${s.userId})`,
            ),
          ),
        ),
      );

/** The ledger's part of a one-statement settlement (CTEs conditioned on the payment having changed). */
export type LedgerCtes = (changed: SQL, binder: Binder) => SQL;

/** Reads and guarded writes of payment requests, their events and records: all the SQL of payments. */
export function createPaymentsRepository(db: Db) {
  const repo = {
    /** One transaction: pass `tx` to the methods below (and to the ledger's writes). */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** A payment's posting in the commercial system, if it has one. */
    async postingOf(id: string, ex: Executor = db): Promise<PostingOfPayment | null> {
      const [row] = await ex.select().from(commercialPostings).where(eq(commercialPostings.paymentId, id));
      return row ?? null;
    },

    async byId(id: string, ex: Executor = db) {
      const [row] = await ex.select().from(paymentRequests).where(eq(paymentRequests.id, id));
      return row as PaymentRow | undefined;
    },

    /** `byId` with the row locked until the transaction ends. */
    async lockById(id: string, tx: Executor) {
      const [row] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, id)).for('update');
      return row as PaymentRow | undefined;
    },

    async byExternalId(externalId: string, ex: Executor = db) {
      const [row] = await byExternalIdQuery(ex).execute({ externalId });
      return row ? splitOwner(row).payment : undefined;
    },

    async byGatewayRef(method: string, gatewayRef: string, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(paymentRequests)
        .where(and(eq(paymentRequests.method, method), eq(paymentRequests.gatewayRef, gatewayRef)));
      return row as PaymentRow | undefined;
    },

    async insert(row: typeof paymentRequests.$inferInsert, ex: Executor = db) {
      const [created] = await ex.insert(paymentRequests).values(row).returning();
      return created;
    },

    /**
     * The only way a payment changes: `where status = expected`, so of two racing writers exactly one
     * wins (the other gets undefined and must treat the payment as already handled).
     */
    async guardedUpdate(id: string, expected: PaymentStatus, set: PaymentChanges, ex: Executor = db) {
      const [row] = await ex
        .update(paymentRequests)
        .set({ ...set, updatedAt: new Date(), version: sql`${paymentRequests.version} + 1` })
        .where(and(eq(paymentRequests.id, id), eq(paymentRequests.status, expected)))
        .returning();
      return row as PaymentRow | undefined;
    },

    /**
     * `guardedUpdate` that also returns the payer's address, name and language (for the receipt
     * e-mail) in the same round trip.
     */
    async guardedUpdateWithOwner(
      id: string,
      expected: PaymentStatus,
      set: PaymentChanges,
      ex: Executor = db,
    ) {
      const [row] = await ex
        .update(paymentRequests)
        .set({ ...set, updatedAt: new Date(), version: sql`${paymentRequests.version} + 1` })
        .where(and(eq(paymentRequests.id, id), eq(paymentRequests.status, expected)))
        .returning({ ...getTableColumns(paymentRequests), ...OWNER_SUBSELECTS });
      return row ? splitOwner(row) : undefined;
    },

    /** Who to write to about a payment (read ahead of the transaction that settles it). */
    async ownerContact(userId: string, ex: Executor = db): Promise<OwnerContact | null> {
      const [user] = await ex
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return user ?? null;
    },

    /**
     * Claims the one receipt e-mail of a guest's address, code and period: true for the first payment
     * that asks, false for any later one (nothing written then).
     */
    async claimGuestMail(
      m: { email: string; cc: string; period: string; paymentId: string },
      ex: Executor = db,
    ): Promise<boolean> {
      const rows = await ex
        .insert(guestPaymentMails)
        .values(m)
        .onConflictDoNothing()
        .returning({ paymentId: guestPaymentMails.paymentId });
      return rows.length > 0;
    },

    /** Records what happened (compiled once: duplicate callbacks log one each, on the hot path). */
    async logEvent(e: PaymentEventInput, ex: Executor = db) {
      const b = new Binder();
      await b.run(ex, 'payment_event', insertWhere(pendingEvent(e), sql`true`, b));
    },

    /**
     * Records a refused callback (bad credentials, unknown order) only as a bounded, truncated row and
     * at most 60 a minute per source: a stranger cannot fill the append-only log. Past the limit the
     * refusal is only counted in the process log.
     */
    async logRefused(e: PaymentEventInput, log?: { warn(o: object, m: string): void }, ex: Executor = db) {
      if (await tryConsume(ex, `gateway-refused:${e.source}`, REFUSED_EVENT_RATE))
        return repo.logEvent(e, ex);
      log?.warn({ source: e.source, outcome: e.outcome }, 'refused gateway call not stored (over the limit)');
    },

    /**
     * A PENDING payment ended in ONE statement (see payments.settle.ts): the guarded update
     * (`status = 'PENDING' and version = <as read>`) is the first CTE; the ledger's CTEs and every
     * pending write are conditioned on it having changed the row. True when it did.
     */
    async finishInOneStatement(
      change: {
        id: string;
        readVersion: number;
        status: PaymentStatus;
        resultCode: number;
        at: Date;
        version: number;
      },
      shape: string,
      ledger: LedgerCtes | null,
      writes: PendingInsert[],
      ex: Executor = db,
    ): Promise<boolean> {
      const changed = sql`exists (select 1 from payment_changed)`;
      // Every value is a named placeholder: the text depends only on the shape and is compiled once.
      const b = new Binder();
      const ctes: SQL[] = [
        sql`payment_changed as (update ${t} set
      status = ${b.bind('status', change.status)}, result_code = ${b.bind('resultCode', change.resultCode)}::int,
      settled_at = ${b.bind('settledAt', change.at, t.settledAt)}::timestamptz,
      updated_at = ${b.bind('updatedAt', change.at, t.updatedAt)}::timestamptz,
      version = ${b.bind('version', change.version)}::int
      where id = ${b.bind('id', change.id)}::uuid and status = 'PENDING'
        and version = ${b.bind('readVersion', change.readVersion)}::int
      returning id)`,
      ];
      if (ledger) ctes.push(ledger(changed, b));
      writes.forEach((w, i) => {
        ctes.push(sql`${sql.raw(`payment_write${i}`)} as (${insertWhere(w, changed, b, `w${i}_`)})`);
      });
      const [row] = await b.run<{ changed: number }>(
        ex,
        shape,
        sql`with ${sql.join(ctes, sql`, `)} select count(*)::int as changed from payment_changed`,
      );
      return Boolean(row?.changed);
    },

    /**
     * Payments still PENDING past their expiry at `at` (or created more than `olderThanMs` before it),
     * oldest first: what reconciliation looks at.
     */
    async pendingToReconcile(opts: { at: Date; olderThanMs?: number; limit: number }, ex: Executor = db) {
      return ex
        .select()
        .from(paymentRequests)
        .where(
          and(
            eq(paymentRequests.status, 'PENDING'),
            opts.olderThanMs === undefined
              ? lte(paymentRequests.expiresAt, opts.at)
              : lte(paymentRequests.createdAt, new Date(opts.at.getTime() - opts.olderThanMs)),
          ),
        )
        .orderBy(asc(paymentRequests.createdAt))
        .limit(opts.limit);
    },

    /** A page of the payment records the scope covers (each with its posting, if any), and the total. */
    async search(scope: PaymentScope, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(paymentSearchSpec, q, scopeWhere(scope));
      const { limit, offset } = pageWindow(q);
      const rows = await ex
        .select({ payment: t, posting: commercialPostings })
        .from(t)
        .leftJoin(commercialPostings, eq(commercialPostings.paymentId, t.id))
        .where(where)
        .orderBy(...searchOrder(paymentSearchSpec, q))
        .limit(limit)
        .offset(offset);
      const kept = rollupCountWhere(scope, q);
      const [{ total }] = kept
        ? await ex
            .select({ total: sql<number>`coalesce(sum(${paymentCounts.count}), 0)::int` })
            .from(paymentCounts)
            .where(kept)
        : await ex
            .select({ total: count() })
            .from(t)
            // Unused unless a filter names the posting's state: PostgreSQL drops the join then.
            .leftJoin(commercialPostings, eq(commercialPostings.paymentId, t.id))
            .where(where);
      return { rows, total };
    },

    /** The records of a search in pages of `size` from `offset` (the CSV export). */
    exportPages(scope: PaymentScope, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(paymentSearchSpec, q, scopeWhere(scope));
      const order = searchOrder(paymentSearchSpec, q);
      return async (offset: number, size: number): Promise<PaymentRow[]> =>
        (
          await ex
            .select({ payment: t })
            .from(t)
            .leftJoin(commercialPostings, eq(commercialPostings.paymentId, t.id))
            .where(where)
            .orderBy(...order)
            .limit(size)
            .offset(offset)
        ).map((r) => r.payment);
    },
  };
  return repo;
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

/** A payload kept whole up to 4 KB of JSON; a larger one only as its size and a 1 KB excerpt. */
export const PAYLOAD_MAX_BYTES = 4096;
export function boundedPayload(payload: unknown): unknown {
  if (payload === undefined || payload === null) return null;
  const text = JSON.stringify(payload) ?? 'null';
  const bytes = Buffer.byteLength(text);
  if (bytes <= PAYLOAD_MAX_BYTES) return payload;
  return { truncated: true, bytes, excerpt: text.slice(0, 1024) };
}

const REFUSED_EVENT_RATE = [{ windowMs: 60_000, max: 60 }];
