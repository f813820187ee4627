import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  eventually,
  type NotificationReceiver,
  type RunningSandbox,
  SANDBOX_CREDENTIALS,
  startReceiver,
  startSandbox,
} from '../../../test/payments-sandbox';
import { GatewayError, type GatewayOrder, type PaymentGateway } from './payment-gateway';
import { createTransfermovilGateway, transfermovilHeaders } from './transfermovil.gateway';

const cred = SANDBOX_CREDENTIALS.transfermovil;
let sandbox: RunningSandbox;
let receiver: NotificationReceiver;
let tm: PaymentGateway;

beforeAll(async () => {
  sandbox = await startSandbox();
  receiver = await startReceiver();
  tm = gatewayFor();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(async () => {
  await sandbox.reset();
  receiver.received.length = 0;
  receiver.respond = () => ({ status: 200, body: { Success: true, Resultmsg: 'OK', Status: 1 } });
});

function gatewayFor(over: Partial<Parameters<typeof createTransfermovilGateway>[0]> = {}) {
  return createTransfermovilGateway({
    baseUrl: sandbox.tmBaseUrl,
    username: cred.username,
    seed: cred.seed,
    source: cred.source,
    ...over,
  });
}

let seq = 0;
const order = (over: Partial<GatewayOrder> = {}): GatewayOrder => ({
  externalId: `tm-${Date.now()}-${++seq}`,
  amountCents: 4550,
  description: 'Factura 2026-03 Aguas de La Habana',
  phone: '5351234567',
  notifyUrl: receiver.url,
  validMinutes: 30,
  ...over,
});

const approve = (externalId: string) =>
  sandbox.control('POST', `/sandbox/transfermovil/${externalId}/approve`);
const sandboxOrder = async (externalId: string) =>
  (await sandbox.control('GET', '/sandbox/orders')).body.transfermovil.find(
    (o: any) => o.ExternalId === externalId,
  );

describe('Transfermóvil adapter against the sandbox', () => {
  it('registers an order and gives the payer a code, a QR and a deep link', async () => {
    const o = order({ amountCents: 123456 });
    const created = await tm.create(o);
    expect(created.gatewayRef).toBe(o.externalId);
    expect(created.transactionCode).toBe(o.externalId);
    expect(JSON.parse(created.qr!)).toEqual({
      id_transaccion: o.externalId,
      importe: 1234.56,
      moneda: 'CUP',
      numero_proveedor: cred.source,
    });
    expect(created.qr).toContain('"importe":1234.56');
    expect(created.deepLink).toBe(
      `transfermovil://tm_compra_en_linea/action?id_transaccion=${o.externalId}&importe=1234.56&moneda=CUP&numero_proveedor=${cred.source}`,
    );
    expect(await tm.query(o.externalId)).toMatchObject({
      status: 'PENDING',
      gatewayStatus: 1,
      amountCents: 123456,
      currency: 'CUP',
      externalId: o.externalId,
    });
  });

  it('payer approves → the bank notifies with valid credential headers → query says PAID', async () => {
    const o = order();
    await tm.create(o);
    expect((await approve(o.externalId)).status).toBe(200);

    const [n] = await eventually('the notification', () => receiver.received.length > 0 && receiver.received);
    expect(n.headers.username).toBe(cred.username);
    expect(n.headers.source).toBe(cred.source);
    expect(Object.keys(n.body).sort()).toEqual([
      'Bank',
      'BankId',
      'ExternalId',
      'Msg',
      'Phone',
      'Source',
      'Status',
      'TmId',
    ]);
    expect(n.body).not.toHaveProperty('Amount');

    const verified = tm.verifyNotification(n.headers, n.body);
    expect(verified).toMatchObject({ externalId: o.externalId, gatewayRef: o.externalId, claimedStatus: 3 });
    expect(await tm.query(verified.gatewayRef)).toMatchObject({ status: 'PAID', amountCents: 4550 });
    await eventually('the acknowledgement', async () => (await sandboxOrder(o.externalId)).acknowledged);
  });

  it('rejects notifications with wrong, stale or missing credentials', async () => {
    const body = { Source: cred.source, ExternalId: 'x-1', Status: 3 };
    const good = transfermovilHeaders(cred, new Date());
    expect(() => tm.verifyNotification(good, body)).not.toThrow();
    const cases = [
      {},
      { ...good, password: transfermovilHeaders({ ...cred, seed: 'other-seed' }, new Date()).password },
      { ...good, password: transfermovilHeaders(cred, new Date(Date.now() - 3 * 86_400_000)).password },
      { ...good, username: 'someone-else' },
    ];
    for (const headers of cases) {
      const err = (() => {
        try {
          tm.verifyNotification(headers, body);
        } catch (e) {
          return e as GatewayError;
        }
      })();
      expect(err).toBeInstanceOf(GatewayError);
      expect(err?.code).toBe('INVALID_NOTIFICATION');
    }
    expect(() => tm.verifyNotification(good, { ...body, ExternalId: undefined })).toThrow(GatewayError);
    expect(() => tm.verifyNotification(good, { ...body, Source: '9999' })).toThrow(GatewayError);
  });

  it('the sandbox refuses calls with bad credentials (401)', async () => {
    for (const bad of [{ seed: 'wrong-seed' }, { username: 'intruder' }]) {
      const err = await gatewayFor(bad)
        .create(order())
        .catch((e) => e);
      expect(err).toBeInstanceOf(GatewayError);
      expect(err.code).toBe('UNAUTHORIZED');
    }
    const res = await fetch(`${sandbox.tmBaseUrl}/getStatusOrder/x/${cred.source}`, {
      headers: { username: cred.username, source: cred.source, password: 'not-base64-sha512' },
    });
    expect(res.status).toBe(401);
  });

  it('the password must use the date in Havana, not in UTC', async () => {
    const at = new Date('2026-01-05T04:30:00Z');
    const fixed = await startSandbox({ now: () => at });
    try {
      const gw = gatewayFor({ baseUrl: fixed.tmBaseUrl, now: () => at });
      await gw.create(order()); // Havana: 4 January
      const utcPassword = createHash('sha512')
        .update(`${cred.username}512026${cred.seed}${cred.source}`) // UTC: 5 January
        .digest('base64');
      const res = await fetch(`${fixed.tmBaseUrl}/getStatusOrder/x/${cred.source}`, {
        headers: { username: cred.username, source: cred.source, password: utcPassword },
      });
      expect(res.status).toBe(401);
    } finally {
      await fixed.close();
    }
  });

  it('the payer rejects: query says FAILED and no notification is sent', async () => {
    const o = order();
    await tm.create(o);
    await sandbox.control('POST', `/sandbox/transfermovil/${o.externalId}/reject`);
    expect(await tm.query(o.externalId)).toMatchObject({ status: 'FAILED', gatewayStatus: 5 });
    expect((await sandboxOrder(o.externalId)).notifications).toBe(0);
  });

  it('an order past its valid time is EXPIRED and can no longer be paid', async () => {
    const o = order();
    await tm.create(o);
    await sandbox.control('POST', `/sandbox/transfermovil/${o.externalId}/expire`);
    expect(await tm.query(o.externalId)).toMatchObject({ status: 'EXPIRED', gatewayStatus: 6 });
    expect((await approve(o.externalId)).status).toBe(409);
  });

  it('orders expire by themselves after ValidTime minutes', async () => {
    let clock = Date.now();
    const timed = await startSandbox({ now: () => new Date(clock) });
    try {
      const gw = gatewayFor({ baseUrl: timed.tmBaseUrl });
      const o = order({ validMinutes: 5 });
      await gw.create(o);
      clock += 4 * 60_000;
      expect((await gw.query(o.externalId)).status).toBe('PENDING');
      clock += 60_000;
      expect((await gw.query(o.externalId)).status).toBe('EXPIRED');
    } finally {
      await timed.close();
    }
  });

  it('refuses a second order with the same ExternalId, and unknown orders are NOT_FOUND', async () => {
    const o = order();
    await tm.create(o);
    expect((await tm.create(o).catch((e) => e)).code).toBe('REJECTED');
    expect((await tm.query('never-registered').catch((e) => e)).code).toBe('NOT_FOUND');
  });

  it('retries the notification until the merchant acknowledges it', async () => {
    receiver.respond = (_n, i) =>
      i < 2
        ? { status: 503, body: { Success: false } }
        : { status: 200, body: { Success: true, Resultmsg: 'OK', Status: 1 } };
    const o = order();
    await tm.create(o);
    await approve(o.externalId);
    const seen = await eventually('acknowledged', async () => {
      const so = await sandboxOrder(o.externalId);
      return so.acknowledged && so;
    });
    expect(receiver.received).toHaveLength(3);
    expect(seen.deliveries.map((d: any) => d.acknowledged)).toEqual([false, false, true]);
  });

  it('refunds are manual: Transfermóvil has no refund call', async () => {
    expect(await tm.refund('anything', 100)).toMatchObject({ status: 'MANUAL' });
  });
});

describe('Transfermóvil faults', () => {
  it('duplicate: the same notification arrives N times', async () => {
    await sandbox.fault('transfermovil', 'duplicate', { times: 3 });
    const o = order();
    await tm.create(o);
    await approve(o.externalId);
    await eventually('three copies', () => receiver.received.length === 3);
    const ids = receiver.received.map((n) => tm.verifyNotification(n.headers, n.body).externalId);
    expect(ids).toEqual([o.externalId, o.externalId, o.externalId]);
  });

  it('reorder: notifications are held and delivered newest first', async () => {
    await sandbox.fault('transfermovil', 'reorder', { times: 3 });
    const orders = [order(), order(), order()];
    for (const o of orders) {
      await tm.create(o);
      await approve(o.externalId);
    }
    await eventually('three notifications', () => receiver.received.length === 3);
    expect(receiver.received.map((n) => n.body.ExternalId)).toEqual(
      orders.map((o) => o.externalId).reverse(),
    );
  });

  it('reorder: held notifications can be released on demand', async () => {
    await sandbox.fault('transfermovil', 'reorder', { times: 10 });
    const o = order();
    await tm.create(o);
    await approve(o.externalId);
    expect((await sandbox.control('GET', '/sandbox/orders')).body.held).toBe(1);
    expect((await sandbox.control('POST', '/sandbox/release')).body.released).toBe(1);
    await eventually('the released notification', () => receiver.received.length === 1);
  });

  it('drop: the bank never notifies, the order is still PAID when queried', async () => {
    await sandbox.fault('transfermovil', 'drop');
    const o = order();
    await tm.create(o);
    await approve(o.externalId);
    expect(await tm.query(o.externalId)).toMatchObject({ status: 'PAID' });
    const so = await sandboxOrder(o.externalId);
    expect(so.dropped).toBe(1);
    expect(so.deliveries).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it('delay: the notification arrives, later', async () => {
    await sandbox.fault('transfermovil', 'delay', { delayMs: 1500 });
    const o = order();
    await tm.create(o);
    await approve(o.externalId);
    expect(receiver.received).toHaveLength(0);
    await eventually('the delayed notification', () => receiver.received.length === 1);
  });

  it('fail: API calls answer 500 with Success false; the adapter reports UNAVAILABLE', async () => {
    const o = order();
    await tm.create(o);
    await sandbox.fault('transfermovil', 'fail', { times: 2 });
    expect((await tm.create(order()).catch((e) => e)).code).toBe('UNAVAILABLE');
    expect((await tm.query(o.externalId).catch((e) => e)).code).toBe('UNAVAILABLE');
    expect((await tm.query(o.externalId)).status).toBe('PENDING');
  });

  it('the control API refuses faults that make no sense', async () => {
    expect(
      (await sandbox.control('POST', '/sandbox/faults', { gateway: 'enzona', mode: 'duplicate' })).status,
    ).toBe(400);
    expect(
      (await sandbox.control('POST', '/sandbox/faults', { gateway: 'paypal', mode: 'fail' })).status,
    ).toBe(400);
  });
});

describe('the bank app page', () => {
  it('shows the order and pays it with "Confirmar pago"', async () => {
    const o = order({ amountCents: 100_000 });
    const created = await tm.create(o);
    const link = new URL(
      created.deepLink!.replace(
        'transfermovil://tm_compra_en_linea/action',
        `${sandbox.url}/transfermovil/app`,
      ),
    );
    const res = await fetch(link);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('$1,000.00 CUP');
    expect(html).toContain('Confirmar pago');
    expect(html).toContain('Rechazar');
    expect(html).not.toMatch(/<script|onclick|style="/i);

    const paid = await fetch(`${sandbox.url}/transfermovil/app/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        id_transaccion: o.externalId,
        numero_proveedor: cred.source,
        phone: '5359999999',
      }),
    }).then((r) => r.text());
    expect(paid).toContain('Pago realizado satisfactoriamente');
    const [n] = await eventually('the notification', () => receiver.received.length > 0 && receiver.received);
    expect(n.body.Phone).toBe('5359999999');
    expect((await tm.query(o.externalId)).status).toBe('PAID');
  });

  it('"Rechazar" fails the order', async () => {
    const o = order();
    await tm.create(o);
    await fetch(`${sandbox.url}/transfermovil/app/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_transaccion: o.externalId }),
    });
    expect((await tm.query(o.externalId)).status).toBe('FAILED');
  });
});
