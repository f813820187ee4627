import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from './check/contract';
import { type Answer, ccPayment, startReference } from './test-helpers';

let ref: Awaited<ReturnType<typeof startReference>>;
const contract = loadContract();
beforeAll(async () => {
  ref = await startReference();
});
afterAll(() => ref?.close());
afterEach(() => ref.faults.reset());

const conforms = (a: Answer, method: string, path: string) =>
  expect(contract.validate(method, path, a.status, a.body)).toEqual([]);

/** A fresh account with three OPEN invoices (1000, 1111, 1222 cents) and nothing else. */
async function freshAccount() {
  const key = `acc-${randomUUID()}`;
  const created = await ref.api.post(
    '/v1/accounts',
    {
      requestId: key,
      sector: 'RESIDENTIAL',
      holderName: 'Cliente de prueba',
      nationalId: '85010112345',
      address: 'Calle 23 No. 5',
      municipality: 2,
      contractNumber: 'CT-T-1',
      policy: 'POL-T-1',
    },
    key,
  );
  const cc = created.body.cc as string;
  for (const amountCents of [1000, 1111, 1222]) await ref.ledger.issueNextInvoice(cc, { amountCents });
  const page = await ref.api.get(`/v1/accounts/${cc}/invoices?status=open`);
  return { cc, invoices: page.body.rows as { invoiceNumber: string; dueCents: number }[] };
}

async function eventsOf(cc: string) {
  const page = await ref.api.get('/v1/changes?limit=500');
  let events = page.body.events as { type: string; cc: string; invoiceNumber?: string; cursor: string }[];
  let next = page.body.next;
  for (;;) {
    const more = await ref.api.get(`/v1/changes?limit=500&after=${next}`);
    if (!more.body.events.length) break;
    events = [...events, ...more.body.events];
    next = more.body.next;
  }
  return events.filter((e) => e.cc === cc);
}

describe('the demo data', () => {
  it('answers the portal demo codes with their debts (2300000000001: two OPEN and one PARTIAL invoice)', async () => {
    const a = await ref.api.get('/v1/accounts/2300000000001');
    conforms(a, 'GET', '/v1/accounts/{cc}');
    expect(a.body).toMatchObject({
      cc: '2300000000001',
      holderName: 'María Pérez González',
      openInvoiceCount: 3,
    });
    const inactive = await ref.api.get('/v1/accounts/2300000000010');
    expect(inactive.body.active).toBe(false);
    const agreed = await ref.api.get('/v1/accounts/2300000000002/invoices?status=open&size=100');
    expect(agreed.body.rows.filter((r: { status: string }) => r.status === 'AGREED')).toHaveLength(2);
  });
});

describe('the contract document', () => {
  it('is served at /openapi.yaml without a token', async () => {
    const { status, html } = await ref.api.page('/openapi.yaml');
    expect(status).toBe(200);
    expect(html).toContain('openapi: 3.1.0');
  });
});

describe('idempotency', () => {
  it('twenty identical payments at once: one 201, one postingId, applied once, one event', async () => {
    const { cc, invoices } = await freshAccount();
    const key = randomUUID();
    const body = ccPayment(key, cc, invoices[0]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ref.api.post('/v1/payments', body, key)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body.postingId)).size).toBe(1);
    const invoice = await ref.api.get(`/v1/accounts/${cc}/invoices/${invoices[0].invoiceNumber}`);
    expect(invoice.body).toMatchObject({ status: 'PAID', paidCents: invoices[0].dueCents, dueCents: 0 });
    expect(await ref.ledger.postings({ key })).toHaveLength(1);
    const recorded = (await eventsOf(cc)).filter((e) => e.type === 'PAYMENT_RECORDED');
    expect(recorded).toHaveLength(1);
  });

  it('different keys for one invoice at once: one applies, the others are ALREADY_PAID', async () => {
    const { cc, invoices } = await freshAccount();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => {
        const key = randomUUID();
        return ref.api.post('/v1/payments', ccPayment(key, cc, invoices[1]), key);
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.reason)).toEqual(
      Array(5).fill('ALREADY_PAID'),
    );
    const account = await ref.api.get(`/v1/accounts/${cc}`);
    expect(account.body.debtCents).toBe(invoices[0].dueCents + invoices[2].dueCents);
  });

  it('the same key with another body answers the first posting and applies nothing more', async () => {
    const { cc, invoices } = await freshAccount();
    const key = randomUUID();
    const first = await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[0]), key);
    expect(first.status).toBe(201);
    const other = await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[1]), key);
    expect(other).toMatchObject({ status: 200, body: { postingId: first.body.postingId } });
    expect((await ref.api.get(`/v1/accounts/${cc}/invoices/${invoices[1].invoiceNumber}`)).body.status).toBe(
      'OPEN',
    );
  });

  it('a refused payment is judged again under the same key once it can apply', async () => {
    const { cc, invoices } = await freshAccount();
    const key = randomUUID();
    await ref.ledger.setActive(cc, false);
    const refused = await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[0]), key);
    expect(refused).toMatchObject({ status: 409, body: { reason: 'ACCOUNT_INACTIVE' } });
    await ref.ledger.setActive(cc, true);
    expect((await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[0]), key)).status).toBe(201);
  });

  it('twenty identical account requests at once: one 201, one code, one account', async () => {
    const key = randomUUID();
    const body = {
      requestId: key,
      sector: 'STATE',
      holderName: 'Escuela de prueba',
      nationalId: '85010112345',
      address: 'Calle 23 No. 7',
      municipality: 4,
      contractNumber: 'CT-T-2',
      policy: 'POL-T-2',
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ref.api.post('/v1/accounts', body, key)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const codes = new Set(answers.map((a) => a.body.cc));
    expect(codes.size).toBe(1);
    const [{ n }] = await ref.store.query<{ n: number }>(
      `select count(*)::int as n from ${ref.store.schema}.accounts where request_id = $1`,
      [key],
    );
    expect(n).toBe(1);
    const account = await ref.api.get(`/v1/accounts/${[...codes][0]}`);
    expect(account.body).toMatchObject({
      clientType: 'STATE',
      holderName: 'Escuela de prueba',
      officeId: 'OC-04',
    });
  });
});

