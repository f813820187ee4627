import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES, demoInvoiceNumber } from '@ov/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, ESCUELA, JOSE, MARIA, NO_INVOICE_STAFF, STAFF } from '../../test/billing-world';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let maria: ReturnType<typeof caller>;
let jose: ReturnType<typeof caller>;
let staff: ReturnType<typeof caller>;
let noInvoiceStaff: ReturnType<typeof caller>;
const [MARIA_1, MARIA_2] = DEMO_LINKED_CODES.filter((c) => c.email === MARIA).map((c) => c.cc);
const JOSE_CC = DEMO_LINKED_CODES.find((c) => c.email === JOSE)!.cc;
const ESCUELA_CC = DEMO_LINKED_CODES.find((c) => c.email === ESCUELA)!.cc;

beforeAll(async () => {
  t = await createTestApp();
  const as = async (email: string) => caller(t.app, (await t.login(email, DEMO_PASSWORD)).authorization);
  [maria, jose, staff, noInvoiceStaff] = await Promise.all([MARIA, JOSE, STAFF, NO_INVOICE_STAFF].map(as));
});
afterAll(() => t.close());

describe('a customer’s codes and debts', () => {
  it('lists María’s two codes with holder, address, debt and balance', async () => {
    const res = await maria.post('my-ccs');
    expect(res.statusCode).toBe(200);
    const codes = res.json();
    expect(codes.map((c: { cc: string }) => c.cc).sort()).toEqual([MARIA_1, MARIA_2]);
    for (const c of codes) {
      expect(c.holder).toBe('María Pérez González');
      expect(c.municipality).toBe('Plaza de la Revolución');
      expect(c.address).toMatch(/No\. \d+, e\/ .+ y .+/);
      expect(c.totalDebtCents).toBeGreaterThan(0);
    }
  });

  it('gives the debt of each associated code, defaulting to all of them', async () => {
    const all = (await maria.post('debts-ccs', {})).json();
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ cc: expect.any(String), totalDebtCents: expect.any(Number) });
    expect(
      all.every((d: { pendingInvoices: number; oldestDue: string }) => d.pendingInvoices > 0 && d.oldestDue),
    ).toBe(true);
    const one = (await maria.post('debts-ccs', { ccs: [MARIA_2] })).json();
    expect(one).toHaveLength(1);
    expect(one[0].agreedInvoices).toBe(2);
  });

  it('answers José: fully paid, with an advance balance', async () => {
    expect((await jose.post('total-debt', { cc: JOSE_CC })).json()).toEqual({
      cc: JOSE_CC,
      totalDebtCents: 0,
      pendingInvoices: 0,
    });
    expect((await jose.post('advance-balance', { cc: JOSE_CC })).json().balanceCents).toBeGreaterThan(0);
  });

  it('refuses another customer’s code with 498 on every call (IDOR)', async () => {
    for (const [url, body] of [
      ['debts-ccs', { ccs: [JOSE_CC] }],
      ['invoice-cc', { cc: JOSE_CC }],
      ['total-debt', { cc: JOSE_CC }],
      ['advance-balance', { cc: JOSE_CC }],
      ['consumption', { cc: JOSE_CC }],
      ['account-summary', { cc: JOSE_CC }],
      ['debts-invoice', { cc: JOSE_CC, invoiceId: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const res = await maria.post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ name: 'BADREQUESTERROR', reference: 498 });
    }
    const inv = (await jose.post('invoice-cc', { cc: JOSE_CC, size: 1 })).json()[0];
    expect((await maria.post('debts-invoice', { cc: MARIA_1, invoiceId: inv.id })).json()).toMatchObject({
      name: 'NOTFOUND',
      reference: 415,
    });
    expect((await maria.get(`invoices/${inv.id}/receipt.pdf`)).json().reference).toBe(498);
    expect((await maria.get(`contract/${JOSE_CC}.pdf`)).json().reference).toBe(498);
  });

  it('refuses a badly formed code with 357', async () => {
    const res = await maria.post('total-debt', { cc: '12ab' });
    expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 357 });
  });
});

