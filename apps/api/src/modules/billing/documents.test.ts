import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES } from '@ov/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, JOSE, MARIA, pdfText, STAFF } from '../../test/billing-world';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { createDocumentsRepository } from './documents.repository';
import { createBillingDocuments } from './documents.service';
import { createLedgerCommercialSystem } from './ledger';

let t: TestApp;
let maria: ReturnType<typeof caller>;
let jose: ReturnType<typeof caller>;
let staff: ReturnType<typeof caller>;
const MARIA_1 = DEMO_LINKED_CODES[0].cc;
const JOSE_CC = DEMO_LINKED_CODES[2].cc;

beforeAll(async () => {
  t = await createTestApp();
  const as = async (email: string) => caller(t.app, (await t.login(email, DEMO_PASSWORD)).authorization);
  [maria, jose, staff] = await Promise.all([MARIA, JOSE, STAFF].map(as));
});
afterAll(() => t.close());

const paidInvoice = async (who: ReturnType<typeof caller>, cc: string) =>
  (await who.post('invoice-cc', { cc, filters: { status: ['Pagada'] }, size: 1 })).json()[0];

describe('documents', () => {
  it('gives the receipt of a paid invoice as a PDF with holder, code, amount and a verification code', async () => {
    const inv = await paidInvoice(jose, JOSE_CC);
    const res = await jose.get(`invoices/${inv.id}/receipt.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Aguas de La Habana — Oficina Virtual');
    expect(text).toContain('Comprobante de pago de factura');
    expect(text).toContain('José Fernández Díaz');
    expect(text).toContain(JOSE_CC);
    expect(text).toMatch(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    const code = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text)![1];
    const check = await t.app.inject({ method: 'GET', url: `/api/ahab-requests/verify-document/${code}` });
    expect(check.json()).toMatchObject({
      valid: true,
      kind: 'INVOICE_RECEIPT',
      cc: JOSE_CC,
      holder: 'J*** F*** D***',
      subject: inv.number,
    });
    const bogus = await t.app.inject({
      method: 'GET',
      url: '/api/ahab-requests/verify-document/AAAA-BBBB-CCCC-DDDD',
    });
    expect(bogus.json()).toEqual({ valid: false });
  });

  it('writes the receipt in English when asked', async () => {
    const inv = await paidInvoice(jose, JOSE_CC);
    const text = await pdfText(
      (await jose.get(`invoices/${inv.id}/receipt.pdf`, { 'accept-language': 'en' })).rawPayload,
    );
    expect(text).toContain('Invoice payment receipt');
    expect(text).toContain('Holder');
  });

  it('gives the receipt of a ledger payment by its payment id, and 461 for an unknown one', async () => {
    const inv = await paidInvoice(jose, JOSE_CC);
    const detail = (await jose.post('debts-invoice', { cc: JOSE_CC, invoiceId: inv.id })).json();
    const res = await jose.get(`receipt/${detail.payments[0].paymentId}.pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Comprobante de pago');
    expect(text).toContain(inv.number);
    expect((await maria.get(`receipt/${detail.payments[0].paymentId}.pdf`)).json().reference).toBe(498);
    const unknown = await jose.get('receipt/00000000-0000-4000-8000-000000000001.pdf');
    expect(unknown.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 461 });
  });

  it('answers 855 for the receipt of an invoice with nothing paid', async () => {
    const pending = (
      await maria.post('invoice-cc', { cc: MARIA_1, filters: { status: ['Pendiente'] }, size: 1 })
    ).json()[0];
    expect((await maria.get(`invoices/${pending.id}/receipt.pdf`)).json().reference).toBe(855);
    expect(
      (await maria.get('invoices/00000000-0000-4000-8000-000000000002/receipt.pdf')).json().reference,
    ).toBe(415);
  });

  it('gives the contract to its owner and to staff', async () => {
    const res = await maria.get(`contract/${MARIA_1}.pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('María Pérez González');
    expect(text).toContain('CT-2019-000101');
    expect(text).toContain(MARIA_1);
    expect((await staff.get(`contract/${MARIA_1}.pdf`)).statusCode).toBe(200);
  });

  it('answers 459 without a contract on file and 854 for an inactive account', async () => {
    expect((await staff.get(`contract/${DEMO_UNLINKED_CODES[3].cc}.pdf`)).json().reference).toBe(459);
    expect((await staff.get(`contract/${DEMO_UNLINKED_CODES[4].cc}.pdf`)).json().reference).toBe(854);
  });

  it('turns a rendering failure into 460', async () => {
    const db = t.database.db;
    const docs = createBillingDocuments({
      repo: createDocumentsRepository(db),
      commercial: createLedgerCommercialSystem(db),
      secret: 'x'.repeat(32),
      publicUrl: 'http://localhost',
      renderers: {
        receipt: async () => {
          throw new Error('font missing');
        },
        contract: async () => {
          throw new Error('font missing');
        },
      },
    });
    const inv = await paidInvoice(jose, JOSE_CC);
    const detail = (await jose.post('debts-invoice', { cc: JOSE_CC, invoiceId: inv.id })).json();
    await expect(docs.paymentReceipt(detail.payments[0].paymentId, 'es')).rejects.toMatchObject({
      name: 'BADREQUESTERROR',
      reference: 460,
    });
  });
});