describe('fault injection', () => {
  it('fail: answers 5xx the given number of times, then recovers', async () => {
    const set = await fetch(`${ref.url}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'api', mode: 'fail', times: 2, status: 500 }),
    });
    expect(set.status).toBe(200);
    const a = await ref.api.get('/v1/accounts/2300000000001');
    const b = await ref.api.get('/v1/accounts/2300000000001');
    expect([a.status, b.status]).toEqual([500, 500]);
    conforms(a, 'GET', '/v1/accounts/{cc}');
    expect((await ref.api.get('/v1/accounts/2300000000001')).status).toBe(200);
  });

  it('down: drops the connection without an answer', async () => {
    ref.faults.set('api', { mode: 'down', times: 1 });
    await expect(ref.api.get('/v1/accounts/2300000000001')).rejects.toThrow();
    expect((await ref.api.get('/v1/accounts/2300000000001')).status).toBe(200);
  });

  it('slow: still answers, and counts down its times', async () => {
    ref.faults.set('api', { mode: 'slow', delayMs: 30, times: 2 });
    expect((await ref.api.get('/v1/accounts/2300000000001')).status).toBe(200);
    expect(ref.faults.get('api')).toMatchObject({ mode: 'slow', times: 1 });
    expect((await ref.api.get('/v1/accounts/2300000000001')).status).toBe(200);
    expect(ref.faults.get('api').mode).toBe('none');
  });

  it('ratio: hits only the drawn share of calls', async () => {
    const draws = [0.1, 0.9];
    const faults = ref.faults as unknown as { random: () => number };
    const original = faults.random;
    faults.random = () => draws.shift() ?? 0.9;
    try {
      ref.faults.set('api', { mode: 'fail', ratio: 0.3 });
      expect((await ref.api.get('/v1/accounts/2300000000001')).status).toBe(503);
      expect((await ref.api.get('/v1/accounts/2300000000001')).status).toBe(200);
    } finally {
      faults.random = original;
    }
  });

  it('refuse: a forced 409 with the reason, nothing applied; then the payment applies', async () => {
    const { cc, invoices } = await freshAccount();
    ref.faults.set('payments', { mode: 'refuse', reason: 'ALREADY_PAID', times: 1 });
    const key = randomUUID();
    const refused = await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[0]), key);
    expect(refused).toMatchObject({ status: 409, body: { reason: 'ALREADY_PAID' } });
    conforms(refused, 'POST', '/v1/payments');
    expect(await ref.ledger.postings({ key })).toHaveLength(0);
    expect((await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[0]), key)).status).toBe(201);
  });

  it('fail-after: applies, answers 503; the retry with the same key gets 200 and the same posting', async () => {
    const { cc, invoices } = await freshAccount();
    ref.faults.set('payments', { mode: 'fail-after', times: 1 });
    const key = randomUUID();
    const lost = await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[0]), key);
    expect(lost.status).toBe(503);
    const [posting] = await ref.ledger.postings({ key });
    const retry = await ref.api.post('/v1/payments', ccPayment(key, cc, invoices[0]), key);
    expect(retry).toMatchObject({ status: 200, body: { postingId: posting.postingId } });
    expect(
      (await ref.api.get(`/v1/accounts/${cc}/invoices/${invoices[0].invoiceNumber}`)).body.paidCents,
    ).toBe(invoices[0].dueCents);
  });

  it('duplicate and reorder: the feed redelivers, or answers a page out of order', async () => {
    const { cc } = await freshAccount();
    const all = await eventsOf(cc);
    const before = all[0].cursor;
    const prior = String(BigInt(before) - 1n);
    const plain = await ref.api.get(`/v1/changes?after=${prior}&limit=3`);
    ref.faults.set('changes', { mode: 'duplicate', times: 1 });
    const dup = await ref.api.get(`/v1/changes?after=${before}&limit=10`);
    const cursors = dup.body.events.map((e: { cursor: string }) => e.cursor);
    expect(cursors[0]).toBe(before.padStart(16, '0'));
    expect(cursors[1]).toBe(cursors[2]);
    ref.faults.set('changes', { mode: 'reorder', times: 1 });
    const reordered = await ref.api.get(`/v1/changes?after=${prior}&limit=3`);
    expect(reordered.body.events).toEqual([...plain.body.events].reverse());
    expect(reordered.body.next).toBe(plain.body.next);
  });

  it('refuses a fault it does not know', async () => {
    const res = await fetch(`${ref.url}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'payments', mode: 'refuse', reason: 'NOPE' }),
    });
    expect(res.status).toBe(400);
    expect(ref.faults.get('payments').mode).toBe('none');
  });
});

