import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../config';
import { buildContainer } from '../../container';
import { type Database, openDatabase } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { type RunningSandbox, startSandbox } from '../../test/payments-sandbox';
import { CC_NO_DEBT, JOSE } from '../../test/payments-world';

const serverUrl = process.env.DATABASE_URL;

/**
 * The API as a real process on a fresh PostgreSQL database, SIGKILLed in the middle of a burst of
 * payments, restarted and reconciled: every payment the gateways took is PAYED, and the ledger holds
 * exactly the PAYED amounts, each once.
 */
describe.skipIf(!serverUrl)('crash in the middle of a burst of payments (PostgreSQL)', () => {
  let sandbox: RunningSandbox;
  let child: ChildProcess | undefined;
  let database: Database | undefined;
  const dbName = `ov_crash_${randomBytes(5).toString('hex')}`;
  const dbUrl = (() => {
    const u = new URL(serverUrl ?? 'postgres://x@127.0.0.1/x');
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const port = 20000 + Math.floor(Math.random() * 20000);
  const api = `http://127.0.0.1:${port}`;
  let env: Record<string, string>;

  async function admin(q: string) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  }

  async function startApi() {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ok = await fetch(`${api}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.close();
    await sandbox?.close();
    if (serverUrl) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('SIGKILL mid-burst, restart, reconcile: sum(PAYED) equals the ledger, nothing applied twice', async () => {
    sandbox = await startSandbox();
    await admin(`create database ${dbName}`);
    // The demo's own payment history (seeded at first start, all dated before now) is not this burst's.
    const since = new Date();
    env = {
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: api,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-crash-')),
      LOG_LEVEL: 'error',
      ENZONA_BASE_URL: sandbox.enzonaBaseUrl,
      TRANSFERMOVIL_BASE_URL: sandbox.tmBaseUrl,
      RECONCILE_INTERVAL_MS: '3600000',
      WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
    };
    await startApi();
    const login = await fetch(`${api}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: JOSE, password: DEMO_PASSWORD }),
    }).then((r) => r.json());
    const authorization = `Bearer ${login.accessToken}`;

    // The burst: each payment is created and at once paid by the payer at its gateway.
    let started = 0;
    let killed = false;
    const one = async (i: number) => {
      const method = i % 2 ? 'ENZONA' : 'TRANSFERMOVIL';
      const res = await fetch(`${api}/api/payments/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ cc: CC_NO_DEBT, method, amountCents: 10_000 + i }),
      });
      const p = await res.json();
      if (method === 'TRANSFERMOVIL') {
        await sandbox.control('POST', `/sandbox/transfermovil/${p.transactionCode}/approve`);
      } else {
        const uuid = new URL(p.redirectUrl).pathname.split('/').pop();
        const d = await sandbox.control('POST', `/sandbox/enzona/${uuid}/approve`);
        await fetch(d.body.redirect, { redirect: 'manual' });
      }
    };
    const worker = async (w: number) => {
      for (let i = w; i < 60 && !killed; i += 6) {
        started++;
        if (started === 25) {
          killed = true;
          child!.kill('SIGKILL');
        }
        await one(i).catch(() => {});
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
    const dead = child!;
    if (dead.exitCode === null && dead.signalCode === null) await new Promise((r) => dead.once('exit', r));

    await startApi();
    database = await openDatabase({ url: dbUrl });
    const container = await buildContainer({
      config: loadConfig(env),
      database,
      log: Fastify({ logger: false }).log,
    });
    await container.payments.reconcileOnce({ olderThanMs: 0 });
    await container.close();

    const db = database.db;
    const { rows: byStatus } = await db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int n from payment_requests where created_at >= ${since} group by status`,
    );
    expect(byStatus.reduce((s, r) => s + r.n, 0)).toBeGreaterThan(0);
    // Everything the gateways took is PAYED; nothing they took is left PENDING.
    const paidAtGateway = new Set<string>(
      ((await sandbox.control('GET', '/sandbox/orders')).body as any).transfermovil
        .filter((o: any) => o.Status === 3)
        .map((o: any) => o.ExternalId),
    );
    for (const o of ((await sandbox.control('GET', '/sandbox/orders')).body as any).enzona)
      if ([1111, 1116].includes(o.status_code)) paidAtGateway.add(o.merchant_op_id);
    const { rows: payed } = await db.execute<{ external_id: string; amount_cents: string; id: string }>(
      sql`select id, external_id, amount_cents from payment_requests where status = 'PAYED' and created_at >= ${since}`,
    );
    expect(new Set(payed.map((p) => p.external_id))).toEqual(paidAtGateway);
    // The ledger holds exactly the PAYED payments, each once, for the same amounts.
    const { rows: check } = await db.execute<{
      payed: string;
      ledger: string;
      ledger_rows: number;
      distinct_rows: number;
      orphans: number;
    }>(sql`
      select
        (select coalesce(sum(amount_cents), 0) from payment_requests where status = 'PAYED' and created_at >= ${since}) payed,
        (select coalesce(sum(amount_cents), 0) from ledger_payments where kind <> 'REVERSAL'
           and payment_id in (select id from payment_requests where created_at >= ${since})) ledger,
        (select count(*)::int from ledger_payments where payment_id in (select id from payment_requests where created_at >= ${since})) ledger_rows,
        (select count(distinct payment_id)::int from ledger_payments where payment_id in (select id from payment_requests where created_at >= ${since})) distinct_rows,
        (select count(*)::int from ledger_payments l join payment_requests p on p.id = l.payment_id where p.status <> 'PAYED' and p.created_at >= ${since}) orphans`);
    expect(Number(check[0].payed)).toBe(Number(check[0].ledger));
    expect(check[0].ledger_rows).toBe(payed.length);
    expect(check[0].distinct_rows).toBe(payed.length);
    expect(check[0].orphans).toBe(0);
    expect(payed.length).toBeGreaterThan(0);
  }, 240_000);
});
