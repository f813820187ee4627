import { type PaymentDto, type PaymentStatus, paymentResult } from '@ov/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Executor, oncePerDatabase } from '../../db/client';
import { paymentEvents, paymentRequests, users } from '../../db/schema';
import { Binder, insertWhere, type PendingInsert, pendingInsert } from '../../lib/batch';
import type { Lang } from '../../lib/language';
import { tryConsume } from '../../lib/throttle';

export type PaymentRow = typeof paymentRequests.$inferSelect;
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

export function toPaymentDto(r: PaymentRow, lang: Lang = 'es'): PaymentDto {
  const result = r.resultCode === null ? undefined : paymentResult(r.resultCode);
  return {
    _id: r.id,
    id: r.id,
    cc: r.cc,
    userId: r.userId,
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

/** Reads and guarded writes of payment requests; every write takes the caller's executor. */
export const paymentsRepo = {
  async byId(ex: Executor, id: string, opts: { lock?: boolean } = {}) {
    const q = ex.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row as PaymentRow | undefined;
  },

  async byExternalId(ex: Executor, externalId: string) {
    const [row] = await byExternalIdQuery(ex).execute({ externalId });
    return row ? splitOwner(row).payment : undefined;
  },

  async byGatewayRef(ex: Executor, method: string, gatewayRef: string) {
    const [row] = await ex
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.method, method), eq(paymentRequests.gatewayRef, gatewayRef)));
    return row as PaymentRow | undefined;
  },

  async insert(ex: Executor, row: typeof paymentRequests.$inferInsert) {
    const [created] = await ex.insert(paymentRequests).values(row).returning();
    return created;
  },

  /**
   * The only way a payment changes: `where status = expected`, so of two racing writers exactly one
   * wins (the other gets undefined and must treat the payment as already handled).
   */
  async guardedUpdate(ex: Executor, id: string, expected: PaymentStatus, set: PaymentChanges) {
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
  async guardedUpdateWithOwner(ex: Executor, id: string, expected: PaymentStatus, set: PaymentChanges) {
    const [row] = await ex
      .update(paymentRequests)
      .set({ ...set, updatedAt: new Date(), version: sql`${paymentRequests.version} + 1` })
      .from(users)
      .where(
        and(
          eq(paymentRequests.id, id),
          eq(paymentRequests.status, expected),
          eq(users.id, paymentRequests.userId),
        ),
      )
      .returning({ ...getTableColumns(paymentRequests), ...OWNER_COLUMNS });
    return row ? splitOwner(row) : undefined;
  },

  /** Records what happened (compiled once: duplicate callbacks log one each, on the hot path). */
  async logEvent(ex: Executor, e: PaymentEventInput) {
    const b = new Binder();
    await b.run(ex, 'payment_event', insertWhere(paymentsRepo.pendingEvent(e), sql`true`, b));
  },

  /**
   * Records a refused callback (bad credentials, unknown order) only as a bounded, truncated row and
   * at most 60 a minute per source: a stranger cannot fill the append-only log. Past the limit the
   * refusal is only counted in the process log.
   */
  async logRefused(ex: Executor, e: PaymentEventInput, log?: { warn(o: object, m: string): void }) {
    if (await tryConsume(ex, `gateway-refused:${e.source}`, REFUSED_EVENT_RATE))
      return paymentsRepo.logEvent(ex, e);
    log?.warn({ source: e.source, outcome: e.outcome }, 'refused gateway call not stored (over the limit)');
  },

  /** The event as a pending row (lib/batch.ts); the payload bounded (`boundedPayload`). */
  pendingEvent(e: PaymentEventInput): PendingInsert {
    return pendingInsert(paymentEvents, {
      paymentId: e.paymentId ?? null,
      method: e.method ?? null,
      source: e.source,
      outcome: e.outcome,
      resultCode: e.resultCode ?? null,
      gatewayStatus: e.gatewayStatus ?? null,
      payload: boundedPayload(e.payload) as never,
    });
  },
};

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
