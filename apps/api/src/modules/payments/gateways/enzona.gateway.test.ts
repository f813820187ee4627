import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, SANDBOX_CREDENTIALS, startSandbox } from '../../../test/payments-sandbox';
import { createEnzonaGateway } from './enzona.gateway';
import { GatewayError, type GatewayOrder, type PaymentGateway } from './payment-gateway';

let sandbox: RunningSandbox;
let enzona: PaymentGateway;

beforeAll(async () => {
  sandbox = await startSandbox();
  enzona = gatewayFor();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

function gatewayFor(over: Partial<Parameters<typeof createEnzonaGateway>[0]> = {}) {
  return createEnzonaGateway({
    baseUrl: sandbox.enzonaBaseUrl,
    clientId: SANDBOX_CREDENTIALS.enzona.clientId,
    clientSecret: SANDBOX_CREDENTIALS.enzona.clientSecret,
    ...over,
  });
}

let seq = 0;
const order = (over: Partial<GatewayOrder> = {}): GatewayOrder => ({
  externalId: `pay-${Date.now()}-${++seq}`,
  amountCents: 12345,
  description: 'Factura 2026-03 Aguas de La Habana',
  invoiceNumber: 'F-0001',
  returnUrl: 'http://portal.test/oficina_virtual/payments/return',
  cancelUrl: 'http://portal.test/oficina_virtual/payments/cancel',
  ...over,
});

describe('EnZona adapter against the sandbox', () => {
  it('creates a payment, the payer approves, query says PAID, complete accepts it', async () => {
    const created = await enzona.create(order({ amountCents: 2999 }));
    expect(created.gatewayRef).toMatch(/^[0-9a-f]{32}$/);
    expect(created.redirectUrl).toBe(`${sandbox.url}/enzona/checkout/${created.gatewayRef}`);

    expect(await enzona.query(created.gatewayRef)).toMatchObject({
      status: 'PENDING',
      gatewayStatus: 1113,
      amountCents: 2999,
      currency: 'CUP',
    });

    const approved = await sandbox.control('POST', `/sandbox/enzona/${created.gatewayRef}/approve`);
    const back = new URL(approved.body.redirect);
    expect(`${back.origin}${back.pathname}`).toBe('http://portal.test/oficina_virtual/payments/return');
    expect(back.searchParams.get('transaction_uuid')).toBe(created.gatewayRef);
    expect(back.searchParams.get('user_uuid')).toBeTruthy();

    const returned = enzona.verifyNotification({}, Object.fromEntries(back.searchParams));
    expect(returned.gatewayRef).toBe(created.gatewayRef);

    const paid = await enzona.query(returned.gatewayRef);
    expect(paid).toMatchObject({
      status: 'PAID',
      needsCompletion: true,
      gatewayStatus: 1116,
      amountCents: 2999,
    });

    const completed = await enzona.complete!(created.gatewayRef);
    expect(completed).toMatchObject({ status: 'PAID', needsCompletion: false, gatewayStatus: 1111 });
    // Completing twice (a duplicate return) is harmless.
    expect((await enzona.complete!(created.gatewayRef)).gatewayStatus).toBe(1111);
  });

  it('reuses one token until it expires, then gets another', async () => {
    let clock = Date.now();
    const gw = gatewayFor({ now: () => clock });
    const issued = async () => (await sandbox.control('GET', '/sandbox/orders')).body.enzonaTokensIssued;
    const before = await issued();
    await Promise.all([gw.create(order()), gw.create(order())]);
    await gw.query((await gw.create(order())).gatewayRef);
    expect((await issued()) - before).toBe(1);
    clock += 3600_000; // the sandbox's tokens last an hour
    await gw.create(order());
    expect((await issued()) - before).toBe(2);
  });

  it('sends the amount as decimal text that adds up with the items', async () => {
    const created = await enzona.create(
      order({
        amountCents: 10_010,
        items: [
          { name: 'Factura 1', quantity: 1, priceCents: 5_005 },
          { name: 'Factura 2', quantity: 1, priceCents: 5_005 },
        ],
      }),
    );
    const { body } = await sandbox.control('GET', '/sandbox/orders');
    const seen = body.enzona.find((p: any) => p.transaction_uuid === created.gatewayRef);
    expect(seen.amount.total).toBe('100.10');
    expect(seen.items.map((i: any) => i.price)).toEqual(['50.05', '50.05']);
    await expect(
      enzona.create(order({ amountCents: 100, items: [{ name: 'x', quantity: 1, priceCents: 99 }] })),
    ).rejects.toThrow(RangeError);
  });

  it('the sandbox refuses totals that do not add up', async () => {
    const token = await fetch(`${sandbox.enzonaBaseUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.enzona.clientId}:${SANDBOX_CREDENTIALS.enzona.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=enzona_business_payment',
    }).then((r) => r.json());
    expect(token).toMatchObject({ token_type: 'Bearer', scope: 'enzona_business_payment' });
    expect(token.refresh_token).toBeUndefined();
    const res = await fetch(`${sandbox.enzonaBaseUrl}/payment/v1.0.0/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        description: 'x',
        currency: 'CUP',
        amount: { total: '10.00', details: { shipping: '1.00', tax: '0.50', discount: '0.25', tip: '0.00' } },
        items: [{ name: 'a', description: 'a', quantity: 2, price: '4.00', tax: '0.00' }],
        merchant_op_id: 'op',
        invoice_number: 'f',
        return_url: 'http://x/r',
        cancel_url: 'http://x/c',
        terminal_id: 't',
      }),
    });
    expect(res.status).toBe(400); // 8.00 + 1.00 + 0.50 - 0.25 = 9.25, not 10.00
  });

  it('cannot complete before the payer confirms (4065)', async () => {
    const created = await enzona.create(order());
    const err = await enzona.complete!(created.gatewayRef).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err.code).toBe('NOT_CONFIRMED');
    expect(err.details.gatewayCode).toBe('4065');
  });

  it('the payer cancels: query says CANCELED and the browser goes to cancel_url', async () => {
    const created = await enzona.create(order());
    const cancelled = await sandbox.control('POST', `/sandbox/enzona/${created.gatewayRef}/cancel`);
    expect(cancelled.body.redirect).toContain('http://portal.test/oficina_virtual/payments/cancel?');
    expect(await enzona.query(created.gatewayRef)).toMatchObject({ status: 'CANCELED', gatewayStatus: 1112 });
    // A late approval changes nothing.
    expect((await sandbox.control('POST', `/sandbox/enzona/${created.gatewayRef}/approve`)).status).toBe(409);
  });

  it('the merchant cancels a pending payment', async () => {
    const created = await enzona.create(order());
    expect(await enzona.cancel!(created.gatewayRef)).toMatchObject({ status: 'CANCELED' });
  });

  it('refunds a completed payment (1115)', async () => {
    const created = await enzona.create(order({ amountCents: 5000 }));
    await sandbox.control('POST', `/sandbox/enzona/${created.gatewayRef}/approve`);
    await enzona.complete!(created.gatewayRef);
    const refund = await enzona.refund(created.gatewayRef, 5000);
    expect(refund.status).toBe('REFUNDED');
    expect(refund.refundRef).toBeTruthy();
    expect(await enzona.query(created.gatewayRef)).toMatchObject({ status: 'REFUNDED', gatewayStatus: 1115 });
  });

  it('lists payments with X-Total-Count', async () => {
    const gw = gatewayFor();
    for (let i = 0; i < 3; i++) await gw.create(order());
    const token = await fetch(`${sandbox.enzonaBaseUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.enzona.clientId}:${SANDBOX_CREDENTIALS.enzona.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=enzona_business_payment',
    }).then((r) => r.json());
    const res = await fetch(`${sandbox.enzonaBaseUrl}/payment/v1.0.0/payments?limit=2`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(await res.json()).toHaveLength(2);
  });

  it('wrong client credentials are refused', async () => {
    const gw = gatewayFor({ clientSecret: 'not-the-secret' });
    const err = await gw.create(order()).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err.code).toBe('UNAUTHORIZED');
  });

  it('a return without a transaction is not trusted', () => {
    expect(() => enzona.verifyNotification({}, { transaction_uuid: '../../etc' })).toThrow(GatewayError);
    expect(() => enzona.verifyNotification({}, {})).toThrow(GatewayError);
  });

  it('fault "fail": API calls answer 500 and the adapter reports UNAVAILABLE, then recovers', async () => {
    const created = await enzona.create(order());
    await sandbox.fault('enzona', 'fail', { times: 1 });
    const err = await enzona.query(created.gatewayRef).catch((e) => e);
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.details.httpStatus).toBe(500);
    expect((await enzona.query(created.gatewayRef)).status).toBe('PENDING');
  });

  it('fault "drop": the payer pays but never comes back; polling still finds it PAID', async () => {
    const created = await enzona.create(order());
    await sandbox.fault('enzona', 'drop');
    const approved = await sandbox.control('POST', `/sandbox/enzona/${created.gatewayRef}/approve`);
    expect(approved.body.redirect).toBeNull();
    expect((await enzona.query(created.gatewayRef)).status).toBe('PAID');
  });

  it('fault "delay": slow answers beyond the adapter timeout are UNAVAILABLE', async () => {
    const created = await enzona.create(order());
    const impatient = gatewayFor({ timeoutMs: 100 });
    await impatient.query(created.gatewayRef); // token cached before the fault
    await sandbox.fault('enzona', 'delay', { delayMs: 400, times: 1 });
    const err = await impatient.query(created.gatewayRef).catch((e) => e);
    expect(err.code).toBe('UNAVAILABLE');
  });
});

describe('EnZona checkout page (the payer in a browser)', () => {
  it('shows merchant, amount and description, with POST forms and no scripts', async () => {
    const created = await enzona.create(
      order({ amountCents: 123456, description: 'Factura <marzo> & abril' }),
    );
    const res = await fetch(created.redirectUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('lang="es"');
    expect(html).toContain('Aguas de La Habana');
    expect(html).toContain('$1,234.56 CUP');
    expect(html).toContain('Factura &lt;marzo&gt; &amp; abril');
    expect(html).toMatch(/<form method="post" action="[^"]+\/approve"><button[^>]*>Pagar<\/button>/);
    expect(html).toContain('>Cancelar</button>');
    expect(html).not.toMatch(/<script|onclick|javascript:/i);
    expect((await fetch(`${sandbox.url}/sandbox/assets/sandbox.css`)).status).toBe(200);
  });

  it('"Pagar" redirects the browser to return_url and confirms the payment', async () => {
    const created = await enzona.create(order());
    const res = await fetch(`${created.redirectUrl}/approve`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(
      new RegExp(
        `^http://portal\\.test/oficina_virtual/payments/return\\?transaction_uuid=${created.gatewayRef}&user_uuid=`,
      ),
    );
    expect((await enzona.query(created.gatewayRef)).gatewayStatus).toBe(1116);
    const again = await fetch(created.redirectUrl!).then((r) => r.text());
    expect(again).not.toContain('>Pagar</button>');
  });

  it('"Cancelar" redirects to cancel_url', async () => {
    const created = await enzona.create(order());
    const res = await fetch(`${created.redirectUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('/payments/cancel?transaction_uuid=');
    expect((await enzona.query(created.gatewayRef)).status).toBe('CANCELED');
  });
});
