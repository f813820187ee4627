import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { traces } from '../../db/schema';
import {
  CC_AGREED,
  CC_PARTIAL,
  JOSE,
  MARIA,
  openInvoices,
  type PaymentsWorld,
  STAFF,
  startPaymentsWorld,
} from '../../test/payments-world';

let w: PaymentsWorld;
let maria: string;

beforeAll(async () => {
  w = await startPaymentsWorld();
  maria = await w.auth(MARIA);
});
afterAll(() => w?.close());
beforeEach(() => w.sandbox.reset());

/** María starts paying one open invoice of `cc` and leaves the checkout: the payment stays PENDING. */
async function abandoned(method: 'ENZONA' | 'TRANSFERMOVIL' = 'ENZONA', cc = CC_PARTIAL) {
  const inv = (await openInvoices(w, cc)).find(
    (i) => !i.inFlightPaymentId && i.displayStatus !== 'Conveniada',
  )!;
  const res = await w.call('POST', '/api/payments/invoices', maria, {
    cc,
    invoiceIds: [inv.id],
    method,
    amountCents: inv.dueCents,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { inv, paymentId: res.json().paymentId as string };
}

const cancel = (id: string, who = maria) => w.call('POST', `/api/payments/${id}/cancel`, who, {});
const held = async (cc: string, invoiceId: string) =>
  (await openInvoices(w, cc)).find((i) => i.id === invoiceId)?.inFlightPaymentId ?? null;

describe('the payer cancels their own pending payment', () => {
  it('withdraws the EnZona order, ends CANCELED, releases the invoice and traces it; again is the same answer', async () => {
    const { inv, paymentId } = await abandoned();
    expect(await held(CC_PARTIAL, inv.id)).toBe(paymentId);

    const res = await cancel(paymentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: paymentId, status: 'CANCELED' });
    expect(await held(CC_PARTIAL, inv.id)).toBeNull();
    // EnZona was told over HTTP: the order is cancelled there (1112), nobody can pay it any more.
    const ref = (await w.row(paymentId)).gatewayRef;
    const orders = (await w.sandbox.control('GET', '/sandbox/orders')).body.enzona;
    expect(orders.find((o: { transaction_uuid: string }) => o.transaction_uuid === ref).status_code).toBe(
      1112,
    );
    const trace = await w.t.database.db
      .select()
      .from(traces)
      .where(and(eq(traces.entityId, paymentId), eq(traces.type, 'UPDATE')));
    expect(trace).toHaveLength(1);
    expect((trace[0].payload as any).changes.status).toEqual({ before: 'PENDING', after: 'CANCELED' });
    // The payer did it (the trace's owner), not the gateway or the reconciliation job.
    expect(trace[0].owner).toBe((await w.row(paymentId)).userId);

    // Idempotent: a second press (a double click, a second tab) answers the same, changes nothing.
    const again = await cancel(paymentId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('CANCELED');
    const outcomes = (await w.events(paymentId)).map((e) => `${e.source}:${e.outcome}`);
    expect(outcomes.filter((o) => o === 'CUSTOMER_CANCEL:CANCELED')).toHaveLength(1);

    // The invoice can be paid again at once.
    const retry = await w.call('POST', '/api/payments/invoices', maria, {
      cc: CC_PARTIAL,
      invoiceIds: [inv.id],
      method: 'ENZONA',
      amountCents: inv.dueCents,
    });
    expect(retry.statusCode, retry.body).toBe(201);
    expect((await cancel(retry.json().paymentId)).statusCode).toBe(200);
  });

  it('refuses a payment that is no longer pending (484) and says so in the caller language', async () => {
    const { paymentId } = await abandoned();
    const location = await w.enzonaApprove((await w.row(paymentId)).gatewayRef!);
    expect(location).toContain('status=PAYED');
    const res = await w.call('POST', `/api/payments/${paymentId}/cancel`, maria, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      name: 'CONFLICTERROR',
      reference: 484,
      message: 'El pago ya no está pendiente, no se puede cancelar',
    });
    expect((await w.row(paymentId)).status).toBe('PAYED');
    const en = await w.t.app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/cancel`,
      headers: { authorization: maria, 'accept-language': 'en' },
      payload: {},
    });
    expect(en.json().message).toBe('The payment is no longer pending and cannot be cancelled');
  });

  it('only the owner: another customer gets 404 (415) and the payment stays pending', async () => {
    const { inv, paymentId } = await abandoned();
    const res = await cancel(paymentId, await w.auth(JOSE));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ name: 'NOTFOUND', reference: 415 });
    expect((await w.row(paymentId)).status).toBe('PENDING');
    // Staff are no payers: the route is for customers only.
    const staff = await cancel(paymentId, await w.auth(STAFF));
    expect(staff.statusCode).toBe(403);
    expect((await w.row(paymentId)).status).toBe('PENDING');
    const missing = await cancel('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await cancel(paymentId)).statusCode).toBe(200);
    expect(await held(CC_PARTIAL, inv.id)).toBeNull();
  });

  it('a Transfermóvil order cannot be withdrawn at the bank (485): it stays pending until it lapses', async () => {
    const { inv, paymentId } = await abandoned('TRANSFERMOVIL', CC_AGREED);
    const res = await cancel(paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ name: 'CONFLICTERROR', reference: 485 });
    expect((await w.row(paymentId)).status).toBe('PENDING');
    expect(await held(CC_AGREED, inv.id)).toBe(paymentId);
    await w.tmApprove((await w.row(paymentId)).externalId, 'reject');
  });

  it('EnZona unreachable: code 4, nothing changes, and a later try succeeds', async () => {
    const { inv, paymentId } = await abandoned();
    await w.sandbox.fault('enzona', 'fail');
    const res = await cancel(paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 4 });
    expect((await w.row(paymentId)).status).toBe('PENDING');
    expect(await held(CC_PARTIAL, inv.id)).toBe(paymentId);
    await w.sandbox.fault('enzona', 'none');
    expect((await cancel(paymentId)).statusCode).toBe(200);
    expect(await held(CC_PARTIAL, inv.id)).toBeNull();
  });
});
