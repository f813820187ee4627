import { startReference, TOKEN } from '@ov/commercial-reference/test-helpers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commercialPostings, mailOutbox, notifications } from '../../db/schema';
import {
  CC_HOTEL,
  eventually,
  HOTEL,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../test/payments-world';

/**
 * The race the outbox exists for (design §7): a customer pays an invoice online while the office
 * cashier takes its payment at the counter. The gateway has taken the money before the portal can
 * post it; the commercial system refuses the posting (409 ALREADY_PAID), and the payment is never
 * dropped: the customer is told and chooses; the advance lands there exactly once. A second race ends
 * in a refund through the gateway.
 */
describe('an office payment while an online payment of the same invoice is in flight', () => {
  let ref: Awaited<ReturnType<typeof startReference>>;
  let w: PaymentsWorld;

  beforeAll(async () => {
    ref = await startReference();
    w = await startPaymentsWorld({
      COMMERCIAL_SYSTEM: 'http',
      COMMERCIAL_SYSTEM_URL: ref.url,
      COMMERCIAL_SYSTEM_TOKEN: TOKEN,
      COMMERCIAL_TIMEOUT_MS: '1000',
    });
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    await ref?.close();
  });

  const postingOf = async (id: string) =>
    (await w.t.database.db.select().from(commercialPostings).where(eq(commercialPostings.paymentId, id)))[0];
  const advanceThere = async () =>
    (await ref.api.get(`/v1/accounts/${CC_HOTEL}`)).body.advanceBalanceCents as number;

  /** The hotel starts paying an open invoice online; the cashier takes it at the office; the gateway confirms. */
  async function race(method: 'TRANSFERMOVIL' | 'ENZONA') {
    const hotel = await w.auth(HOTEL);
    await w.t.container.commercial.forget!([CC_HOTEL]);
    const debt = await w.t.container.commercial.getDebt(CC_HOTEL);
    const inv = debt.invoices.find((i) => i.displayStatus === 'Pendiente');
    if (!inv) throw new Error('the hotel owes nothing in the reference');
    const started = await w.call('POST', '/api/payments/invoices', hotel, {
      cc: CC_HOTEL,
      invoiceIds: [inv.id],
      method,
      amountCents: inv.dueCents,
    });
    expect(started.statusCode).toBe(201);
    const created = started.json();
    // Meanwhile, at the counter.
    const office = await ref.api.form('/oficina/pago', { cc: CC_HOTEL, invoiceNumber: inv.number });
    expect(office.status).toBe(303);
    expect(office.location).toContain('ok=payment');
    // The gateway takes the money: the payment is PAYED in the portal and queued for posting.
    if (method === 'TRANSFERMOVIL') await w.tmApprove(created.transactionCode);
    else await w.enzonaApprove((await w.row(created.paymentId)).gatewayRef!);
    await eventually('settled', async () => (await w.row(created.paymentId)).status === 'PAYED');
    expect(await postingOf(created.paymentId)).toMatchObject({ status: 'PENDING', type: 'CC' });
    // The jobs post it: refused, not applied, kept.
    expect(await w.t.container.postings.postOnce()).toMatchObject({ refused: 1 });
    expect(await postingOf(created.paymentId)).toMatchObject({
      status: 'REFUSED',
      refusalReason: 'ALREADY_PAID',
    });
    expect((await ref.api.get(`/control/postings?key=${created.paymentId}`)).body).toEqual([]);
    return { hotel, inv, paymentId: created.paymentId as string };
  }

  it('paid at the office meanwhile: refused ALREADY_PAID, the customer told, and the advance applied there once', async () => {
    const { hotel, inv, paymentId } = await race('TRANSFERMOVIL');
    // Told in the app and by e-mail.
    const told = await w.t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.event, 'PAYMENT_POSTING_REFUSED'));
    expect(told.some((n) => (n.params as { paymentId?: string }).paymentId === paymentId)).toBe(true);
    const mails = await w.t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, HOTEL), eq(mailOutbox.kind, 'payment-posting-refused')));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    // Staff see it in the payment record with its reason.
    // The customer keeps the money as an advance on the code.
    const before = await advanceThere();
    const chose = await w.call('POST', `/api/payments/${paymentId}/posting/choice`, hotel, {
      choice: 'ADVANCE',
    });
    expect(chose.statusCode).toBe(200);
    expect(await w.t.container.postings.postOnce()).toMatchObject({ posted: 1 });
    expect(await w.t.container.postings.postOnce()).toMatchObject({ posted: 0, refused: 0 });
    const there = (await ref.api.get(`/control/postings?key=${paymentId}`)).body;
    expect(there).toHaveLength(1);
    expect(there[0]).toMatchObject({ type: 'ADELANTO', amountCents: inv.dueCents });
    expect(await advanceThere()).toBe(before + inv.dueCents);
    expect(await postingOf(paymentId)).toMatchObject({ status: 'RESOLVED', choice: 'ADVANCE' });
  });

  it('the same race, the customer asks for the money back: refunded through EnZona, nothing applied there', async () => {
    const { hotel, paymentId } = await race('ENZONA');
    const chose = await w.call('POST', `/api/payments/${paymentId}/posting/choice`, hotel, {
      choice: 'REFUND',
    });
    expect(chose.statusCode).toBe(200);
    await eventually('refunded', async () => (await w.row(paymentId)).status === 'REFUNDED');
    expect(await postingOf(paymentId)).toMatchObject({ status: 'RESOLVED', choice: 'REFUND' });
    expect(await w.t.container.postings.postOnce()).toMatchObject({ posted: 0, refused: 0 });
    expect((await ref.api.get(`/control/postings?key=${paymentId}`)).body).toEqual([]);
  });
});
