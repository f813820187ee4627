import { randomUUID } from 'node:crypto';
import { formatMoney, paymentResult } from '@ov/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { insertOf, insertTogether, type PendingInsert, pendingInsert } from '../../lib/batch';
import { pendingTrace } from '../../lib/traces';
import { pendingMail } from '../mail/outbox';
import { renderMail } from '../mail/templates';
import { signalSoon } from '../notifications/notifications.service';
import type { OwnerContact, PaymentRow } from './payments.repository';

const SUBJECT = {
  PAYED: { es: 'Pago recibido', en: 'Payment received' },
  REFUNDED: { es: 'Pago devuelto', en: 'Payment refunded' },
} as const;

/** The live push of a notification, sent after the commit (see `tellOwner`). */
export type OwnerSignal = { kind: 'notification'; id: string; owner: string };

export async function sendSignals(ex: Executor, signals: OwnerSignal[]) {
  await Promise.all(signals.map((s) => signalSoon(ex, s)));
}

/** Who to write to about a payment (read ahead of the transaction that settles it). */
export async function ownerContact(ex: Executor, userId: string): Promise<OwnerContact | null> {
  const [user] = await ex
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/**
 * What tells the owner about their payment, as INSERTs to run inside the transaction of the change
 * (batched with the trace and the event, see lib/batch.ts): a drawer notification and, for a settled
 * or refunded payment, an e-mail with the link to the receipt. The notification's live push
 * (pg_notify) is returned and must be sent after the commit with `sendSignals`: a NOTIFY inside the
 * transaction takes PostgreSQL's global notify lock through the commit's WAL flush, which serialises
 * every settlement (≈40/s on this machine). Sent after, a crash in between only costs the live push:
 * the row is in the drawer and the payment page polls GET /api/payments/:id.
 */
export function ownerMessages(
  publicUrl: string,
  p: PaymentRow,
  owner: OwnerContact | null,
): { inserts: PendingInsert[]; signal: OwnerSignal } {
  const amount = formatMoney(p.amountCents);
  const id = randomUUID();
  const inserts: PendingInsert[] = [
    pendingInsert(notifications, {
      id,
      space: p.space,
      owner: p.userId,
      type: 'TASK_UPDATE_STATE',
      payload: {
        body: { status: p.status, name: `Pago ${amount} · ${p.cc}` },
        module: 'payments',
        paymentId: p.id,
        resultCode: p.resultCode,
        type: p.type,
        method: p.method,
      },
    }),
  ];
  const signal: OwnerSignal = { kind: 'notification', id, owner: p.userId };
  if ((p.status !== 'PAYED' && p.status !== 'REFUNDED') || !owner?.email) return { inserts, signal };
  const lang = owner.language === 'en' ? 'en' : 'es';
  const link = `${publicUrl}/oficina_virtual/payments/payment-record?paymentId=${p.id}`;
  const bonus = p.bonusCents > 0 ? formatMoney(p.bonusCents) : null;
  const body =
    p.status === 'PAYED'
      ? lang === 'en'
        ? `${paymentResult(2)!.en}: ${amount} for client code ${p.cc} through ${p.method}${bonus ? `, with a bonus of ${bonus}` : ''}. Operation ${p.externalId}. Download the receipt at ${link}`
        : `${paymentResult(2)!.es}: ${amount} del código de cliente ${p.cc} mediante ${p.method}${bonus ? `, con una bonificación de ${bonus}` : ''}. Operación ${p.externalId}. Descargue el comprobante en ${link}`
      : lang === 'en'
        ? `Your payment of ${amount} for client code ${p.cc} (operation ${p.externalId}) was refunded. Details at ${link}`
        : `Su pago de ${amount} del código de cliente ${p.cc} (operación ${p.externalId}) fue devuelto. Detalles en ${link}`;
  const subject = `${SUBJECT[p.status][lang]} · ${amount}`;
  inserts.push(
    pendingMail({
      to: owner.email,
      kind: p.status === 'PAYED' ? 'payment-receipt' : 'payment-refund',
      ...renderMail('message', lang, { subject, body, name: owner.firstName }),
    }),
  );
  return { inserts, signal };
}

/** `ownerMessages` written at once (one statement), for callers off the hot path. */
export async function tellOwner(ex: Executor, publicUrl: string, p: PaymentRow): Promise<OwnerSignal> {
  const { inserts, signal } = ownerMessages(publicUrl, p, await ownerContact(ex, p.userId));
  await insertTogether(ex, inserts);
  return signal;
}

/** A trace of a payment's status change (module 'payments'), in the transaction of the change. */
export async function tracePayment(
  ex: Executor,
  before: PaymentRow | null,
  after: PaymentRow,
  actor: string | null,
) {
  await insertOf(ex, paymentTrace(before, after, actor));
}

/** The trace of `tracePayment` as a pending row (to batch it, see lib/batch.ts). */
export function paymentTrace(before: PaymentRow | null, after: PaymentRow, actor: string | null) {
  const pick = (r: PaymentRow) => ({
    status: r.status,
    resultCode: r.resultCode,
    amountCents: r.amountCents,
    method: r.method,
    cc: r.cc,
    gatewayRef: r.gatewayRef,
    refundReason: r.refundReason,
  });
  return pendingTrace({
    space: after.space,
    type: before ? 'UPDATE' : 'CREATE',
    owner: actor,
    module: 'payments',
    section: 'payment-requests',
    entityId: after.id,
    before: before ? pick(before) : null,
    after: pick(after),
  });
}
