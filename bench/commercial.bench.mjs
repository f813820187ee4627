#!/usr/bin/env node
/**
 * The commercial system over HTTP (issue 28, design §7), beside the built-in ledger in the same run,
 * on PostgreSQL (not a test: figures, each beside its goal with a verdict):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [BENCH_DB_PREFIX=ov_bench_cs] node bench/commercial.bench.mjs
 *     [--connections 50] [--duration 5] [--rounds 3] [--samples 10] [--burst 1000] [--only reads,office,burst]
 *
 * Processes, each its own: the reference commercial system (apps/commercial-reference, its schema in
 * this run's `ov_bench_cs_http` database, 300 demo accounts), an API with the built-in ledger on
 * `ov_bench_cs_ledger`, and two APIs in front of the reference on `ov_bench_cs_http`: one as deployed
 * (answers kept per code until the change feed names it; jobs on, the default feed interval of 10 s)
 * and one that keeps nothing (DEBTS_CACHE=false: every read reaches the system). Both databases are
 * created fresh by the run, with the demo data; only what the run itself creates is counted.
 *
 * 1. reads: debts-ccs and invoice-cc for María (two codes) at `connections` connections, the
 *    reference answering every /v1 call 20 ms late (its `slow` fault); the bare route (GET /api/health
 *    of the ledger API) runs in every round, in turns with the measured lines.
 * 2. office: an invoice issued and then paid at the reference's office-cashier page, `samples` times;
 *    the time from the cashier's payment to the portal no longer showing the debt (polled every 250 ms).
 *    Goal: p99 < 60 s at the default feed interval.
 * 3. burst: `burst` confirmed advance payments queued for posting at once while the reference is down
 *    for 30 s and, after that, loses the answer of 30 % of postings (applied, then 503: the portal must
 *    retry with the same key); time until every one is posted, and how many were applied more than once
 *    (goal: all posted, none twice).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  alternate,
  autocannonLoad,
  freePort,
  latency,
  printTable,
  share,
  summarize,
  verdict,
} from './harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 && argv[k + 1] && !argv[k + 1].startsWith('--') ? argv[k + 1] : fallback;
};
const connections = Number(arg('connections', 50));
const duration = Number(arg('duration', 5));
const rounds = Number(arg('rounds', 3));
const samples = Number(arg('samples', 10));
const burst = Number(arg('burst', 1000));
const only = new Set(arg('only', 'reads,office,burst').split(','));
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The run's databases: `<prefix>_ledger` and `<prefix>_http` (BENCH_DB_PREFIX keeps runs of several people apart). */
const DB_PREFIX = process.env.BENCH_DB_PREFIX || 'ov_bench_cs';
const TOKEN = 'ov-bench-commercial-token';
const MARIA = { email: 'maria.perez@example.cu', password: 'Demo.Oficina.2026' };
const CC = '2300000000001';
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

