import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { paymentEvents, paymentRequests } from '../db/schema';
import type { PaymentsService } from '../modules/payments';
import { eventually, type RunningSandbox, startSandbox } from './payments-sandbox';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

export { eventually };
export const MARIA = 'maria.perez@example.cu';
export const JOSE = 'jose.fernandez@example.cu';
export const HOTEL = 'hotel.nacional@example.cu';
export const STAFF = 'ana.comercial@aguasdelahabana.cu';
/** María: debt with one Pago Parcial invoice / debt with Conveniada invoices. José: no debt. */
export const CC_PARTIAL = '2300000000001';
export const CC_AGREED = '2300000000002';
export const CC_NO_DEBT = '2300000000003';
export const CC_HOTEL = '2300000000004';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

export interface PaymentsWorld {
  t: TestApp;
  sandbox: RunningSandbox;
  payments: PaymentsService;
  apiUrl: string;
  auth(email: string): Promise<string>;
  call(
    method: 'GET' | 'POST',
    url: string,
    authorization?: string,
    payload?: unknown,
  ): Promise<{
    statusCode: number;
    json: () => any;
    headers: Record<string, unknown>;
    body: string;
    rawPayload: Buffer;
  }>;
  /** A payment row as stored. */
  row(id: string): Promise<typeof paymentRequests.$inferSelect>;
  events(id: string): Promise<(typeof paymentEvents.$inferSelect)[]>;
  /** The payer approves in EnZona and the browser comes back: returns the API's 302 location (or null when dropped). */
  enzonaApprove(gatewayRef: string, decision?: 'approve' | 'cancel'): Promise<string | null>;
  tmApprove(externalId: string, decision?: 'approve' | 'reject'): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole app listening on a real port (so the sandbox can POST Transfermóvil notifications back),
 * with the gateway sandbox in process and the API configured to talk to it.
 */
export async function startPaymentsWorld(env: Record<string, string> = {}): Promise<PaymentsWorld> {
  const sandbox = await startSandbox();
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    env: {
      PUBLIC_URL: apiUrl,
      ENZONA_BASE_URL: sandbox.enzonaBaseUrl,
      TRANSFERMOVIL_BASE_URL: sandbox.tmBaseUrl,
      ...env,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const payments = t.container.payments;
  const tokens = new Map<string, string>();
  const db = t.database.db;
  const world: PaymentsWorld = {
    t,
    sandbox,
    payments,
    apiUrl,
    async auth(email) {
      if (!tokens.has(email))
        tokens.set(
          email,
          (await t.login(email, email.includes('@test.cu') ? undefined : DEMO_PASSWORD)).authorization,
        );
      return tokens.get(email)!;
    },
    async call(method, url, authorization, payload) {
      const res = await t.app.inject({
        method,
        url,
        headers: authorization ? { authorization } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return res as never;
    },
    async row(id) {
      const [r] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
      return r;
    },
    async events(id) {
      return db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, id))
        .orderBy(desc(paymentEvents.id));
    },
    async enzonaApprove(gatewayRef, decision = 'approve') {
      const res = await sandbox.control('POST', `/sandbox/enzona/${gatewayRef}/${decision}`);
      if (res.status !== 200) throw new Error(`sandbox ${decision}: ${JSON.stringify(res.body)}`);
      const redirect = res.body.redirect as string | null;
      if (!redirect) return null;
      const back = await fetch(redirect, { redirect: 'manual' });
      return back.headers.get('location');
    },
    async tmApprove(externalId, decision = 'approve') {
      const res = await sandbox.control('POST', `/sandbox/transfermovil/${externalId}/${decision}`);
      if (res.status !== 200) throw new Error(`sandbox ${decision}: ${JSON.stringify(res.body)}`);
    },
    async close() {
      await sandbox.close();
      await t.close();
    },
  };
  return world;
}

/** Open invoices of a code, from the ledger. */
export async function openInvoices(w: PaymentsWorld, cc: string) {
  return (await w.payments.ctx.commercial.getDebt(cc)).invoices;
}

/**
 * The hotel starts paying its oldest open invoice through Transfermóvil: answers the invoice as it was
 * and the API's 201 answer (the payment, still PENDING).
 */
export async function hotelPaysOldestInvoiceByTm(w: PaymentsWorld) {
  const hotel = await w.auth(HOTEL);
  const [inv] = await openInvoices(w, CC_HOTEL);
  const res = await w.call('POST', '/api/payments/invoices', hotel, {
    cc: CC_HOTEL,
    invoiceIds: [inv.id],
    method: 'TRANSFERMOVIL',
    amountCents: inv.dueCents,
  });
  if (res.statusCode !== 201) throw new Error(`invoice payment refused: ${res.statusCode} ${res.body}`);
  return { hotel, inv, created: res.json() };
}
