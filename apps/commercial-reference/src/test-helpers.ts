import { randomBytes } from 'node:crypto';
import { buildReference, DEV_TOKEN, type ReferenceOptions, type ReferenceSystem } from './app';

export const TOKEN = DEV_TOKEN;

/**
 * A reference system listening on a free port: in-memory PGlite, or its own schema in the
 * PostgreSQL of COMMERCIAL_REF_DATABASE_URL / DATABASE_URL (dropped on close). Twelve demo accounts:
 * the ten documented codes and two generated ones.
 */
export async function startReference(
  opts: ReferenceOptions = {},
): Promise<ReferenceSystem & { url: string; close(): Promise<void>; api: Api }> {
  const databaseUrl = process.env.COMMERCIAL_REF_DATABASE_URL || process.env.DATABASE_URL || 'memory';
  const ref = await buildReference({
    databaseUrl,
    schema: databaseUrl === 'memory' ? undefined : `commercial_test_${randomBytes(4).toString('hex')}`,
    demoAccounts: 12,
    ...opts,
  });
  await ref.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ref.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    ...ref,
    url,
    api: api(url),
    async close() {
      if (databaseUrl !== 'memory') await ref.store.drop();
      await ref.app.close();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
export interface Answer<T = any> {
  status: number;
  body: T;
}

export type Api = ReturnType<typeof api>;

export function api(url: string) {
  const send = async (
    method: string,
    path: string,
    o: { body?: unknown; key?: string; token?: string | null } = {},
  ) => {
    const headers: Record<string, string> = {};
    const token = o.token === undefined ? TOKEN : o.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (o.key) headers['idempotency-key'] = o.key;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null } as Answer;
  };
  return {
    send,
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown, key?: string) => send('POST', path, { body, key }),
    /** A form post as a browser sends it (no redirect following). */
    async form(path: string, fields: Record<string, string>) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
      return { status: res.status, location: res.headers.get('location') ?? '' };
    },
    async page(path: string) {
      const res = await fetch(`${url}${path}`);
      return { status: res.status, html: await res.text() };
    },
  };
}

/** A CC payment body for one invoice with `amountCents` (defaults to what it owes). */
export function ccPayment(
  key: string,
  cc: string,
  invoice: { invoiceNumber: string; dueCents: number },
  amountCents = invoice.dueCents,
) {
  return {
    paymentId: key,
    cc,
    type: 'CC',
    method: 'TRANSFERMOVIL',
    gatewayReference: `TM-${key.slice(0, 8)}`,
    paidAt: new Date().toISOString(),
    amountCents,
    bonusCents: 0,
    invoices: [{ invoiceNumber: invoice.invoiceNumber, amountCents }],
  };
}
