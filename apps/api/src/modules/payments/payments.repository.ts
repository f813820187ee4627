import { type PaymentDto, type PaymentStatus, paymentResult } from '@ov/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Executor, oncePerDatabase } from '../../db/client';
import { paymentEvents, paymentRequests, users } from '../../db/schema';
import type { Lang } from '../../lib/language';

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

/** Every gateway callback starts here: prepared once per database. */
const byExternalIdQuery = oncePerDatabase((ex: Executor) =>
  ex
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.externalId, sql.placeholder('externalId')))
    .prepare('payment_by_external_id'),
);

/** Reads and guarded writes of payment requests; every write takes the caller's executor. */
export const paymentsRepo = {
  async byId(ex: Executor, id: string, opts: { lock?: boolean } = {}) {
    const q = ex.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row as PaymentRow | undefined;
  },

  async byExternalId(ex: Executor, externalId: string) {
    const [row] = await byExternalIdQuery(ex).execute({ externalId });
    return row as PaymentRow | undefined;
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
      .returning({
        ...getTableColumns(paymentRequests),
        ownerEmail: users.email,
        ownerFirstName: users.firstName,
        ownerLanguage: users.language,
      });
    if (!row) return undefined;
    const { ownerEmail, ownerFirstName, ownerLanguage, ...payment } = row;
    return {
      payment: payment as PaymentRow,
      owner: { email: ownerEmail, firstName: ownerFirstName, language: ownerLanguage },
    };
  },

  async logEvent(ex: Executor, e: PaymentEventInput) {
    await paymentsRepo.eventInsert(ex, e);
  },

  /** The event's INSERT, not yet run (to batch it with others, see lib/batch.ts). */
  eventInsert(ex: Executor, e: PaymentEventInput) {
    return ex.insert(paymentEvents).values({
      paymentId: e.paymentId ?? null,
      method: e.method ?? null,
      source: e.source,
      outcome: e.outcome,
      resultCode: e.resultCode ?? null,
      gatewayStatus: e.gatewayStatus ?? null,
      payload: (e.payload ?? null) as never,
    });
  },
};
