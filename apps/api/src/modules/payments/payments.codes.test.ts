import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const pay = (body: Record<string, unknown>, who = maria) =>
  w.call('POST', '/api/payments/invoices', who, { method: 'TRANSFERMOVIL', ...body });

function expectCode(res: { statusCode: number; json: () => any; body: string }, code: number, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: code, details: { code } });
}

describe('payment result codes of spec §8 through the API', () => {
  it('1: no debt, an advance is possible (quote); 8: debts first (quote and refusal)', async () => {
    const ok = await w.call('GET', `/api/payments/advance/quote?cc=${CC_NO_DEBT}`, jose);
    expect(ok.json()).toMatchObject({
      allowed: true,
      code: 1,
      message: 'No tiene deuda, puede realizar un pago adelantado',
      minimumCents: 10_000,
      bonusPercent: 5,
    });
    const no = await w.call('GET', `/api/payments/advance/quote?cc=${CC_PARTIAL}`, maria);
    expect(no.json()).toMatchObject({ allowed: false, code: 8 });
    const refused = await w.call('POST', '/api/payments/advance', maria, {
      cc: CC_PARTIAL,
      method: 'ENZONA',
      amountCents: 20_000,
    });
    expectCode(refused, 8);
  });

  it('advance below the minimum: 480 with the formatted minimum', async () => {
    const res = await w.call('POST', '/api/payments/advance', jose, {
      cc: CC_NO_DEBT,
      method: 'ENZONA',
      amountCents: 9_999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: 'BADREQUESTERROR',
      reference: 480,
      details: { minimum: '$100.00' },
    });
  });

  it('2: paid (the web reads it from GET /api/payments/:id)', async () => {
    const [inv] = (await openInvoices(w, CC_AGREED)).filter((i) => i.displayStatus === 'Pendiente');
    const created = (await pay({ cc: CC_AGREED, invoiceIds: [inv.id], amountCents: inv.dueCents })).json();
    await w.tmApprove(created.transactionCode);
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    const got = (await w.call('GET', `/api/payments/${created.paymentId}`, maria)).json();
    expect(got).toMatchObject({ status: 'PAYED', resultCode: 2 });
    // 3: paying it again.
    expectCode(await pay({ cc: CC_AGREED, invoiceIds: [inv.id], amountCents: inv.dueCents }), 3, 409);
  });

  it('3: the whole debt of a code that owes nothing', async () => {
    const res = await pay({ cc: CC_NO_DEBT, amountCents: 100 }, jose);
    expectCode(res, 3, 409);
  });

  it('4: an invoice already in flight cannot be paid twice', async () => {
    const inv = (await openInvoices(w, CC_PARTIAL)).find((i) => i.displayStatus === 'Pendiente')!;
    const first = await pay({ cc: CC_PARTIAL, invoiceIds: [inv.id], amountCents: inv.dueCents });
    expect(first.statusCode).toBe(201);
    const again = await pay({ cc: CC_PARTIAL, invoiceIds: [inv.id], amountCents: inv.dueCents });
    expectCode(again, 4, 409);
    expect(again.json().details.reason).toBe('IN_FLIGHT');
  });

  it('5: a code that does not exist (or is inactive); 498 a code of someone else', async () => {
    expectCode(await pay({ cc: '2399999999999', amountCents: 100 }), 5);
    expectCode(await pay({ cc: '2300000000010', amountCents: 100 }), 5);
    const other = await pay({ cc: CC_NO_DEBT, amountCents: 100 });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 498 });
  });

  it('6: a wrong transaction code at the return', async () => {
    const res = await fetch(
      `${w.apiUrl}/api/payments/enzona/return?transaction_uuid=ffffffffffffffffffffffffffffffff`,
      {
        redirect: 'manual',
      },
    );
    expect(res.headers.get('location')).toContain('result=6');
  });

  it('7: an invoice that does not exist (or is of another code)', async () => {
    expectCode(
      await pay({ cc: CC_PARTIAL, invoiceIds: ['00000000-0000-4000-8000-000000000000'], amountCents: 100 }),
      7,
    );
    const [ofOther] = await openInvoices(w, CC_AGREED);
    expectCode(await pay({ cc: CC_PARTIAL, invoiceIds: [ofOther.id], amountCents: 100 }), 7);
  });

  it('9: a Pago Parcial invoice paid for its whole amount; 13: any other wrong amount', async () => {
    const partial = (await openInvoices(w, CC_PARTIAL)).find((i) => i.displayStatus === 'Pago Parcial')!;
    expect(partial.paidCents).toBeGreaterThan(0);
    const res = await pay({ cc: CC_PARTIAL, invoiceIds: [partial.id], amountCents: partial.invoicedCents });
    expectCode(res, 9);
    expect(res.json().details.dueCents).toBe(partial.dueCents);
    expectCode(
      await pay({ cc: CC_PARTIAL, invoiceIds: [partial.id], amountCents: partial.dueCents + 1 }),
      13,
    );
  });

  it('10: the ledger cannot be queried', async () => {
    const db = w.t.database.db;
    await db.execute(sql`alter table invoices rename to invoices_offline`);
    try {
      expectCode(await pay({ cc: CC_PARTIAL, amountCents: 100 }), 10);
    } finally {
      await db.execute(sql`alter table invoices_offline rename to invoices`);
    }
  });

  it('11: an expired transaction code', async () => {
    const created = (
      await w.call('POST', '/api/payments/advance', jose, {
        cc: CC_NO_DEBT,
        method: 'TRANSFERMOVIL',
        amountCents: 10_000,
      })
    ).json();
    await w.sandbox.control('POST', `/sandbox/transfermovil/${created.transactionCode}/expire`);
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    const got = (await w.call('GET', `/api/payments/${created.paymentId}`, jose, undefined)).json();
    expect(got).toMatchObject({ status: 'FAILED', resultCode: 11 });
  });

  it('12: an agreed (Conveniada) invoice, alone or in the whole debt', async () => {
    const agreed = (await openInvoices(w, CC_AGREED)).find((i) => i.displayStatus === 'Conveniada')!;
    expectCode(await pay({ cc: CC_AGREED, invoiceIds: [agreed.id], amountCents: agreed.dueCents }), 12);
    expectCode(await pay({ cc: CC_AGREED, amountCents: 100 }), 12);
  });

  it('English callers read the English text', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/payments/invoices',
      headers: { authorization: maria, 'accept-language': 'en' },
      payload: { cc: '2399999999999', method: 'ENZONA', amountCents: 100 },
    });
    expect(res.json().message).toBe('The client code does not exist');
  });
});
