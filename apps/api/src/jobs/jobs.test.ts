import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { paymentRequests } from '../db/schema';
import { CC_NO_DEBT, JOSE, type PaymentsWorld, startPaymentsWorld } from '../test/payments-world';

const STATUS_QUERY = 'GET /transfermovil/RestExternalPayment.svc/getStatusOrder/:externalId/:source';

/** Background work spread over several processes on one PostgreSQL (each with its own connections). */
describe.skipIf(!process.env.DATABASE_URL)('background jobs across processes (PostgreSQL)', () => {
  let w: PaymentsWorld;
  const opened: { app: FastifyInstance; database: Database }[] = [];
  beforeAll(async () => {
    w = await startPaymentsWorld();
  });
  afterAll(async () => {
    for (const o of opened) {
      await o.app.close();
      await o.database.close();
    }
    await w?.close();
  });

  /** Another process on the same database: its own pool, this configuration. */
  async function startProcess(overrides: Partial<Config>) {
    const url = (w.t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const database = await openDatabase({ url, migrate: false });
    const app = await buildApp({
      config: {
        ...w.t.config,
        NODE_ENV: 'development',
        RECONCILE_INTERVAL_MS: 100,
        MAIL_POLL_MS: 100,
        ...overrides,
      },
      database,
      logger: process.env.JOBS_TEST_LOG ? { level: 'debug' } : false,
    });
    await app.ready();
    opened.push({ app, database });
    return app;
  }
  const statusQueries = async () =>
    ((await w.sandbox.control('GET', '/sandbox/calls')).body[STATUS_QUERY] ?? 0) as number;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a payment left pending (notification lost): API-only processes leave it; of two job processes one asks the gateway, once, and settles it', async () => {
    const jose = await w.auth(JOSE);
    const created = (
      await w.call('POST', '/api/payments/advance', jose, {
        cc: CC_NO_DEBT,
        method: 'TRANSFERMOVIL',
        amountCents: 10_000,
      })
    ).json();
    expect(created.paymentId).toBeTruthy();
    // Paid in the bank's app, but the gateway's notification was lost: pending here past its timeout.
    await w.sandbox.fault('transfermovil', 'drop', { times: 1 });
    await w.tmApprove(created.transactionCode);
    await w.t.database.db
      .update(paymentRequests)
      .set({ createdAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(paymentRequests.id, created.paymentId));
    const before = await statusQueries();

    await startProcess({ PROCESS_ROLES: ['api'] });
    await pause(600); // six reconciliation intervals of a process that must not reconcile
    expect(await statusQueries()).toBe(before);
    expect((await w.row(created.paymentId)).status).toBe('PENDING');

    await Promise.all([
      startProcess({ PROCESS_ROLES: ['jobs'] }),
      startProcess({ PROCESS_ROLES: ['api', 'jobs'] }),
    ]);
    for (let i = 0; i < 200 && (await w.row(created.paymentId)).status === 'PENDING'; i++) await pause(50);
    expect((await w.row(created.paymentId)).status).toBe('PAYED');
    await pause(600); // both runners pass several more times: the payment is no longer theirs to query
    expect((await statusQueries()) - before).toBe(1);
  });
});
