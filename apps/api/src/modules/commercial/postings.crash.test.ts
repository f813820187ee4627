import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { commercialPostings } from '../../db/schema';
import { REFERENCE_TOKEN, startReference, type TestReference } from '../../test/commercial-reference';
import { createPostingsRepository } from './postings.repository';

const serverUrl = process.env.DATABASE_URL;

/**
 * A jobs process (PROCESS_ROLES=jobs, a real child process of the API on PostgreSQL) is SIGKILLed
 * while its posting is on the wire to a slow commercial system; another jobs process takes over once
 * the lease runs out and posts again with the same Idempotency-Key: the payment is applied there once.
 * PostgreSQL only (on PGlite one process holds the database: there is no second process to take over).
 */
describe.skipIf(!serverUrl)('kill -9 of the jobs process mid-posting (PostgreSQL)', () => {
  let ref: TestReference | undefined;
  let child: ChildProcess | undefined;
  let database: Database | undefined;
  const dbName = `ov_postings_${randomBytes(5).toString('hex')}`;
  const dbUrl = (() => {
    const u = new URL(serverUrl ?? 'postgres://x@127.0.0.1/x');
    u.pathname = `/${dbName}`;
    return u.toString();
  })();

  async function admin(q: string) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  }

  async function startJobs(port: number, url: string) {
    const api = `http://127.0.0.1:${port}`;
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: dbUrl,
        DEMO_DATA: 'false',
        PROCESS_ROLES: 'jobs',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: api,
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-postings-')),
        LOG_LEVEL: 'error',
        WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
        RECONCILE_INTERVAL_MS: '3600000',
        COMMERCIAL_SYSTEM: 'http',
        COMMERCIAL_SYSTEM_URL: url,
        COMMERCIAL_SYSTEM_TOKEN: REFERENCE_TOKEN,
        // A posting may take 3 × 2 s; the lease is that and 5 s more (container.ts).
        COMMERCIAL_TIMEOUT_MS: '2000',
        COMMERCIAL_POSTING_INTERVAL_MS: '200',
        COMMERCIAL_FEED_INTERVAL_MS: '3600000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = proc;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ok = await fetch(`${api}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return proc;
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error('jobs process did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 60_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await check();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`still waiting for: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.close();
    await ref?.close();
    if (serverUrl) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('SIGKILL while the posting is in flight, another jobs process: applied once, same postingId', async () => {
    ref = await startReference();
    await admin(`create database ${dbName}`);
    // The first process migrates the new database as it starts.
    const first = await startJobs(4231, ref.url);
    database = await openDatabase({ url: dbUrl });
    const db = database.db;

    const [inv] = (await ref.openInvoices('2300000000006')).slice(-1);
    const paymentId = randomUUID();
    await ref.fault('api', { mode: 'slow', delayMs: 4000 });
    await createPostingsRepository(db).enqueue({
      paymentId,
      space: 'ahab',
      cc: '2300000000006',
      body: {
        paymentId,
        cc: '2300000000006',
        type: 'CC',
        method: 'TRANSFERMOVIL',
        gatewayReference: `TM-${paymentId.slice(0, 8)}`,
        paidAt: new Date().toISOString(),
        amountCents: inv.dueCents,
        bonusCents: 0,
        invoices: [{ invoiceNumber: inv.invoiceNumber, amountCents: inv.dueCents }],
      },
    });
    const row = async () =>
      (await db.select().from(commercialPostings).where(eq(commercialPostings.paymentId, paymentId)))[0];

    // The first process takes it and sends it; the reference holds the answer back 4 s.
    await until('the posting leased by the first process', async () => (await row()).leasedUntil !== null);
    await new Promise((r) => setTimeout(r, 700));
    first.kill('SIGKILL');
    await until('the first process gone', async () => first.exitCode !== null || first.signalCode !== null);
    const atKill = await row();
    expect(atKill.status).toBe('PENDING');
    expect(atKill.attempts).toBe(0);
    expect(atKill.leasedUntil!.getTime()).toBeGreaterThan(Date.now());

    await ref.fault('api', { mode: 'none' });
    await startJobs(4232, ref.url);
    const posted = await until(
      'the posting applied by the second process',
      async () => {
        const r = await row();
        return r.status === 'POSTED' && r;
      },
      60_000,
    );
    const there = await ref.postingsOf(paymentId);
    expect(there).toHaveLength(1);
    expect(there[0].postingId).toBe(posted.postingId);
    expect(posted.attempts).toBe(1);
  }, 180_000);
});
