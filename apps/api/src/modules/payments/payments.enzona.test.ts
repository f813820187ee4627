import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CC_AGREED,
  CC_NO_DEBT,
  CC_PARTIAL,
  JOSE,
  MARIA,
  openInvoices,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../test/payments-world';

let w: PaymentsWorld;
let maria: string;
let jose: string;

beforeAll(async () => {
  w = await startPaymentsWorld();
  maria = await w.auth(MARIA);
  jose = await w.auth(JOSE);
});
afterAll(() => w?.close());
beforeEach(() => w.sandbox.reset());

const payInvoices = (body: Record<string, unknown>, who = maria) =>
  w.call('POST', '/api/payments/invoices', who, { method: 'ENZONA', ...body });
const resultOf = (location: string | null) => new URL(location!, 'http://x').searchParams.get('result');

describe('EnZona end to end against the sandbox', () => {
  it('approve: the browser returns, the API completes at EnZona (1111) and settles the invoice (2)', async () => {
    const debt = await openInvoices(w, CC_AGREED);
    const inv = debt.find((i) => i.displayStatus === 'Pendiente')!;
    const res = await payInvoices({ cc: CC_AGREED, invoiceIds: [inv.id], amountCents: inv.dueCents });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.redirectUrl).toMatch(/\/enzona\/checkout\//);
    const ref = (await w.row(created.paymentId)).gatewayRef!;
    const location = await w.enzonaApprove(ref);
    expect(location).toBe(
      `/oficina_virtual/payments/payments?paymentId=${created.paymentId}&result=2&status=PAYED`,
    );
    const orders = (await w.sandbox.control('GET', '/sandbox/orders')).body.enzona;
    expect(orders.find((o: any) => o.transaction_uuid === ref).status_code).toBe(1111);
    const after = await w.payments.ctx.commercial.getInvoice(CC_AGREED, inv.id);
    expect(after?.displayStatus).toBe('Pagada');
    // The return replayed (back button, a second tab): nothing changes, same answer.
    const again = await fetch(`${w.apiUrl}/api/payments/enzona/return?transaction_uuid=${ref}`, {
      redirect: 'manual',
    });
    expect(resultOf(again.headers.get('location'))).toBe('2');
    const outcomes = (await w.events(created.paymentId)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'SETTLED')).toHaveLength(1);
  });

  it('cancel: the payer cancels, the payment is CANCELED and the invoices are free again', async () => {
    const [inv] = await openInvoices(w, CC_PARTIAL);
    const res = await payInvoices({ cc: CC_PARTIAL, invoiceIds: [inv.id], amountCents: inv.dueCents });
    const created = res.json();
    const location = await w.enzonaApprove((await w.row(created.paymentId)).gatewayRef!, 'cancel');
    expect(location).toContain('status=CANCELED');
    expect(await w.row(created.paymentId)).toMatchObject({ status: 'CANCELED', resultCode: 4 });
    const freed = (await openInvoices(w, CC_PARTIAL)).find((i) => i.id === inv.id)!;
    expect(freed.inFlightPaymentId).toBeNull();
  });

  it('returns the payer of an advance deposit to the deposit page with the result', async () => {
    const created = (
      await w.call('POST', '/api/payments/advance', jose, {
        cc: CC_NO_DEBT,
        method: 'ENZONA',
        amountCents: 12_000,
      })
    ).json();
    const location = await w.enzonaApprove((await w.row(created.paymentId)).gatewayRef!);
    expect(location).toBe(
      `/oficina_virtual/payments/prepaid?paymentId=${created.paymentId}&result=2&status=PAYED`,
    );
  });

  it('expire: never confirmed; reconciliation withdraws it at EnZona and ends it with 11', async () => {
    const res = await w.call('POST', '/api/payments/advance', jose, {
      cc: CC_NO_DEBT,
      method: 'ENZONA',
      amountCents: 15_000,
    });
    const created = res.json();
    const later = new Date(Date.now() + 31 * 60_000);
    const report = await w.payments.reconcileOnce({ olderThanMs: 0, at: later });
    expect(report.ended).toBeGreaterThanOrEqual(1);
    expect(await w.row(created.paymentId)).toMatchObject({ status: 'FAILED', resultCode: 11 });
    const ref = (await w.row(created.paymentId)).gatewayRef;
    const orders = (await w.sandbox.control('GET', '/sandbox/orders')).body.enzona;
    expect(orders.find((o: any) => o.transaction_uuid === ref).status_code).toBe(1112);
  });

  it('drop: the browser never comes back; reconciliation completes and settles it', async () => {
    await w.sandbox.fault('enzona', 'drop', { times: 1 });
    const res = await w.call('POST', '/api/payments/advance', jose, {
      cc: CC_NO_DEBT,
      method: 'ENZONA',
      amountCents: 10_000,
    });
    const created = res.json();
    expect(await w.enzonaApprove((await w.row(created.paymentId)).gatewayRef!)).toBeNull();
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    expect(await w.row(created.paymentId)).toMatchObject({ status: 'PAYED', resultCode: 2 });
  });

  it('the customer polling the payment also finds it paid when the return was lost', async () => {
    await w.sandbox.fault('enzona', 'drop', { times: 1 });
    const created = (
      await w.call('POST', '/api/payments/advance', jose, {
        cc: CC_NO_DEBT,
        method: 'ENZONA',
        amountCents: 10_000,
      })
    ).json();
    await w.enzonaApprove((await w.row(created.paymentId)).gatewayRef!);
    await w.t.database.db.execute(
      sql`update payment_requests set updated_at = now() - interval '1 minute' where id = ${created.paymentId}`,
    );
    const got = (await w.call('GET', `/api/payments/${created.paymentId}`, jose)).json();
    expect(got).toMatchObject({ status: 'PAYED', resultCode: 2 });
  });

  it('an unknown or malformed transaction: 302 with result 6, logged, nothing settled', async () => {
    for (const q of ['transaction_uuid=0123456789abcdef0123456789abcdef', 'transaction_uuid=<script>', '']) {
      const res = await fetch(`${w.apiUrl}/api/payments/enzona/return?${q}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(resultOf(res.headers.get('location'))).toBe('6');
    }
  });

  it('gateway down at creation: 4, the claimed invoices are released', async () => {
    await w.sandbox.fault('enzona', 'fail', { times: 3 });
    const [inv] = await openInvoices(w, CC_PARTIAL);
    const res = await payInvoices({ cc: CC_PARTIAL, invoiceIds: [inv.id], amountCents: inv.dueCents });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 4, details: { reason: 'GATEWAY' } });
    expect((await openInvoices(w, CC_PARTIAL)).find((i) => i.id === inv.id)!.inFlightPaymentId).toBeNull();
  });
});