describe('invoices of a code', () => {
  it('pages newest first with the total in x-total-count', async () => {
    const res = await maria.post('invoice-cc', { cc: MARIA_1, page: 1, size: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('12');
    const rows = res.json();
    expect(rows).toHaveLength(5);
    expect(rows[0].issuedOn >= rows[1].issuedOn).toBe(true);
    expect(rows[0].number).toBe(demoInvoiceNumber(MARIA_1, 12));
    const last = (await maria.post('invoice-cc', { cc: MARIA_1, page: 3, size: 5 })).json();
    expect(last).toHaveLength(2);
  });

  it('filters by display status and issue date range', async () => {
    const partial = await maria.post('invoice-cc', { cc: MARIA_1, filters: { status: ['Pago Parcial'] } });
    expect(partial.headers['x-total-count']).toBe('1');
    expect(partial.json()[0]).toMatchObject({ displayStatus: 'Pago Parcial', partial: true });
    expect(partial.json()[0].toPayCents).toBe(partial.json()[0].invoicedCents - partial.json()[0].paidCents);
    const agreed = (
      await maria.post('invoice-cc', { cc: MARIA_2, filters: { status: ['Conveniada'] } })
    ).json();
    expect(agreed.map((i: { displayStatus: string }) => i.displayStatus)).toEqual([
      'Conveniada',
      'Conveniada',
    ]);
    const all = (await maria.post('invoice-cc', { cc: MARIA_1, size: 12 })).json();
    const from = all[3].issuedOn;
    const to = all[1].issuedOn;
    const ranged = await maria.post('invoice-cc', { cc: MARIA_1, filters: { from, to } });
    expect(ranged.headers['x-total-count']).toBe('3');
  });

  it('shows all five display states across the demo ledger', async () => {
    const seen = new Set<string>();
    for (const cc of [MARIA_1, MARIA_2, JOSE_CC, ESCUELA_CC]) {
      for (const i of (await staff.post('invoice-cc', { cc, size: 12 })).json()) seen.add(i.displayStatus);
    }
    expect([...seen].sort()).toEqual(['Conveniada', 'Pagada', 'Pago Parcial', 'Pendiente', 'Procesando']);
  });

  it('details one invoice with the payments applied to it', async () => {
    const paid = (
      await jose.post('invoice-cc', { cc: JOSE_CC, filters: { status: ['Pagada'] }, size: 1 })
    ).json()[0];
    const res = await jose.post('debts-invoice', { cc: JOSE_CC, invoiceId: paid.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: paid.id,
      holder: 'José Fernández Díaz',
      displayStatus: 'Pagada',
      toPayCents: 0,
    });
    expect(res.json().payments[0]).toMatchObject({ amountCents: paid.invoicedCents, kind: 'CC' });
  });

  it('gives the last 12 periods of consumption, oldest first', async () => {
    const points = (await maria.post('consumption', { cc: MARIA_1 })).json();
    expect(points).toHaveLength(12);
    expect(points[0].periodFrom < points[11].periodFrom).toBe(true);
    expect(points[11]).toMatchObject({
      invoicedCents: expect.any(Number),
      period: points[11].periodFrom.slice(0, 7),
    });
  });
});

describe('staff', () => {
  it('reaches any code with INVOICE:READ, and sees the full holder', async () => {
    expect((await staff.post('total-debt', { cc: MARIA_1 })).statusCode).toBe(200);
    const v = (await staff.post('validate-ccs', { cc: MARIA_1 })).json();
    expect(v.holder).toBe('María Pérez González');
  });

  it('refuses staff without INVOICE:READ with 452', async () => {
    expect((await noInvoiceStaff.post('total-debt', { cc: MARIA_1 })).json()).toMatchObject({
      reference: 452,
    });
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/billing/accounts/search',
      headers: { authorization: (await t.login(NO_INVOICE_STAFF, DEMO_PASSWORD)).authorization },
      payload: {},
    });
    expect(search.statusCode).toBe(403);
  });

  it('looks accounts up by exact code or by holder name, paged', async () => {
    const auth = (await t.login(STAFF, DEMO_PASSWORD)).authorization;
    const search = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/accounts/search',
        headers: { authorization: auth },
        payload,
      });
    const byCc = await search({ search: MARIA_1 });
    expect(byCc.headers['x-total-count']).toBe('1');
    expect(byCc.json()[0]).toMatchObject({ cc: MARIA_1, associated: true });
    const byName = await search({ search: 'pérez gonzález', size: 5 });
    expect(Number(byName.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const all = await search({ size: 10 });
    expect(all.headers['x-total-count']).toBe('300');
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/billing/accounts/search',
      headers: { authorization: (await t.login(MARIA, DEMO_PASSWORD)).authorization },
      payload: {},
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe('validating codes', () => {
  it('masks the holder for someone who does not own the code', async () => {
    const free = DEMO_UNLINKED_CODES[0];
    const res = await maria.post('validate-ccs', { cc: free.cc });
    expect(res.json()).toMatchObject({
      cc: free.cc,
      valid: true,
      active: true,
      holder: 'R*** G*** A***',
      associated: false,
    });
    expect((await jose.post('validate-ccs', { cc: JOSE_CC })).json().holder).toBe('José Fernández Díaz');
  });

  it('answers 357 for a bad format, result code 5 for an unknown code, active=false for an inactive one', async () => {
    expect((await maria.post('validate-ccs', { cc: '123' })).json()).toMatchObject({ reference: 357 });
    const unknown = await maria.post('validate-ccs', { cc: '9999999999999' });
    expect(unknown.statusCode).toBe(400);
    // The spec's meaning for it (result code 5), as the pay path answers, not the generic NOTFOUND 415.
    expect(unknown.json()).toMatchObject({
      name: 'PAYMENTRESULT',
      reference: 5,
      message: 'El código de cliente no existe',
    });
    expect((await staff.post('validate-ccs', { cc: '9999999999999' })).json().reference).toBe(5);
    expect((await maria.post('validate-ccs', { cc: DEMO_UNLINKED_CODES[4].cc })).json().active).toBe(false);
  });

  it('summarises one code: 854 inactive, 357 other type, else the account', async () => {
    expect((await staff.post('account-summary', { cc: DEMO_UNLINKED_CODES[4].cc })).json().reference).toBe(
      854,
    );
    expect((await maria.post('account-summary', { cc: MARIA_1, clientType: 'STATE' })).json().reference).toBe(
      357,
    );
    const ok = (await maria.post('account-summary', { cc: MARIA_1, clientType: 'RESIDENTIAL' })).json();
    expect(ok).toMatchObject({
      cc: MARIA_1,
      active: true,
      contractNumber: 'CT-2019-000101',
      municipalityPk: 2,
    });
  });
});
