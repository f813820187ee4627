import { agreementItemOf, suggestedPlan } from '@ov/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, ledgerPayments, users } from '../../db/schema';
import { loadPrincipal } from '../../plugins/access';
import { pdfText } from '../../test/billing-world';
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
import { DEMO_PASSWORD } from '../../test/test-app';
import { createLedgerCommercialSystem } from '../billing';
import { createContractRequestsRepository } from './contract-requests.repository';
import { createContractRequestsService } from './contract-requests.service';

let w: PaymentsWorld;
let maria: string;
let jose: string;
let ana: string; // residential specialist
let carlos: string; // state and big-client specialist
let admin: string;

beforeAll(async () => {
  w = await startPaymentsWorld();
  maria = await w.auth(MARIA);
  jose = await w.auth(JOSE);
  ana = await w.auth(STAFF);
  carlos = (await w.t.login('carlos.grandes@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
  admin = (await w.t.login()).authorization;
});
afterAll(() => w?.close());

interface Options {
  limits: { minDownPercent: number; maxInstalments: number; minInstalmentCents: number };
  invoices: { id: string; number: string; dueCents: number }[];
  openRequestId: string | null;
}
const options = async (cc: string, who = maria) => {
  const res = await w.call('GET', `/api/payment-agreements/options/${cc}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Options;
};
const ask = (body: Record<string, unknown>, who = maria) =>
  w.call('POST', '/api/payment-agreements', who, { reason: 'Desempleo temporal', ...body });
const expectRef = (
  res: { statusCode: number; body: string; json: () => any },
  reference: number,
  status = 400,
) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ reference });
};
const approve = (id: string, who: string, body: Record<string, unknown> = {}) =>
  w.call('POST', `/api/contract-requests/${id}/agreement/approve`, who, body);
const reject = (id: string, who: string, reason: string) =>
  w.call('POST', `/api/contract-requests/${id}/agreement/reject`, who, { reason });
const total = (o: Options) => o.invoices.reduce((s, i) => s + i.dueCents, 0);
const invoicesOf = (cc: string) => w.t.database.db.select().from(invoices).where(eq(invoices.cc, cc));

describe('asking for a payment agreement (the holder, within the limits)', () => {
  it('offers the limits in force and the unpaid invoices of a code its holder has', async () => {
    const o = await options(CC_PARTIAL);
    expect(o.limits).toEqual({ minDownPercent: 20, maxInstalments: 12, minInstalmentCents: 500 });
    // A household's debt of a few bimonthly invoices fits in more than one instalment.
    expect(suggestedPlan(total(o), o.limits).instalments).toBeGreaterThan(1);
    expect(o.invoices.length).toBeGreaterThan(0);
    expect(o.openRequestId).toBeNull();
    // Only the holder asks: another customer, staff and visitors do not.
    expectRef(await w.call('GET', `/api/payment-agreements/options/${CC_PARTIAL}`, jose), 641, 403);
    expectRef(
      await ask(
        { cc: CC_PARTIAL, invoiceIds: [o.invoices[0].id], downPaymentCents: 1, instalments: 1 },
        jose,
      ),
      641,
      403,
    );
    expect((await w.call('GET', `/api/payment-agreements/options/${CC_PARTIAL}`, ana)).statusCode).toBe(403);
    expect((await w.call('POST', '/api/payment-agreements', undefined, {})).statusCode).toBe(401);
  });

  it('refuses a plan outside the limits, an unknown invoice and a missing reason, changing nothing', async () => {
    const o = await options(CC_PARTIAL);
    const ids = o.invoices.map((i) => i.id);
    const sum = total(o);
    const min = Math.ceil(sum * 0.2);
    expectRef(await ask({ cc: CC_PARTIAL, invoiceIds: ids, downPaymentCents: min - 1, instalments: 1 }), 631);
    expectRef(await ask({ cc: CC_PARTIAL, invoiceIds: ids, downPaymentCents: sum, instalments: 1 }), 632);
    expectRef(await ask({ cc: CC_PARTIAL, invoiceIds: ids, downPaymentCents: min, instalments: 13 }), 633);
    expectRef(
      await ask({ cc: CC_PARTIAL, invoiceIds: ids, downPaymentCents: sum - 100, instalments: 1 }),
      634,
    );
    const plan = suggestedPlan(sum, o.limits);
    expectRef(await ask({ cc: CC_PARTIAL, invoiceIds: ids, ...plan, reason: '  ' }), 635);
    expectRef(
      await ask({ cc: CC_PARTIAL, invoiceIds: ['00000000-0000-4000-8000-000000000000'], ...plan }),
      636,
    );
    expect((await options(CC_PARTIAL)).openRequestId).toBeNull();
  });

  it('follows the limits an administrator sets at /admin/settings', async () => {
    const s = (await w.call('GET', '/api/settings', admin)).json();
    const set = (body: object, version: number) =>
      w.t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { authorization: admin },
        payload: { ...body, version },
      });
    const changed = await set({ agreementMaxInstalments: 2, agreementMinDownPercent: 50 }, s.version);
    expect(changed.statusCode, changed.body).toBe(200);
    const o = await options(CC_PARTIAL);
    expect(o.limits).toMatchObject({ maxInstalments: 2, minDownPercent: 50 });
    const sum = total(o);
    const ids = o.invoices.map((i) => i.id);
    expectRef(
      await ask({ cc: CC_PARTIAL, invoiceIds: ids, downPaymentCents: Math.ceil(sum * 0.2), instalments: 2 }),
      631,
    );
    expectRef(
      await ask({ cc: CC_PARTIAL, invoiceIds: ids, downPaymentCents: Math.ceil(sum / 2), instalments: 3 }),
      633,
    );
    const back = await set(
      { agreementMaxInstalments: 12, agreementMinDownPercent: 20 },
      changed.json().version,
    );
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('an agreement approved, paid and documented (built-in ledger)', () => {
  let requestId: string;
  let asked: Options;

  it('is a request in the residential queue with its request ID; one open per code', async () => {
    asked = await options(CC_PARTIAL);
    const sum = total(asked);
    const res = await ask({
      cc: CC_PARTIAL,
      invoiceIds: asked.invoices.map((i) => i.id),
      ...suggestedPlan(sum, asked.limits),
    });
    expect(res.statusCode, res.body).toBe(201);
    requestId = res.json().requestId;
    expect(res.json()).toMatchObject({ status: 'NEW' });
    expect((await options(CC_PARTIAL)).openRequestId).toBe(requestId);
    expectRef(
      await ask({ cc: CC_PARTIAL, invoiceIds: [asked.invoices[0].id], ...suggestedPlan(sum, asked.limits) }),
      637,
    );
    const queue = await w.call('POST', '/api/contract-requests/search', ana, {
      filters: [{ type: 'TERM', field: 'procedureType', value: 'PAYMENT_AGREEMENT' }],
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().map((r: { requestId: string }) => r.requestId)).toContain(requestId);
    const mine = (await w.call('GET', `/api/contract-requests/${requestId}`, maria)).json();
    expect(mine).toMatchObject({
      procedureType: 'PAYMENT_AGREEMENT',
      clientCode: CC_PARTIAL,
      sector: 'RESIDENTIAL',
    });
    expect(mine.agreement).toMatchObject({ totalCents: sum, approved: null });
    // Someone else's request reads as unknown.
    expect((await w.call('GET', `/api/contract-requests/${requestId}`, jose)).statusCode).toBe(404);
  });

  it('only staff of the sector act; the contract steps and the debt hold do not apply', async () => {
    expect((await approve(requestId, carlos)).statusCode).toBe(404);
    expect((await reject(requestId, carlos, 'No')).statusCode).toBe(404);
    expect((await approve(requestId, maria)).statusCode).toBe(404);
    expect((await approve(requestId, jose)).statusCode).toBe(404);
    const take = await w.call('POST', `/api/contract-requests/${requestId}/transition`, ana, {
      to: 'PENDING',
      answer: 'Estamos revisando su solicitud',
    });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json().status).toBe('PENDING');
    const review = await w.call('POST', `/api/contract-requests/${requestId}/transition`, ana, {
      to: 'REVIEW',
    });
    expect(review.json().status).toBe('REVIEW');
    const sign = await w.call('POST', `/api/contract-requests/${requestId}/transition`, ana, {
      to: 'SIGNATURE_READY',
    });
    expectRef(sign, 437);
    // The document is there once approved.
    expectRef(await w.call('GET', `/api/contract-requests/${requestId}/contract`, maria), 642);
  });

  it('approved with a changed plan: invoices Conveniada (12 online), the items payable on the code', async () => {
    const sum = total(asked);
    const plan = { downPaymentCents: Math.ceil(sum * 0.3), instalments: 2 };
    expectRef(await approve(requestId, ana, { instalments: 99 }), 633);
    const res = await approve(requestId, ana, { ...plan, answer: 'Aprobado en dos cuotas' });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    expect(done).toMatchObject({ status: 'SIGNED', answer: 'Aprobado en dos cuotas', hasContract: true });
    expect(done.agreement.approved).toMatchObject(plan);
    expect(done.agreement.approved.schedule).toHaveLength(3);
    expect(
      done.agreement.approved.schedule.reduce(
        (s: number, i: { amountCents: number }) => s + i.amountCents,
        0,
      ),
    ).toBe(sum);
    expectRef(await approve(requestId, ana), 640);
    expectRef(await reject(requestId, ana, 'tarde'), 640);

    const rows = await invoicesOf(CC_PARTIAL);
    for (const i of asked.invoices) expect(rows.find((r) => r.id === i.id)?.status).toBe('AGREED');
    const items = rows.filter((r) => agreementItemOf(r.number));
    expect(items.map((i) => i.invoicedCents)).toEqual(
      expect.arrayContaining(
        done.agreement.approved.schedule.map((i: { amountCents: number }) => i.amountCents),
      ),
    );
    // The debt is the items now, not the agreed invoices too; an agreed invoice is refused online (12).
    const debt = await w.payments.ctx.commercial.getDebt(CC_PARTIAL);
    expect(debt.totalDebtCents).toBe(sum);
    const refused = await w.call('POST', '/api/payments/invoices', maria, {
      cc: CC_PARTIAL,
      invoiceIds: [asked.invoices[0].id],
      method: 'TRANSFERMOVIL',
      amountCents: asked.invoices[0].dueCents,
    });
    expect(refused.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 12 });
    const page = await w.call('POST', '/api/ahab-requests/invoice-cc', maria, {
      cc: CC_PARTIAL,
      page: 1,
      size: 50,
    });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json() as { number: string; displayStatus: string }[];
    const agreed = shown.filter((i) => asked.invoices.some((a) => a.number === i.number));
    expect(agreed.map((i) => i.displayStatus)).toEqual(asked.invoices.map(() => 'Conveniada'));
    expect(shown.filter((i) => agreementItemOf(i.number)).map((i) => i.displayStatus)).toEqual([
      'Pendiente',
      'Pendiente',
      'Pendiente',
    ]);
  });

  it('the agreement document: parties, invoices, schedule, signatures and a verification code', async () => {
    for (const who of [maria, ana]) {
      const res = await w.call('GET', `/api/contract-requests/${requestId}/contract`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(String(res.headers['content-disposition'])).toContain('convenio-');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Convenio de pago');
      expect(text).toContain(asked.invoices[0].number);
      expect(text).toContain('Pago inicial');
      expect(text).toContain('Cuota 2 de 2');
      expect(text).toContain('Código de verificación');
    }
    expect((await w.call('GET', `/api/contract-requests/${requestId}/contract`, jose)).statusCode).toBe(404);
    const { contractCode } = (await w.call('GET', `/api/contract-requests/${requestId}`, maria)).json();
    const verified = await w.call('GET', `/api/ahab-requests/verify-document/${contractCode}`);
    expect(verified.json()).toMatchObject({ valid: true, cc: CC_PARTIAL });
  });

  it('paying the first instalment (the down payment) settles exactly once', async () => {
    const open = await openInvoices(w, CC_PARTIAL);
    const first = open.find((i) => agreementItemOf(i.number)?.n === 0)!;
    expect(first).toBeDefined();
    const res = await w.call('POST', '/api/payments/invoices', maria, {
      cc: CC_PARTIAL,
      invoiceIds: [first.id],
      method: 'TRANSFERMOVIL',
      amountCents: first.dueCents,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    await w.tmApprove(created.transactionCode);
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    await w.payments.reconcileOnce({ olderThanMs: 0 });
    const got = (await w.call('GET', `/api/payments/${created.paymentId}`, maria)).json();
    expect(got).toMatchObject({ status: 'PAYED', resultCode: 2 });
    const ledger = await w.t.database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.paymentId, created.paymentId));
    expect(ledger).toHaveLength(1);
    const [item] = await w.t.database.db.select().from(invoices).where(eq(invoices.id, first.id));
    expect(item).toMatchObject({ status: 'PAID', paidCents: first.dueCents });
    const again = await w.call('POST', '/api/payments/invoices', maria, {
      cc: CC_PARTIAL,
      invoiceIds: [first.id],
      method: 'TRANSFERMOVIL',
      amountCents: first.dueCents,
    });
    expect(again.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 3 });
  });

  it('once every item is paid, the invoices it covers are paid too', async () => {
    const items = (await openInvoices(w, CC_PARTIAL)).filter((i) => agreementItemOf(i.number));
    const ledger = w.payments.ctx.commercial;
    await w.t.database.db.transaction(async (tx) => {
      for (const [k, i] of items.entries())
        await ledger.applyPayment(tx, {
          cc: CC_PARTIAL,
          invoiceIds: [i.id],
          amountCents: i.dueCents,
          paymentId: `00000000-0000-4000-8000-00000000000${k}`,
          method: 'TEST',
        });
    });
    const rows = await invoicesOf(CC_PARTIAL);
    for (const i of asked.invoices) expect(rows.find((r) => r.id === i.id)?.status).toBe('PAID');
    expect((await ledger.getDebt(CC_PARTIAL)).totalDebtCents).toBe(0);
  });
});

describe('an agreement rejected', () => {
  it('needs a reason; the request is annulled with it and the invoices stay as they were', async () => {
    const o = await options(CC_AGREED);
    const res = await ask({
      cc: CC_AGREED,
      invoiceIds: o.invoices.map((i) => i.id),
      ...suggestedPlan(total(o), o.limits),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().requestId;
    expectRef(await reject(id, ana, '   '), 639);
    const done = await reject(id, ana, 'Tiene un convenio vigente en la oficina');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'ANNULLED',
      annulReason: 'Tiene un convenio vigente en la oficina',
    });
    expectRef(await approve(id, ana), 640);
    expect((await invoicesOf(CC_AGREED)).filter((r) => agreementItemOf(r.number))).toHaveLength(0);
    const still = await options(CC_AGREED);
    expect(still.invoices.map((i) => i.id).sort()).toEqual(o.invoices.map((i) => i.id).sort());
    expect(still.openRequestId).toBeNull();
  });
});

describe('with a commercial system over HTTP (no applyAgreement)', () => {
  it('records the approval and leaves the invoices as the system reports them', async () => {
    const db = w.t.database.db;
    const ledger = createLedgerCommercialSystem(db);
    const { applyAgreement: _left, ...http } = ledger;
    const requests = createContractRequestsService({
      db,
      repo: createContractRequestsRepository(db),
      commercial: { ...http, kind: 'http' },
      clientCodePattern: '^\\d{13}$',
      publicUrl: 'http://localhost',
      storage: { put: async () => {}, get: async () => null },
    });
    const o = await options(CC_AGREED);
    const asked = await ask({
      cc: CC_AGREED,
      invoiceIds: o.invoices.map((i) => i.id),
      ...suggestedPlan(total(o), o.limits),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [anaRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, STAFF));
    const staff = (await loadPrincipal(db, anaRow.id, 'ahab'))!;
    const done = await requests.approveAgreement(staff, asked.json().requestId, {});
    expect(done.status).toBe('SIGNED');
    expect(done.agreement?.approved?.schedule.length).toBeGreaterThan(1);
    const rows = await db.select().from(invoices).where(like(invoices.number, 'CV-%'));
    expect(rows.filter((r) => r.cc === CC_AGREED)).toHaveLength(0);
    const after = await invoicesOf(CC_AGREED);
    for (const i of o.invoices) expect(after.find((r) => r.id === i.id)?.status).not.toBe('AGREED');
  });
});
