import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestPaymentMails, ledgerPayments, mailOutbox } from '../../db/schema';
import { REFERENCE_TOKEN, startReference, type TestReference } from '../../test/commercial-reference';
import {
  CC_AGREED,
  CC_PARTIAL,
  eventually,
  MARIA,
  openInvoices,
  type PaymentsWorld,
  STAFF,
  startPaymentsWorld,
} from '../../test/payments-world';

/** Roberto's code: not linked to anyone, with debt; the proof is on his paper invoice. */
const CC_GUEST = '2300000000006';
const CONTRACT_GUEST = 'CT-2021-000106';
const CC_INACTIVE = '2300000000010';

let ipSeq = 0;
/** Each test calls from its own address unless it says otherwise (the per-address budget is shared). */
const newIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function guestCalls(w: PaymentsWorld) {
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown, ip = newIp()) =>
    w.t.app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    send,
    lookup: (cc: string, proof: string, ip?: string) =>
      send('POST', '/api/guest-payments/lookup', { cc, proof }, ip),
    pay: (body: Record<string, unknown>, ip?: string) => send('POST', '/api/guest-payments', body, ip),
    status: (id: string, token: string) => send('GET', `/api/guest-payments/${id}?token=${token}`),
    receipt: (id: string, token: string) =>
      send('GET', `/api/guest-payments/${id}/receipt.pdf?token=${token}`),
  };
}