describe('the office cashier page', () => {
  it('is Spanish first, with a heading and a label for every field', async () => {
    const { status, html } = await ref.api.page('/oficina?cc=2300000000001');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/<h1>Caja de la oficina comercial/);
    expect(html).toContain('lang="en"');
    const ids = [...html.matchAll(/<(?:input|select) id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const id of ids) expect(html).toContain(`<label for="${id}">`);
    expect((await ref.api.page('/oficina?cc=9999999999999')).status).toBe(404);
  });

  it('a payment at the counter pays the invoice in the API and shows in the feed, once per form', async () => {
    const { cc, invoices } = await freshAccount();
    const key = randomUUID();
    const fields = { cc, key, invoiceNumber: invoices[2].invoiceNumber, amount: '' };
    const first = await ref.api.form('/oficina/pago', fields);
    expect(first.status).toBe(303);
    expect(first.location).toContain('ok=payment');
    await ref.api.form('/oficina/pago', fields);
    const invoice = await ref.api.get(`/v1/accounts/${cc}/invoices/${invoices[2].invoiceNumber}`);
    expect(invoice.body).toMatchObject({ status: 'PAID', paidCents: invoices[2].dueCents });
    expect(await ref.ledger.postings({ key })).toHaveLength(1);
    const events = await eventsOf(cc);
    expect(events.filter((e) => e.type === 'PAYMENT_RECORDED')).toEqual([
      expect.objectContaining({ invoiceNumber: invoices[2].invoiceNumber }),
    ]);
  });

  it('a partial payment leaves the invoice PARTIAL; more than is due is refused', async () => {
    const { cc, invoices } = await freshAccount();
    await ref.api.form('/oficina/pago', {
      cc,
      key: randomUUID(),
      invoiceNumber: invoices[0].invoiceNumber,
      amount: '2,50',
    });
    const invoice = await ref.api.get(`/v1/accounts/${cc}/invoices/${invoices[0].invoiceNumber}`);
    expect(invoice.body).toMatchObject({ status: 'PARTIAL', paidCents: 250 });
    const tooMuch = await ref.api.form('/oficina/pago', {
      cc,
      key: randomUUID(),
      invoiceNumber: invoices[0].invoiceNumber,
      amount: '5000',
    });
    expect(tooMuch.location).toContain('err=');
    expect((await ref.api.get(`/v1/accounts/${cc}`)).body.debtCents).toBe(1000 + 1111 + 1222 - 250);
  });

  it("issuing the next period's invoice adds it to the API and the feed; the same form twice issues one", async () => {
    const { cc, invoices } = await freshAccount();
    const latest = invoices[0].invoiceNumber;
    const issued = await ref.api.form('/oficina/factura', { cc, latest, amount: '12.34' });
    expect(issued.location).toContain('ok=invoice');
    const again = await ref.api.form('/oficina/factura', { cc, latest, amount: '12.34' });
    expect(again.location).toContain('err=');
    const page = await ref.api.get(`/v1/accounts/${cc}/invoices?status=all`);
    expect(page.body.total).toBe(4);
    expect(page.body.rows[0]).toMatchObject({ amountCents: 1234, status: 'OPEN', dueCents: 1234 });
    const prev = await ref.api.get(`/v1/accounts/${cc}/invoices/${latest}`);
    expect(page.body.rows[0].periodFrom > prev.body.periodTo).toBe(true);
    const events = await eventsOf(cc);
    expect(events.filter((e) => e.type === 'INVOICE_ISSUED').at(-1)).toMatchObject({
      invoiceNumber: page.body.rows[0].invoiceNumber,
    });
    expect((await ref.api.get(`/v1/accounts/${cc}`)).body.openInvoiceCount).toBe(4);
  });

  it('an agreement makes the invoice AGREED: out of the debt, INVOICE_CHANGED in the feed', async () => {
    const { cc, invoices } = await freshAccount();
    const res = await ref.api.form('/oficina/convenio', { cc, invoiceNumber: invoices[1].invoiceNumber });
    expect(res.location).toContain('ok=agreement');
    const account = await ref.api.get(`/v1/accounts/${cc}`);
    expect(account.body).toMatchObject({ debtCents: 1000 + 1222, openInvoiceCount: 2 });
    const events = await eventsOf(cc);
    expect(events.at(-1)).toMatchObject({
      type: 'INVOICE_CHANGED',
      invoiceNumber: invoices[1].invoiceNumber,
    });
  });
});
