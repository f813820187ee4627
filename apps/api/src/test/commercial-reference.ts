import type { ReferenceOptions } from '@ov/commercial-reference';
import { startReference as startReferenceSystem, TOKEN } from '@ov/commercial-reference/test-helpers';

export const REFERENCE_TOKEN = TOKEN;

/**
 * The reference commercial system (apps/commercial-reference) listening on a free port, for API tests
 * (its own test helper: in-memory PGlite, or a schema of its own in the PostgreSQL of DATABASE_URL,
 * dropped on close), with the `/control/*` calls (faults, postings) a test or a demo makes.
 */
export async function startReference(opts: ReferenceOptions = {}) {
  const ref = await startReferenceSystem(opts);
  const { url } = ref;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const answer = await ref.api.send(method, path, { body });
    return { status: answer.status, body: answer.body };
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
    close: () => ref.close(),
  };
}
export type TestReference = Awaited<ReturnType<typeof startReference>>;