describe('pay without an account (built-in ledger)', () => {
  let w: PaymentsWorld;
  let g: ReturnType<typeof guestCalls>;

  beforeAll(async () => {
    w = await startPaymentsWorld();
    g = guestCalls(w);
  }, 60_000);
  afterAll(() => w?.close());

  const mailsTo = (to: string) =>
    w.t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'guest-payment-receipt')));

  it('a code and its contract number (or a recent invoice number) open the invoices, total and initials only', async () => {
    const res = await g.lookup(CC_GUEST, CONTRACT_GUEST);
    expect(res.statusCode, res.body).toBe(200);
    const debt = res.json();
    const open = await openInvoices(w, CC_GUEST);
    expect(debt).toMatchObject({ cc: CC_GUEST, holder: 'R. G. A.', methods: ['ENZONA', 'TRANSFERMOVIL'] });
    expect(debt.invoices).toHaveLength(open.length);
    expect(debt.totalCents).toBe(open.reduce((s, i) => s + i.dueCents, 0));
    expect(debt.payableCents).toBe(debt.totalCents);
    // Nothing else of the account: not the name, not the address, not the contract.
    expect(res.body).not.toMatch(/Roberto|Gómez|Alfonso|CT-2021|address|municipality/i);
    const newest = await w.payments.ctx.commercial.latestInvoiceNumbers(CC_GUEST, 1);
    const byInvoice = await g.lookup(CC_GUEST, newest[0]);
    expect(byInvoice.statusCode).toBe(200);
    expect(byInvoice.json().holder).toBe('R. G. A.');
  });

  it('a wrong proof answers exactly as an unknown code (and an inactive one) does', async () => {
    const wrong = await g.lookup(CC_GUEST, 'CT-0000-000000');
    const unknown = await g.lookup('2399999999999', CONTRACT_GUEST);
    const inactive = await g.lookup(CC_INACTIVE, 'CT-2014-000110');
    for (const r of [wrong, unknown, inactive]) {
      expect(r.statusCode).toBe(400);
      expect(r.body).toBe(wrong.body);
    }
    expect(wrong.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 620 });
    expect((await g.pay({ cc: CC_GUEST, proof: 'nope', method: 'ENZONA', amountCents: 100 })).body).toBe(
      wrong.body,
    );
    // A malformed code is a format error (it proves nothing about any account).
    expect((await g.lookup('12', 'x')).json().reference).toBe(357);
  });

  it('throttled per address: 10 failures in 15 minutes, then 429 even for a right proof; others unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const r = await g.lookup(`23999999990${String(i).padStart(2, '0')}`, 'x', ip);
      expect(r.json().reference).toBe(620);
    }
    const blocked = await g.lookup(CC_GUEST, CONTRACT_GUEST, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await g.lookup(CC_GUEST, CONTRACT_GUEST)).statusCode).toBe(200);
  });

  it('throttled per address: 30 checks in 15 minutes (validate-ccs’s budget), right proofs included', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await g.lookup(CC_GUEST, CONTRACT_GUEST, ip)).statusCode).toBe(200);
    expect((await g.lookup(CC_GUEST, CONTRACT_GUEST, ip)).statusCode).toBe(429);
  });

  it('throttled per code: 10 wrong proofs from anywhere close the guest door of that code, never the holder’s account', async () => {
    for (let i = 0; i < 10; i++) expect((await g.lookup(CC_AGREED, `WRONG-${i}`)).json().reference).toBe(620);
    expect((await g.lookup(CC_AGREED, 'CT-2020-000102')).statusCode).toBe(429);
    // An unknown code is counted the same way (its door closes too): nothing tells them apart.
    for (let i = 0; i < 10; i++) await g.lookup('2399999999998', `WRONG-${i}`);
    expect((await g.lookup('2399999999998', 'x')).statusCode).toBe(429);
    // María, the holder, signs in and pays as always.
    const maria = await w.auth(MARIA);
    const inv = (await openInvoices(w, CC_AGREED)).find((i) => i.displayStatus === 'Pendiente')!;
    const res = await w.call('POST', '/api/payments/invoices', maria, {
      cc: CC_AGREED,
      invoiceIds: [inv.id],
      method: 'TRANSFERMOVIL',
      amountCents: inv.dueCents,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('EnZona: a guest pays, returns to the guest result page, downloads the receipt; settled once; the holder and staff see it', async () => {
    const [inv] = await openInvoices(w, CC_PARTIAL);
    const res = await g.pay({
      cc: CC_PARTIAL,
      proof: 'CT-2019-000101',
      method: 'ENZONA',
      invoiceIds: [inv.id],
      amountCents: inv.dueCents,
      email: 'Hijo@Example.cu',
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      status: 'PENDING',
      type: 'CC',
      method: 'ENZONA',
      amountCents: inv.dueCents,
    });
    expect(created.receiptToken).toMatch(/^[\w-]{20,}$/);
    const row = await w.row(created.paymentId);
    expect(row).toMatchObject({ userId: null, guestEmail: 'hijo@example.cu', guestLanguage: 'en' });
    // Nothing to download before it is paid; a wrong token is a payment that does not exist.
    expect((await g.receipt(created.paymentId, created.receiptToken)).json().reference).toBe(855);
    expect((await g.status(created.paymentId, 'x'.repeat(32))).statusCode).toBe(404);

    const location = await w.enzonaApprove(row.gatewayRef!);
    const back = new URL(location!, 'http://x');
    expect(back.pathname).toBe('/oficina_virtual/pagar/resultado');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      paymentId: created.paymentId,
      token: created.receiptToken,
      result: '2',
      status: 'PAYED',
    });
    // Replayed return: the same answer, settled once, applied once.
    const again = await fetch(`${w.apiUrl}/api/payments/enzona/return?transaction_uuid=${row.gatewayRef}`, {
      redirect: 'manual',
    });
    expect(again.headers.get('location')).toBe(location);
    const outcomes = (await w.events(created.paymentId)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'SETTLED')).toHaveLength(1);
    const applied = await w.t.database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.paymentId, created.paymentId));
    expect(applied).toHaveLength(1);

    const status = await g.status(created.paymentId, created.receiptToken);
    expect(status.json()).toMatchObject({ status: 'PAYED', resultCode: 2, emailed: true, invoiceCount: 1 });
    const pdf = await g.receipt(created.paymentId, created.receiptToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // One confirmation, in the language chosen, with the receipt's capability and no typed text.
    const [mail, ...more] = await mailsTo('hijo@example.cu');
    expect(more).toHaveLength(0);
    expect(mail.subject).toMatch(/^Payment received: /);
    expect(mail.text).toContain(`/oficina_virtual/pagar/resultado?paymentId=${created.paymentId}`);
    expect(mail.text).toContain(`token=${created.receiptToken}`);

    // The holder's record and staff's record show it, as a payment without an account.
    const maria = await w.auth(MARIA);
    const mine = await w.call('POST', '/api/payments/search', maria, { filters: [], page: 1, size: 50 });
    const seen = mine.json().find((p: any) => p.id === created.paymentId);
    expect(seen).toMatchObject({ guest: true, userId: null, status: 'PAYED' });
    expect((await w.call('GET', `/api/payments/${created.paymentId}`, maria)).statusCode).toBe(200);
    expect((await w.call('GET', `/api/payments/${created.paymentId}/receipt.pdf`, maria)).statusCode).toBe(
      200,
    );
    const staff = await w.auth(STAFF);
    const all = await w.call('POST', '/api/payments/search', staff, {
      filters: [{ type: 'TERM', field: 'cc', value: CC_PARTIAL }],
      page: 1,
      size: 50,
    });
    expect(all.json().find((p: any) => p.id === created.paymentId)).toMatchObject({ guest: true });
    // Someone else's customer does not.
    const hotel = await w.auth('hotel.nacional@example.cu');
    expect((await w.call('GET', `/api/payments/${created.paymentId}`, hotel)).statusCode).toBe(404);
  });

  it('Transfermóvil: the whole payable debt, settled once through the bank’s notification; one e-mail per address, code and month', async () => {
    const lookup = (await g.lookup(CC_GUEST, CONTRACT_GUEST)).json();
    const pay = async (amountCents: number, invoiceIds?: string[]) => {
      const r = await g.pay({
        cc: CC_GUEST,
        proof: CONTRACT_GUEST,
        method: 'TRANSFERMOVIL',
        amountCents,
        ...(invoiceIds ? { invoiceIds } : {}),
        email: 'nieta@example.cu',
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json();
    };
    // The oldest invoice first, then the rest (no invoice chosen = every payable one left).
    const oldest = lookup.invoices.at(-1);
    const first = await pay(oldest.dueCents, [oldest.id]);
    expect(first.transactionCode).toBeTruthy();
    await w.tmApprove(first.transactionCode);
    await eventually('first settled', async () => (await w.row(first.paymentId)).status === 'PAYED');
    const second = await pay(lookup.payableCents - oldest.dueCents);
    await w.tmApprove(second.transactionCode);
    const done = await eventually('second settled', async () => {
      const s = (await g.status(second.paymentId, second.receiptToken)).json();
      return s.status === 'PAYED' && s;
    });
    expect(done.invoiceCount).toBe(lookup.invoices.length - 1);
    for (const p of [first, second]) {
      const outcomes = (await w.events(p.paymentId)).map((e) => e.outcome);
      expect(outcomes.filter((o) => o === 'SETTLED')).toHaveLength(1);
    }
    expect((await g.lookup(CC_GUEST, CONTRACT_GUEST)).json()).toMatchObject({ totalCents: 0, invoices: [] });
    // Two payments, one confirmation to that address for that code this month.
    expect(await mailsTo('nieta@example.cu')).toHaveLength(1);
    const claims = await w.t.database.db
      .select()
      .from(guestPaymentMails)
      .where(eq(guestPaymentMails.email, 'nieta@example.cu'));
    expect(claims).toEqual([expect.objectContaining({ cc: CC_GUEST, paymentId: first.paymentId })]);
    // Nothing left: a new payment is the spec's "already paid" (3).
    const none = await g.pay({ cc: CC_GUEST, proof: CONTRACT_GUEST, method: 'ENZONA', amountCents: 100 });
    expect(none.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 3 });
  });

  it('bad input changes nothing: a proof of another code 620, a wrong amount 13, an unknown invoice 7', async () => {
    const hotelInv = (await openInvoices(w, '2300000000004'))[0];
    const hotel = { cc: '2300000000004', proof: 'CT-2015-000104', method: 'ENZONA' };
    const otherProof = await g.pay({ ...hotel, proof: 'CT-2019-000101', amountCents: hotelInv.dueCents });
    expect(otherProof.json().reference).toBe(620);
    const wrongAmount = await g.pay({
      ...hotel,
      invoiceIds: [hotelInv.id],
      amountCents: hotelInv.dueCents + 1,
    });
    expect(wrongAmount.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 13 });
    const unknown = await g.pay({ ...hotel, invoiceIds: ['no-such'], amountCents: 100 });
    expect(unknown.json()).toMatchObject({ name: 'PAYMENTRESULT', reference: 7 });
    expect((await openInvoices(w, '2300000000004'))[0]).toEqual(hotelInv);
  });
});