const children = [];
function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (b) => {
    log = (log + b).slice(-6000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.log = () => log;
  child.label = name;
  children.push(child);
  return child;
}
async function ready(url, child, ms = 600_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${child.label} exited (${child.exitCode}):\n${child.log()}`);
    if (Date.now() > deadline) throw new Error(`${child.label} not ready:\n${child.log()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await pause(300);
  }
}
async function stopAll() {
  await Promise.all(
    children.map(
      (c) =>
        new Promise((done) => {
          if (c.exitCode !== null || c.signalCode !== null) return done();
          c.once('exit', done);
          c.kill('SIGTERM');
          setTimeout(() => c.kill('SIGKILL'), 8000).unref();
        }),
    ),
  );
}
async function freshDatabase(name) {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
}
const json = (body, token) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
async function signIn(api) {
  const res = await fetch(`${api}/api/signin`, json(MARIA));
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}
const fault = (reference, body) =>
  fetch(`${reference}/control/faults`, json(body)).then((r) => {
    if (!r.ok) throw new Error(`fault ${JSON.stringify(body)}: ${r.status}`);
  });
const cashier = (reference, action, fields) =>
  fetch(`${reference}/oficina/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  }).then((r) => {
    const at = r.headers.get('location') ?? '';
    if (r.status !== 303 || !at.includes('ok=')) throw new Error(`cashier ${action}: ${r.status} ${at}`);
  });

try {
  console.log(
    `commercial-system benchmark on ${SERVER.replace(/\/\/[^@]*@/, '//')} (fresh databases ${DB_PREFIX}_*)`,
  );
  const [ledgerUrl, httpUrl] = await Promise.all([
    freshDatabase(`${DB_PREFIX}_ledger`),
    freshDatabase(`${DB_PREFIX}_http`),
  ]);
  const refPort = await freePort();
  const reference = `http://127.0.0.1:${refPort}`;
  const ref = start('reference', ['--import', 'tsx', 'apps/commercial-reference/src/server.ts'], {
    COMMERCIAL_REF_PORT: String(refPort),
    COMMERCIAL_REF_DATABASE_URL: httpUrl,
    COMMERCIAL_REF_TOKEN: TOKEN,
  });
  await ready(`${reference}/health`, ref);
  const common = { DEMO_DATA: 'true', MIGRATE_ON_START: 'true', NODE_ENV: 'development', HOST: '127.0.0.1' };
  const http = {
    COMMERCIAL_SYSTEM: 'http',
    COMMERCIAL_SYSTEM_URL: reference,
    COMMERCIAL_SYSTEM_TOKEN: TOKEN,
  };
  const ports = { ledger: await freePort(), kept: await freePort(), live: await freePort() };
  const url = (k) => `http://127.0.0.1:${ports[k]}`;
  const ledgerApi = start('API (ledger)', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    ...common,
    PORT: String(ports.ledger),
    DATABASE_URL: ledgerUrl,
    PROCESS_ROLES: 'api',
    DATA_DIR: `/tmp/ov-bench-cs-ledger-${randomBytes(3).toString('hex')}`,
  });
  const keptApi = start('API (http, kept copies, jobs)', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    ...common,
    ...http,
    PORT: String(ports.kept),
    DATABASE_URL: httpUrl,
    PROCESS_ROLES: 'api,jobs',
    DATA_DIR: `/tmp/ov-bench-cs-kept-${randomBytes(3).toString('hex')}`,
  });
  await Promise.all([
    ready(`${url('ledger')}/api/health/ready`, ledgerApi),
    ready(`${url('kept')}/api/health/ready`, keptApi),
  ]);
  const liveApi = start('API (http, live)', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    ...common,
    ...http,
    MIGRATE_ON_START: 'false',
    DEBTS_CACHE: 'false',
    PORT: String(ports.live),
    DATABASE_URL: httpUrl,
    PROCESS_ROLES: 'api',
    DATA_DIR: `/tmp/ov-bench-cs-live-${randomBytes(3).toString('hex')}`,
  });
  await ready(`${url('live')}/api/health/ready`, liveApi);
  const tokens = {
    ledger: await signIn(url('ledger')),
    kept: await signIn(url('kept')),
    live: await signIn(url('live')),
  };

  // ---- 1. reads ----
  if (only.has('reads')) {
    await fault(reference, { target: 'api', mode: 'slow', delayMs: 20 });
    const route = (k, p, body) => ({
      method: 'POST',
      path: `/api/ahab-requests/${p}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[k]}` },
      body: JSON.stringify(body),
    });
    const debts = (k) => route(k, 'debts-ccs', {});
    const invoices = (k) => route(k, 'invoice-cc', { cc: CC, page: 1, size: 10 });
    const load = (k, request) => () => autocannonLoad({ url: url(k), connections, duration, request });
    // Warm-up: every process has signed in and read once (the kept process's copies are its steady state).
    for (const k of ['ledger', 'kept', 'live']) {
      await load(k, debts(k))();
      await load(k, invoices(k))();
    }
    const bare = { method: 'GET', path: '/api/health' };
    const liveGoal = latency({ p99: 20 + 20 * 4 });
    liveGoal.text = `p99 < 100 ms (the system answers 20 ms late) — ${liveGoal.text}`;
    const lines = [
      { name: 'GET /api/health (bare)', run: load('ledger', bare) },
      { name: 'debts-ccs, built-in ledger', goal: share(0.5, 15), run: load('ledger', debts('ledger')) },
      { name: 'debts-ccs, http, kept copies', goal: share(0.5, 15), run: load('kept', debts('kept')) },
      { name: 'debts-ccs, http, live (+20 ms)', goal: liveGoal, run: load('live', debts('live')) },
      { name: 'invoice-cc, built-in ledger', goal: share(0.4, 20), run: load('ledger', invoices('ledger')) },
      { name: 'invoice-cc, http, kept copies', goal: share(0.4, 20), run: load('kept', invoices('kept')) },
      { name: 'invoice-cc, http, live (+20 ms)', goal: liveGoal, run: load('live', invoices('live')) },
    ];
    console.log(
      `\n1. reads — ${connections} connections, ${rounds} rounds of ${duration} s, bare route and measured lines in turns; the reference answers 20 ms late`,
    );
    printTable(await alternate({ rounds, lines }));
    await fault(reference, { target: 'api', mode: 'none' });
  }

  // ---- 2. office payment → the portal no longer shows the debt ----
  if (only.has('office')) {
    const debt = async () => {
      const res = await fetch(`${url('kept')}/api/ahab-requests/debts-ccs`, json({ ccs: [CC] }, tokens.kept));
      if (res.status !== 200) throw new Error(`debts-ccs: ${res.status}`);
      return (await res.json())[0].totalDebtCents;
    };
    const contract = (p) =>
      fetch(`${reference}${p}`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.json());
    const waitFor = async (what, check, ms = 180_000) => {
      const t0 = Date.now();
      while (!(await check())) {
        if (Date.now() - t0 > ms) throw new Error(`not within ${ms / 1000} s: ${what}`);
        await pause(250);
      }
      return Date.now() - t0;
    };
    const seen = [];
    console.log(`\n2. office payment → portal, ${samples} samples at the default feed interval (10 s):`);
    for (let i = 0; i < samples; i++) {
      const before = await debt();
      await cashier(reference, 'factura', { cc: CC, amount: '10.00' });
      const [issued] = (await contract(`/v1/accounts/${CC}/invoices?status=open&page=1&size=1`)).rows;
      await waitFor('the new invoice shown', async () => (await debt()) === before + issued.dueCents);
      const t0 = Date.now();
      await cashier(reference, 'pago', { cc: CC, invoiceNumber: issued.invoiceNumber, key: randomUUID() });
      await waitFor('the office payment shown', async () => (await debt()) === before);
      seen.push((Date.now() - t0) / 1000);
      process.stderr.write(`  sample ${i + 1}/${samples}: ${seen.at(-1).toFixed(1)} s\n`);
    }
    const s = summarize(seen);
    console.log(
      `  office payment → debt gone: p50 ${s.p50.toFixed(1)} s, p99 ${s.p99.toFixed(1)} s, max ${s.max.toFixed(1)} s (n=${s.n}) — goal p99 < 60 s → ${verdict(s.p99 < 60)}`,
    );
  }

  // ---- 3. a burst of postings through a system down for 30 s, then losing 30 % of answers ----
  if (only.has('burst')) {
    const db = new pg.Client({ connectionString: httpUrl });
    await db.connect();
    const { rows: who } = await db.query('select id, space from users where email = $1', [MARIA.email]);
    const runTag = `bench-${randomBytes(4).toString('hex')}`;
    const ids = Array.from({ length: burst }, () => randomUUID());
    await fault(reference, { target: 'api', mode: 'down' });
    const t0 = Date.now();
    const paidAt = new Date().toISOString();
    // What a gateway confirmation leaves behind: the payment PAYED and its posting queued (the outbox).
    await db.query(
      `insert into payment_requests (id, space, user_id, cc, type, method, status, amount_cents, external_id, gateway_ref, result_code, settled_at, expires_at)
       select id::uuid, $2, $3, $4, 'ADELANTO', 'ENZONA', 'PAYED', 10000, $5 || '-' || n, $5 || '-' || n, 2, now(), now() + interval '30 minutes'
       from unnest($1::text[]) with ordinality as t(id, n)`,
      [ids, who[0].space, who[0].id, CC, runTag],
    );
    await db.query(
      `insert into commercial_postings (payment_id, space, cc, type, body, amount_cents)
       select id::uuid, $2, $3, 'ADELANTO',
         jsonb_build_object('paymentId', id, 'cc', $3::text, 'type', 'ADELANTO', 'method', 'ENZONA',
           'gatewayReference', $4 || '-' || n, 'paidAt', $5::text, 'amountCents', 10000, 'bonusCents', 0,
           'invoices', '[]'::jsonb), 10000
       from unnest($1::text[]) with ordinality as t(id, n)`,
      [ids, who[0].space, CC, runTag, paidAt],
    );
    console.log(
      `\n3. burst: ${burst} confirmed payments queued; the system down for 30 s, then 30 % of answers lost`,
    );
    await pause(30_000);
    await fault(reference, { target: 'api', mode: 'none' });
    await fault(reference, { target: 'payments', mode: 'fail-after', ratio: 0.3 });
    const posted = async () =>
      (
        await db.query(
          `select count(*)::int n from commercial_postings where status = 'POSTED' and payment_id = any($1::uuid[])`,
          [ids],
        )
      ).rows[0].n;
    const deadline = Date.now() + 20 * 60_000;
    let n = await posted();
    while (n < burst && Date.now() < deadline) {
      process.stderr.write(`  ${n}/${burst} posted after ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
      await pause(5000);
      n = await posted();
    }
    const allIn = (Date.now() - t0) / 1000;
    await fault(reference, { target: 'payments', mode: 'none' });
    const { rows: attempts } = await db.query(
      `select coalesce(sum(attempts), 0)::int a, max(attempts)::int m from commercial_postings where payment_id = any($1::uuid[])`,
      [ids],
    );
    let twice = 0;
    let missing = 0;
    for (let i = 0; i < ids.length; i += 25) {
      const found = await Promise.all(
        ids
          .slice(i, i + 25)
          .map((id) => fetch(`${reference}/control/postings?key=${id}`).then((r) => r.json())),
      );
      twice += found.filter((f) => f.length > 1).length;
      missing += found.filter((f) => f.length === 0).length;
    }
    await db.end();
    console.log(
      `  all ${n}/${burst} posted ${allIn.toFixed(1)} s after the burst (${(allIn - 30).toFixed(1)} s after the system came back); attempts ${attempts[0].a} (at most ${attempts[0].m} for one)`,
    );
    console.log(
      `  applied in the commercial system: once ${burst - twice - missing}, twice ${twice}, never ${missing} — goal all once → ${verdict(twice === 0 && missing === 0 && n === burst)}`,
    );
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  for (const c of children) console.error(`--- ${c.label} ---\n${c.log()}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
