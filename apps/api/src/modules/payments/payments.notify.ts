import { randomUUID } from 'node:crypto';
import { formatMoney, type PaymentNotificationParams, paymentNotification } from '@ov/domain';
import type { Executor } from '../../db/client';
import { insertOf, insertTogether, type PendingInsert } from '../../lib/batch';
import { pendingTrace } from '../../lib/traces';
import { pendingMail, renderMail } from '../mail';
import { signalSoon } from '../notifications';
import {
  type OwnerContact,
  type PaymentRow,
  type PaymentsRepository,
  pendingNotification,
} from './payments.repository';

/** The live push of a notification, sent after the commit (see `tellOwner`). */
export type OwnerSignal = { kind: 'notification'; id: string; owner: string };

export async function sendSignals(ex: Executor, signals: (OwnerSignal | null)[]) {
  await Promise.all(signals.flatMap((s) => (s ? [signalSoon(ex, s)] : [])));
}

/**
 * What tells a guest about their payment (no account: no drawer, no push): the receipt e-mail once
 * it is PAYED, to the address they gave, when `receiptLink` is given (the settlement claimed the one
 * confirmation of that address, code and period). Only our words and the payment's figures.
 */
function guestMessages(p: PaymentRow, receiptLink: string | null | undefined): PendingInsert[] {
  if (p.status !== 'PAYED' || !p.guestEmail || !receiptLink) return [];
  const lang = p.guestLanguage === 'en' ? 'en' : 'es';
  return [
    pendingMail({
      to: p.guestEmail,
      kind: 'guest-payment-receipt',
      ...renderMail('guest-payment-receipt', lang, {
        amount: formatMoney(p.amountCents),
        cc: p.cc,
        operation: p.externalId,
        link: receiptLink,
      }),
    }),
  ];
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
  guestReceiptLink?: string | null,
): { inserts: PendingInsert[]; signal: OwnerSignal | null } {
  if (p.userId === null) return { inserts: guestMessages(p, guestReceiptLink), signal: null };
  const id = randomUUID();
  const params: PaymentNotificationParams = {
    paymentId: p.id,
    status: p.status,
    amountCents: p.amountCents,
    cc: p.cc,
    method: p.method,
    type: p.type,
    resultCode: p.resultCode,
    bonusCents: p.bonusCents,
  };
  const inserts: PendingInsert[] = [
    pendingNotification({
      id,
      space: p.space,
      owner: p.userId,
      type: 'TASK_UPDATE_STATE',
      payload: {
        body: { status: p.status, name: `${formatMoney(p.amountCents)} · ${p.cc}` },
        module: 'payments',
        paymentId: p.id,
        resultCode: p.resultCode,
        type: p.type,
        method: p.method,
      },
      event: 'PAYMENT_STATUS',
      params: params as unknown as Record<string, unknown>,
    }),
  ];
  const signal: OwnerSignal = { kind: 'notification', id, owner: p.userId };
  if ((p.status !== 'PAYED' && p.status !== 'REFUNDED') || !owner?.email) return { inserts, signal };
  const lang = owner.language === 'en' ? 'en' : 'es';
  const message = paymentNotification(params, lang);
  const link = `${publicUrl}/oficina_virtual${message.link}`;
  const operation = lang === 'en' ? `Operation ${p.externalId}.` : `Operación ${p.externalId}.`;
  const open =
    p.status === 'PAYED'
      ? lang === 'en'
        ? `Download the receipt at ${link}`
        : `Descargue el comprobante en ${link}`
      : lang === 'en'
        ? `Details at ${link}`
        : `Detalles en ${link}`;
  const body = `${message.text}\n\n${operation}\n\n${open}`;
  const subject = `${message.title} · ${formatMoney(p.amountCents)}`;
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
export async function tellOwner(
  repo: PaymentsRepository,
  ex: Executor,
  publicUrl: string,
  p: PaymentRow,
): Promise<OwnerSignal | null> {
  const owner = p.userId === null ? null : await repo.ownerContact(p.userId, ex);
  const { inserts, signal } = ownerMessages(publicUrl, p, owner);
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
