import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../test/payments-sandbox';
import {
  CC_HOTEL,
  CC_NO_DEBT,
  eventually,
  hotelPaysOldestInvoiceByTm,
  JOSE,
  openInvoices,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../test/payments-world';
import { transfermovilHeaders } from './gateways';

let w: PaymentsWorld;
let jose: string;

beforeAll(async () => {
  w = await startPaymentsWorld();
  jose = await w.auth(JOSE);
});
afterAll(() => w?.close());
beforeEach(() => w.sandbox.reset().catch(() => {}));

/** An advance deposit through Transfermóvil (José has no debt), so every test has its own order. */
async function newTmPayment(amountCents = 10_000) {
  const res = await w.call('POST', '/api/payments/advance', jose, {
    cc: CC_NO_DEBT,
    method: 'TRANSFERMOVIL',
    amountCents,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function ledgerAppliedOnce(paymentId: string) {
  const { ledgerPayments } = await import('../../db/schema');
  const { eq } = await import('drizzle-orm');
  return w.t.database.db.select().from(ledgerPayments).where(eq(ledgerPayments.paymentId, paymentId));
}

const balance = () => w.payments.ctx.commercial.getAdvanceBalance(CC_NO_DEBT);

describe('Transfermóvil end to end against the sandbox', () => {
  it('approve: the bank notifies, the order is re-queried, the advance and its bonus are credited (2)', async () => {
    const before = await balance();
    const created = await newTmPayment(10_000);
    expect(created).toMatchObject({
      status: 'PENDING',
      method: 'TRANSFERMOVIL',
      type: 'ADELANTO',
      bonusCents: 500,
      bonusPercent: 5,
    });
    expect(created.transactionCode).toBeTruthy();
    expect(created.deepLink).toMatch(/^transfermovil:\/\/tm_compra_en_linea\/action\?/);
    expect(JSON.parse(created.qr)).toMatchObject({ id_transaccion: created.transactionCode, moneda: 'CUP' });
    await w.tmApprove(created.transactionCode);
    const done = await eventually('payment settled', async () => {
      const r = await w.call('GET', `/api/payments/${created.paymentId}`, jose);
      return r.json().status === 'PAYED' && r.json();
    });
    expect(done).toMatchObject({ resultCode: 2, message: 'Pago realizado satisfactoriamente' });
    expect(await balance()).toBe(before + 10_500);
    expect(await ledgerAppliedOnce(created.paymentId)).toHaveLength(1);
  });

  it('duplicate: the bank sends the notification 4 times; the ledger changes once, every copy is acknowledged', async () => {
    await w.sandbox.fault('transfermovil', 'duplicate', { times: 4 });
    const before = await balance();
    const created = await newTmPayment(12_345);
    await w.tmApprove(created.transactionCode);
    const order = await eventually('4 acknowledged deliveries', async () => {
      const o = (await w.sandbox.control('GET', '/sandbox/orders')).body.transfermovil.find(
        (x: any) => x.ExternalId === created.transactionCode,
      );
      return o.deliveries.filter((d: any) => d.acknowledged).length === 4 && o;
    });
    expect(order.notifications).toBe(4);
    expect((await w.row(created.paymentId)).status).toBe('PAYED');
    expect(await balance()).toBe(before + 12_345 + 617);
    expect(await ledgerAppliedOnce(created.paymentId)).toHaveLength(1);
    const outcomes = (await w.events(created.paymentId)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'SETTLED')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DUPLICATE')).toHaveLength(3);
  });

  it('reorder: two payments notified newest first both settle once', async () => {
    await w.sandbox.fault('transfermovil', 'reorder', { times: 2 });
    const a = await newTmPayment(10_000);
    const b = await newTmPayment(20_000);
    await w.tmApprove(a.transactionCode);
    await w.tmApprove(b.transactionCode);
    for (const p of [a, b])
      await eventually('settled', async () => (await w.row(p.paymentId)).status === 'PAYED');
    expect(await ledgerAppliedOnce(a.paymentId)).toHaveLength(1);
    expect(await ledgerAppliedOnce(b.paymentId)).toHaveLength(1);
  });

  it('delay: a late notification still settles, once', async () => {
    await w.sandbox.fault('transfermovil', 'delay', { delayMs: 300 });
    const created = await newTmPayment();
    await w.tmApprove(created.transactionCode);
    expect((await w.row(created.paymentId)).status).toBe('PENDING');
    await eventually('settled late', async () => (await w.row(created.paymentId)).status === 'PAYED');
  });

  it('drop: no notification ever comes; reconciliation asks the gateway and settles', async () => {
    await w.sandbox.fault('transfermovil', 'drop', { times: 1 });
    const created = await newTmPayment();
    await w.tmApprove(created.transactionCode);
    await new Promise((r) => setTimeout(r, 100));
    expect((await w.row(created.paymentId)).status).toBe('PENDING');
    const report = await w.payments.reconcileOnce({ olderThanMs: 0 });
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect((await w.row(created.paymentId)).status).toBe('PAYED');
    // A second run changes nothing.
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    expect(await ledgerAppliedOnce(created.paymentId)).toHaveLength(1);
  });

  it('reconciliation waits for the pending timeout the settings had when the payment started', async () => {
    const admin = (await w.t.login()).authorization;
    const patch = async (pendingTimeoutMinutes: number) => {
      const { version } = (await w.call('GET', '/api/settings', admin)).json();
      const res = await w.t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { authorization: admin },
        payload: { pendingTimeoutMinutes, version },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch(2);
    await w.sandbox.fault('transfermovil', 'drop', { times: 1 });
    const created = await newTmPayment();
    await w.tmApprove(created.transactionCode);
    await patch(30); // a later change does not move this payment's deadline
    const inOneMinute = await w.payments.reconcileOnce({ at: new Date(Date.now() + 60_000) });
    expect(inOneMinute.checked).toBe(0);
    expect((await w.row(created.paymentId)).status).toBe('PENDING');
    const inThree = await w.payments.reconcileOnce({ at: new Date(Date.now() + 3 * 60_000) });
    expect(inThree.settled).toBe(1);
    expect((await w.row(created.paymentId)).status).toBe('PAYED');
  });

  it('reject at the bank: FAILED with 4 and nothing credited', async () => {
    const before = await balance();
    const created = await newTmPayment();
    await w.tmApprove(created.transactionCode, 'reject');
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    const row = await w.row(created.paymentId);
    expect(row).toMatchObject({ status: 'FAILED', resultCode: 4 });
    expect(await balance()).toBe(before);
  });

  it('expire: the order expires at the bank; reconciliation ends it with 11 and frees the invoices', async () => {
    const { hotel, inv, created } = await hotelPaysOldestInvoiceByTm(w);
    expect((await openInvoices(w, CC_HOTEL)).find((i) => i.id === inv.id)?.displayStatus).toBe('Procesando');
    await w.sandbox.control('POST', `/sandbox/transfermovil/${created.transactionCode}/expire`);
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    const got = (await w.call('GET', `/api/payments/${created.paymentId}`, hotel)).json();
    expect(got).toMatchObject({
      status: 'FAILED',
      resultCode: 11,
      message: 'El código de transacción ha expirado',
    });
    expect((await openInvoices(w, CC_HOTEL)).find((i) => i.id === inv.id)?.displayStatus).not.toBe(
      'Procesando',
    );
  });

  it('unknown order: logged with result code 6, not acknowledged, ledger untouched', async () => {
    const before = await balance();
    const headers = transfermovilHeaders(SANDBOX_CREDENTIALS.transfermovil, new Date());
    const res = await fetch(`${w.apiUrl}/api/payments/transfermovil/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        Source: 8001,
        ExternalId: 'ov-no-such-order',
        Status: 3,
        BankId: '1',
        TmId: 'TM1',
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ Success: false, Resultmsg: 'Código de transacción incorrecto' });
    const { paymentEvents } = await import('../../db/schema');
    const { desc } = await import('drizzle-orm');
    const [last] = await w.t.database.db
      .select()
      .from(paymentEvents)
      .orderBy(desc(paymentEvents.id))
      .limit(1);
    expect(last).toMatchObject({ outcome: 'UNKNOWN_ORDER', resultCode: 6, paymentId: null });
    expect(await balance()).toBe(before);
  });

  it('bad credentials: 401 with Success false, nothing settled even for a real order', async () => {
    const created = await newTmPayment();
    const res = await fetch(`${w.apiUrl}/api/payments/transfermovil/notify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        username: 'ov-dev-tm',
        source: '8001',
        password: 'forged',
      },
      body: JSON.stringify({ Source: 8001, ExternalId: created.transactionCode, Status: 3 }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ Success: false });
    expect((await w.row(created.paymentId)).status).toBe('PENDING');
  });

  it('forged notifications cannot fill the append-only event log', async () => {
    const { paymentEvents } = await import('../../db/schema');
    const { count, eq } = await import('drizzle-orm');
    const stored = async () =>
      (
        await w.t.database.db
          .select({ n: count() })
          .from(paymentEvents)
          .where(eq(paymentEvents.source, 'TM_NOTIFY'))
      )[0].n;
    const forge = (body: string) =>
      fetch(`${w.apiUrl}/api/payments/transfermovil/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', username: 'x', source: '1', password: 'forged' },
        body,
      });
    const before = await stored();
    // 900 KB "notifications" are refused before they are even parsed.
    for (let i = 0; i < 20; i++) {
      const big = await forge(JSON.stringify({ ExternalId: 'x', Padding: 'a'.repeat(900 * 1024) }));
      expect(big.status).toBe(413);
    }
    expect(await stored()).toBe(before);
    // Smaller forgeries: stored bounded (a 12 KB body keeps a 1 KB excerpt), at most 60 a minute.
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        forge(JSON.stringify({ ExternalId: `f${i}`, Padding: 'b'.repeat(12_000) })),
      ),
    );
    expect(answers.every((a) => a.status === 401)).toBe(true);
    const added = (await stored()) - before;
    expect(added).toBeGreaterThan(40); // earlier refusals of this file share the minute's 60
    expect(added).toBeLessThanOrEqual(60);
    const rows = await w.t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.outcome, 'INVALID'));
    for (const r of rows) expect(JSON.stringify(r.payload).length).toBeLessThan(1200);
  });

  it('a notification claiming payment is not believed: the gateway still says pending', async () => {
    const created = await newTmPayment();
    const headers = transfermovilHeaders(SANDBOX_CREDENTIALS.transfermovil, new Date());
    const res = await fetch(`${w.apiUrl}/api/payments/transfermovil/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ Source: 8001, ExternalId: created.transactionCode, Status: 3 }),
    });
    expect(res.status).toBe(200);
    expect((await w.row(created.paymentId)).status).toBe('PENDING');
  });

  it('gateway down when the order is created: FAILED with 4 and the answer says so', async () => {
    await w.sandbox.fault('transfermovil', 'fail', { times: 1 });
    const res = await w.call('POST', '/api/payments/advance', jose, {
      cc: CC_NO_DEBT,
      method: 'TRANSFERMOVIL',
      amountCents: 10_000,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      name: 'PAYMENTRESULT',
      reference: 4,
      message: 'Error al procesar el pago',
    });
    const row = await w.row(res.json().details.paymentId);
    expect(row).toMatchObject({ status: 'FAILED', resultCode: 4 });
  });
});
