#!/usr/bin/env node
// Benchmark: 10,000 payment completions with 20% duplicate callbacks, on PostgreSQL.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/payments.bench.mjs
//   (options: BENCH_PAYMENTS=10000 BENCH_DUPLICATES=0.2 BENCH_CONCURRENCY=50 BENCH_ROUNDS=3)
//
// The API runs as its own process (node --import tsx apps/api/src/server.ts) on a fresh database with
// the demo data. 10,000 PENDING advance payments (Transfermóvil) are inserted directly, spread over
// the demo accounts. The bench then drives the real notification endpoint
// POST /api/payments/transfermovil/notify with valid credential headers; the API re-queries every
// order at "Transfermóvil", which here is an in-process fake HTTP server answering getStatusOrder
// with Status 3 (paid) and the order's amount (so the figures measure the API and the database, not
// the sandbox's payer pages). Every 5th notification is sent again (a duplicate), in random order.
// The callbacks run in BENCH_ROUNDS parts, in turns with a bare route (bench/harness.mjs). Prints
// completions/s and p50/p99 of the callback endpoint beside the goal (≥ 500 /s, p99 < 200 ms,
// docs/performance.md) with its verdict, and the exactly-once check (exit 1 when it fails): every one
// of this run's payments paid once, no duplicate applied, the ledger's sum equal to theirs. Only the
// payments the run created are counted (the demo data's paid payments are not).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { alternate, closedLoop, freePort, printTable, waitReady } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_PAYMENTS || 10_000);
const DUP = Number(process.env.BENCH_DUPLICATES || 0.2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const TM = { username: 'ov-bench-tm', seed: 'ov-bench-seed', source: '8001' };

const havana = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Havana',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
function tmHeaders(at = new Date()) {
  const p = Object.fromEntries(havana.formatToParts(at).map((x) => [x.type, x.value]));
  const pw = createHash('sha512')
    .update(`${TM.username}${Number(p.day)}${Number(p.month)}${Number(p.year)}${TM.seed}${TM.source}`)
    .digest('base64');
  return { username: TM.username, source: TM.source, password: pw };
}

const listen = async (srv) => {
  const port = await freePort();
  return new Promise((r) => srv.listen(port, '127.0.0.1', () => r(port)));
};
const decimal = (c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

async function main() {
  const dbName = `ov_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;

  // The fake Transfermóvil: every order it is asked about is paid, for the amount we registered.
  const amounts = new Map();
  const fake = createServer((req, res) => {
    const m = /getStatusOrder\/([^/]+)\/([^/?]+)/.exec(req.url ?? '');
    const amount = m ? amounts.get(decodeURIComponent(m[1])) : undefined;
    const body = amount
      ? {
          GetStatusOrderResult: {
            Success: true,
            Resultmsg: 'Pagada',
            Status: 3,
            ExternalId: m[1],
            Amount: decimal(amount),
            Currency: 'CUP',
          },
        }
      : { GetStatusOrderResult: { Success: false, Resultmsg: 'Orden no encontrada', Status: 0 } };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  const fakePort = await listen(fake);

  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS || '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url.toString(),
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: api,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-bench-')),
      LOG_LEVEL: 'warn',
      ENZONA_ENABLED: 'false',
      TRANSFERMOVIL_BASE_URL: `http://127.0.0.1:${fakePort}/RestExternalPayment.svc`,
      TM_USERNAME: TM.username,
      TM_SEED: TM.seed,
      TM_SOURCE: TM.source,
      RECONCILE_INTERVAL_MS: '3600000',
      WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
    },
  });
  const stop = async () => {
    child.kill('SIGTERM');
    fake.close();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  };
  try {
    await waitReady(api, child, 120_000);

    // 10,000 pending advance payments over the demo accounts.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows: accounts } = await db.query('select cc, space from accounts where active order by cc');
    const {
      rows: [user],
    } = await db.query(`select id from users where email = 'jose.fernandez@example.cu'`);
    const ids = [];
    for (let start = 0; start < N; start += 1000) {
      const values = [];
      const params = [];
      for (let i = start; i < Math.min(N, start + 1000); i++) {
        const externalId = `ovbench${String(i).padStart(8, '0')}`;
        const amount = 10_000 + ((i * 7919) % 40_000);
        amounts.set(externalId, amount);
        ids.push(externalId);
        const a = accounts[i % accounts.length];
        const k = params.length;
        params.push(a.space, user.id, a.cc, amount, Math.floor((amount * 5) / 100), externalId);
        values.push(
          `(gen_random_uuid(), $${k + 1}, $${k + 2}, $${k + 3}, 'ADELANTO', 'TRANSFERMOVIL', 'PENDING', $${k + 4}, $${k + 5}, 5, $${k + 6}, $${k + 6}, now() + interval '30 minutes')`,
        );
      }
      await db.query(
        `insert into payment_requests (id, space, user_id, cc, type, method, status, amount_cents, bonus_cents, bonus_percent, external_id, gateway_ref, expires_at) values ${values.join(',')}`,
        params,
      );
    }
    await db.query('analyze payment_requests');

    // The callbacks: each order once, plus 20% sent again; shuffled, then split into ROUNDS parts that
    // run in turns with the bare route (bench/harness.mjs `alternate`).
    const calls = [...ids];
    for (let i = 0; i < Math.round(N * DUP); i++) calls.push(ids[Math.floor(Math.random() * N)]);
    for (let i = calls.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [calls[i], calls[j]] = [calls[j], calls[i]];
    }
    const headers = { 'content-type': 'application/json', ...tmHeaders() };
    // Only what this run created counts: its own orders (external ids `ovbench…`), never the demo
    // data's payments.
    const OURS = `external_id like 'ovbench%'`;
    const countPayed = async () =>
      (await db.query(`select count(*)::int n from payment_requests where ${OURS} and status = 'PAYED'`))
        .rows[0].n;
    let acked = 0;
    let failed = 0;
    const per = Math.ceil(calls.length / ROUNDS);
    const bareCalls = Math.max(1000, Math.min(per, 5000));
    const results = await alternate({
      rounds: ROUNDS,
      lines: [
        {
          name: 'GET /api/health (bare)',
          run: () =>
            closedLoop({
              calls: bareCalls,
              concurrency: CONCURRENCY,
              request: () => fetch(`${api}/api/health`),
            }),
        },
        {
          name: 'TM notify → completions/s',
          goal: {
            text: `≥ 500 completions/s, p99 < 200 ms`,
            met: (r) => r.rps >= 500 && r.p99 < 200,
          },
          run: async (round) => {
            const part = calls.slice(round * per, (round + 1) * per);
            const before = await countPayed();
            const got = await closedLoop({
              calls: part.length,
              concurrency: CONCURRENCY,
              label: 'notify',
              request: async (i) => {
                const res = await fetch(`${api}/api/payments/transfermovil/notify`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({
                    Source: 8001,
                    BankId: '1',
                    TmId: `TM${round * per + i}`,
                    ExternalId: part[i],
                    Status: 3,
                    Msg: 'ok',
                  }),
                });
                const body = await res.clone().json();
                if (body.Success === true) acked++;
                else failed++;
                return res;
              },
            });
            // The figure is completions (payments of this run paid in this round) per second.
            return { ...got, count: (await countPayed()) - before };
          },
        },
      ],
    });
    printTable(results, { title: `${CONCURRENCY} concurrent callers` });
    const seconds = results[1].rps ? (await countPayed()) / results[1].rps : 0;

    const {
      rows: [r],
    } = await db.query(`
      with ours as (select id, status, amount_cents from payment_requests where ${OURS})
      select
        (select count(*)::int from ours where status = 'PAYED') payed,
        (select count(*)::int from ours where status = 'PENDING') pending,
        (select count(*)::int from ledger_payments l join ours p on p.id = l.payment_id) ledger_rows,
        (select count(distinct l.payment_id)::int from ledger_payments l join ours p on p.id = l.payment_id) ledger_payments,
        (select coalesce(sum(amount_cents), 0)::bigint from ours where status = 'PAYED') payed_cents,
        (select coalesce(sum(l.amount_cents), 0)::bigint from ledger_payments l join ours p on p.id = l.payment_id) ledger_cents,
        (select count(*)::int from payment_events e join ours p on p.id = e.payment_id where e.outcome = 'DUPLICATE') duplicate_events,
        (select count(*)::int from payment_requests where status = 'PAYED' and not ${OURS}) demo_payed`);
    await db.end();
    const result = {
      payments: N,
      callbacks: calls.length,
      duplicateCallbacks: calls.length - N,
      concurrency: CONCURRENCY,
      rounds: ROUNDS,
      seconds: Number(seconds.toFixed(2)),
      completionsPerSecond: Math.round(results[1].rps),
      p50Ms: Number(results[1].p50.toFixed(1)),
      p99Ms: Number(results[1].p99.toFixed(1)),
      maxMs: Number(results[1].max.toFixed(1)),
      acknowledged: acked,
      notAcknowledged: failed,
      payed: r.payed,
      stillPending: r.pending,
      duplicatesApplied: r.ledger_rows - r.ledger_payments,
      duplicateCallbacksLogged: r.duplicate_events,
      ledgerMatchesPayed: String(r.payed_cents) === String(r.ledger_cents),
      otherPayedPaymentsNotCounted: r.demo_payed,
    };
    console.log('payments.bench', JSON.stringify(result, null, 2));
    const ok = result.duplicatesApplied === 0 && result.ledgerMatchesPayed && result.payed === N;
    console.log(
      `exactly once: ${result.payed}/${N} of this run's payments paid, ${result.duplicatesApplied} duplicates applied, ledger ${result.ledgerMatchesPayed ? 'matches' : 'does NOT match'} → ${ok ? 'pass' : 'FAIL'}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
