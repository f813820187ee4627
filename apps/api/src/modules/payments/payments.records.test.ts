import { toDateRangeFilter, toNumberFilter } from '@ov/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRequests } from '../../db/schema';
import {
  CC_AGREED,
  CC_NO_DEBT,
  JOSE,
  MARIA,
  openInvoices,
  type PaymentsWorld,
  STAFF,
  startPaymentsWorld,
} from '../../test/payments-world';
import { ADMIN } from '../../test/test-app';

let w: PaymentsWorld;
let maria: string;
let jose: string;
let staff: string;
let admin: string;
const paid: Record<string, string> = {};

async function paidAdvance(method: 'ENZONA' | 'TRANSFERMOVIL', amountCents: number) {
  const created = (
    await w.call('POST', '/api/payments/advance', jose, { cc: CC_NO_DEBT, method, amountCents })
  ).json();
  if (method === 'ENZONA') await w.enzonaApprove((await w.row(created.paymentId)).gatewayRef!);
  else await w.tmApprove(created.transactionCode);
  await w.payments.reconcileOnce({ olderThanMs: 0 });
  expect((await w.row(created.paymentId)).status).toBe('PAYED');
  return created.paymentId as string;
}

beforeAll(async () => {
  w = await startPaymentsWorld();
  [maria, jose, staff, admin] = await Promise.all([
    w.auth(MARIA),
    w.auth(JOSE),
    w.auth(STAFF),
    w.auth(ADMIN.email),
  ]);
  paid.enzona = await paidAdvance('ENZONA', 20_000);
  paid.tm = await paidAdvance('TRANSFERMOVIL', 10_000);
  const inv = (await openInvoices(w, CC_AGREED)).find((i) => i.displayStatus === 'Pendiente')!;
  paid.mariaPending = (
    await w.call('POST', '/api/payments/invoices', maria, {
      cc: CC_AGREED,
      invoiceIds: [inv.id],
      method: 'ENZONA',
      amountCents: inv.dueCents,
    })
  ).json().paymentId;
});
afterAll(() => w?.close());

const search = (who: string, body: Record<string, unknown> = {}) =>
  w.call('POST', '/api/payments/search', who, body);

