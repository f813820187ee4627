import { randomBytes } from 'node:crypto';
import { buildReference, DEV_TOKEN, type ReferenceOptions } from '@ov/commercial-reference';

export const REFERENCE_TOKEN = DEV_TOKEN;

/**
 * The reference commercial system (apps/commercial-reference) listening on a free port, for API tests:
 * in-memory PGlite, or a schema of its own in the PostgreSQL of DATABASE_URL (dropped on close). Its
 * `control` calls reach `/control/*` (faults, postings) as a test or a demo does.
 */
export async function startReference(opts: ReferenceOptions = {}) {
  const databaseUrl = process.env.DATABASE_URL || 'memory';
  const ref = await buildReference({
    databaseUrl,
    schema: databaseUrl === 'memory' ? undefined : `commercial_test_${randomBytes(4).toString('hex')}`,
    demoAccounts: 12,
    ...opts,
  });
  await ref.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ref.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${REFERENCE_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  return {
    ...ref,
    url,
    call,
    /** `POST /control/faults`. */
    async fault(target: 'api' | 'payments' | 'changes', fault: Record<string, unknown>) {
      const r = await call('POST', '/control/faults', { target, ...fault });
      if (r.status !== 200) throw new Error(`fault refused: ${JSON.stringify(r.body)}`);
    },
    /** The postings the reference holds for an idempotency key. */
    async postingsOf(key: string) {
      return (await call('GET', `/control/postings?key=${encodeURIComponent(key)}`)).body as {
        postingId: string;
        idempotencyKey: string;
        type: string;
        amountCents: number;
      }[];
    },
    async openInvoices(cc: string) {
      return (await call('GET', `/v1/accounts/${cc}/invoices?status=open&page=1&size=50`)).body.rows as {
        invoiceNumber: string;
        dueCents: number;
        issuedAt: string;
        status: 'OPEN' | 'PARTIAL' | 'PAID' | 'AGREED';
      }[];
    },
    async account(cc: string) {
      return (await call('GET', `/v1/accounts/${cc}`)).body as {
        advanceBalanceCents: number;
        debtCents: number;
        active: boolean;
      };
    },
    async close() {
      if (databaseUrl !== 'memory') await ref.store.drop();
      await ref.app.close();
    },
  };
}
export type TestReference = Awaited<ReturnType<typeof startReference>>;