describe('pay without an account (COMMERCIAL_SYSTEM=http, reference system)', () => {
  let ref: TestReference;
  let w: PaymentsWorld;

  beforeAll(async () => {
    ref = await startReference();
    w = await startPaymentsWorld({
      COMMERCIAL_SYSTEM: 'http',
      COMMERCIAL_SYSTEM_URL: ref.url,
      COMMERCIAL_SYSTEM_TOKEN: REFERENCE_TOKEN,
      COMMERCIAL_TIMEOUT_MS: '1000',
    });
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    await ref?.close();
  });

  it('the same path: proof, Transfermóvil, settled once, posted to the system once', async () => {
    const g = guestCalls(w);
    expect((await g.lookup(CC_GUEST, 'CT-0000-000000')).json().reference).toBe(620);
    const res = await g.lookup(CC_GUEST, CONTRACT_GUEST);
    expect(res.statusCode, res.body).toBe(200);
    const debt = res.json();
    expect(debt.holder).toBe('R. G. A.');
    const inv = debt.invoices.at(-1);
    const paid = await g.pay({
      cc: CC_GUEST,
      proof: CONTRACT_GUEST,
      method: 'TRANSFERMOVIL',
      invoiceIds: [inv.id],
      amountCents: inv.dueCents,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const created = paid.json();
    await w.tmApprove(created.transactionCode);
    await eventually('settled', async () => (await w.row(created.paymentId)).status === 'PAYED');
    const outcomes = (await w.events(created.paymentId)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'SETTLED')).toHaveLength(1);
    await w.t.container.postings.postOnce();
    expect(await ref.postingsOf(created.paymentId)).toHaveLength(1);
    const status = (await g.status(created.paymentId, created.receiptToken)).json();
    expect(status).toMatchObject({ status: 'PAYED', resultCode: 2 });
  });
});