describe('payment records', () => {
  it('a customer sees only their own payments; staff with INVOICE:READ see all of the space', async () => {
    const mine = await search(jose);
    expect(mine.headers['x-total-count']).toBe('2');
    expect(mine.json().every((p: any) => p.cc === CC_NO_DEBT)).toBe(true);
    const all = await search(staff, { size: 50 });
    expect(Number(all.headers['x-total-count'])).toBe(3);
    expect((await w.call('GET', `/api/payments/${paid.tm}`, maria)).statusCode).toBe(404);
    expect((await w.call('GET', `/api/payments/${paid.tm}`, staff)).json().status).toBe('PAYED');
  });

  it('filters by status, method, type, date range and amount (cents; number filters of spec §5)', async () => {
    const q = (filters: unknown[]) =>
      search(staff, { filters }).then((r) =>
        r
          .json()
          .map((p: any) => p.id)
          .sort(),
      );
    expect(await q([{ type: 'TERMS', field: 'status', value: ['PAYED'] }])).toEqual(
      [paid.enzona, paid.tm].sort(),
    );
    expect(await q([{ type: 'TERM', field: 'paymentMethods', value: 'TRANSFERMOVIL' }])).toEqual([paid.tm]);
    expect(await q([{ type: 'TERM', field: 'type', value: 'CC' }])).toEqual([paid.mariaPending]);
    expect(await q([toNumberFilter('amount', 'GREATER_THAN', 15_000)])).toContain(paid.enzona);
    expect(await q([toNumberFilter('amount', 'LESS_THAN', 15_000)])).not.toContain(paid.enzona);
    expect(await q([toNumberFilter('amount', 'EQUAL', 10_000)])).toEqual([paid.tm]);
    const today = toDateRangeFilter(
      'createdAt',
      new Date(Date.now() - 3_600_000),
      new Date(Date.now() + 3_600_000),
    );
    expect(await q([today])).toHaveLength(3);
    const lastYear = toDateRangeFilter('createdAt', '2020-01-01', '2020-12-31');
    expect(await q([lastYear])).toHaveLength(0);
  });

  it('CSV export: staff only, same filters, one line per payment', async () => {
    expect((await w.call('POST', '/api/payments/export.csv', jose, {})).statusCode).toBe(403);
    const res = await w.call('POST', '/api/payments/export.csv', staff, {
      filters: [{ type: 'TERMS', field: 'status', value: ['PAYED'] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,cc,type,paymentMethods,status,amount,bonus,resultCode,externalId,gatewayRef,settledAt',
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.startsWith(paid.enzona))).toContain(',200.00,10.00,2,');
  });

  it('CSV export: amounts are numbers (a negative one too), text that looks like a formula is neutralised', async () => {
    // A refund written as a negative amount, and a gateway reference crafted as a formula.
    const id = paid.mariaPending;
    await w.t.database.db
      .update(paymentRequests)
      .set({
        amountCents: -12_345,
        bonusCents: 0,
        gatewayRef: '=HYPERLINK("http://x","y")',
        externalId: '-2+3',
      })
      .where(eq(paymentRequests.id, id));
    const res = await w.call('POST', '/api/payments/export.csv', staff, {});
    const line = res.body.split('\r\n').find((l) => l.startsWith(id))!;
    const cells = line.split(',');
    expect(cells[6]).toBe('-123.45');
    expect(cells[7]).toBe('0.00');
    expect(line).toContain(`,'-2+3,"'=HYPERLINK(""http://x"",""y"")",`);
  });

  it('receipt PDF for a PAYED payment; 855 for one not paid', async () => {
    const pdf = await w.call('GET', `/api/payments/${paid.tm}/receipt.pdf`, jose);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pending = await w.call('GET', `/api/payments/${paid.mariaPending}/receipt.pdf`, maria);
    expect(pending.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 855 });
  });

  it('the owner got a drawer notification and a receipt e-mail when it was paid', async () => {
    const notes = (await w.call('POST', '/api/notifications/search', jose, { size: 50 })).json();
    expect(notes.some((n: any) => n.payload.paymentId === paid.tm && n.payload.body.status === 'PAYED')).toBe(
      true,
    );
    const mails = (await w.call('GET', '/api/dev/mailbox', admin)).json();
    const receipt = mails.find((m: any) => m.to === JOSE && m.subject.startsWith('Pago recibido'));
    expect(receipt.text).toContain(`/oficina_virtual/payments/payment-record/${paid.tm}`);
    expect(receipt.text).toContain('se recibió correctamente');
    const note = notes.find((n: any) => n.payload.paymentId === paid.tm && n.payload.body.status === 'PAYED');
    expect(note).toMatchObject({
      event: 'PAYMENT_STATUS',
      params: { paymentId: paid.tm, status: 'PAYED', method: 'TRANSFERMOVIL' },
    });
  });

  it('dashboard calls (ADMIN; amounts in cents)', async () => {
    const filters = [
      toDateRangeFilter('createdAt', new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000)),
    ];
    const data = (await w.call('POST', '/api/payment-request/payment-data', admin, { filters })).json();
    expect(data[0]).toMatchObject({
      totalPayments: { totalCount: 2, totalAmount: 30_000 },
      anticipated: { anticipatedCount: 2, anticipatedAmount: 30_000 },
      bonifications: { bonification: 1_500, totalAmount: 31_500, totalPayed: 30_000 },
    });
    expect(data[0].byPaymentMethods).toEqual([
      { paymentMethods: 'ENZONA', count: 1, amount: 20_000 },
      { paymentMethods: 'TRANSFERMOVIL', count: 1, amount: 10_000 },
    ]);
    const hist = (await w.call('POST', '/api/payment-request/payment-histogram', admin, { filters })).json();
    expect(hist.reduce((s: number, d: any) => s + d.count, 0)).toBe(2);
    expect(hist[0]._id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const byStatus = (
      await w.call('POST', '/api/payment-request/payment-by-status', admin, { filters })
    ).json();
    expect(byStatus).toEqual(
      expect.arrayContaining([
        { _id: 'PAYED', count: 2 },
        { _id: 'PENDING', count: 1 },
      ]),
    );
    const users = (await w.call('POST', '/api/users/reports/users-quantity', admin, { filters: [] })).json();
    expect(users.find((u: any) => u.clientType === 'RESIDENTIAL').count).toBeGreaterThanOrEqual(2);
    expect((await w.call('POST', '/api/payment-request/payment-data', staff, { filters })).statusCode).toBe(
      403,
    );
  });

  it('refund through EnZona: REFUNDED at once and the advance balance loses amount and bonus', async () => {
    const commercial = w.payments.ctx.commercial;
    const before = await commercial.getAdvanceBalance(CC_NO_DEBT);
    expect(
      (await w.call('POST', `/api/payments/${paid.enzona}/refund`, staff, { reason: 'Pago duplicado' }))
        .statusCode,
    ).toBe(403);
    const res = await w.call('POST', `/api/payments/${paid.enzona}/refund`, admin, {
      reason: 'Pago duplicado',
    });
    expect(res.json()).toMatchObject({ status: 'REFUNDED' });
    expect(await commercial.getAdvanceBalance(CC_NO_DEBT)).toBe(before - 21_000);
    const again = await w.call('POST', `/api/payments/${paid.enzona}/refund`, admin, { reason: 'otra vez' });
    expect(again.json()).toMatchObject({ name: 'CONFLICTERROR', reference: 482 });
  });

  it('refund through Transfermóvil: waits in PENDING_REFUNDED until staff confirm', async () => {
    const commercial = w.payments.ctx.commercial;
    const before = await commercial.getAdvanceBalance(CC_NO_DEBT);
    const res = await w.call('POST', `/api/payments/${paid.tm}/refund`, admin, {
      reason: 'Solicitud del cliente',
    });
    expect(res.json()).toMatchObject({ status: 'PENDING_REFUNDED' });
    expect(await commercial.getAdvanceBalance(CC_NO_DEBT)).toBe(before);
    const ok = await w.call('POST', `/api/payments/${paid.tm}/refund/confirm`, admin);
    expect(ok.json()).toMatchObject({ status: 'REFUNDED' });
    expect(await commercial.getAdvanceBalance(CC_NO_DEBT)).toBe(before - 10_500);
    const twice = await w.call('POST', `/api/payments/${paid.tm}/refund/confirm`, admin);
    expect(twice.json()).toMatchObject({ reference: 483 });
  });
});
