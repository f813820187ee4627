#!/usr/bin/env node
// Benchmark: the four dashboard calls (spec §7) over 10,000,000 payments spread across three years, on
// PostgreSQL, at 10 concurrent connections, beside a bare route of the same run.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/dashboard.bench.mjs
//   (options: BENCH_DASHBOARD_PAYMENTS=10000000 BENCH_DASHBOARD_REQUESTS=400)
//
// The API runs as its own process on a fresh database with the demo data. The payments are generated
// in bulk by SQL in chunks (a progress bar), with the row triggers off for the load (as a bulk import
// would be), then the rollups are built in one pass exactly as migration 0017 does; from then on the
// triggers keep them. Prints p50/p95/p99 of each call for the last 30 days and for two years.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_DASHBOARD_PAYMENTS || 10_000_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS || 400);
const CONCURRENCY = 10;
const CHUNK = 250_000;

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

function bar(done, total, started) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const secs = (Date.now() - started) / 1000;
  process.stdout.write(
    `\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')} / ${total.toLocaleString('en')} payments, ${secs.toFixed(0)} s`,
  );
  if (done >= total) process.stdout.write('\n');
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, request) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const t0 = performance.now();
      const res = await request();
      if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const f = (x) => x.toFixed(1).padStart(7);
  console.log(
    `  ${label.padEnd(44)} p50 ${f(pct(times, 50))} ms  p95 ${f(pct(times, 95))} ms  p99 ${f(pct(times, 99))} ms`,
  );
  return pct(times, 95);
}

async function main() {
  const dbName = `ov_bench_dash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url.toString(),
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-bench-')),
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_MS: '3600000',
      WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
    },
  });
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    for (let t = Date.now(); ; ) {
      if (
        await fetch(`${api}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() - t > 120_000 || child.exitCode !== null) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    await db.connect();
    const {
      rows: [owner],
    } = await db.query(`select id, space from users where email = 'jose.fernandez@example.cu'`);

    console.log(
      `Generating ${N.toLocaleString('en')} payments over three years (triggers off for the load):`,
    );
    const started = Date.now();
    await db.query(`set session_replication_role = replica`);
    for (let from = 0; from < N; from += CHUNK) {
      const to = Math.min(N, from + CHUNK);
      await db.query(
        `insert into payment_requests (id, space, user_id, cc, type, method, status, amount_cents, bonus_cents,
           external_id, expires_at, created_at, updated_at)
         select gen_random_uuid(), $1, $2, '2300000000003',
           case when i % 5 = 0 then 'ADELANTO' else 'CC' end,
           case when i % 3 = 0 then 'ENZONA' else 'TRANSFERMOVIL' end,
           (array['PAYED','PAYED','PAYED','PAYED','PAYED','PAYED','CANCELED','FAILED','PENDING','REFUNDED'])[1 + i % 10],
           1000 + (i * 7919) % 500000,
           case when i % 5 = 0 then ((1000 + (i * 7919) % 500000) * 5) / 100 else 0 end,
           'ovdash' || i, now(), now() - ((i % 1095) * interval '1 day') - ((i % 86400) * interval '1 second'), now()
         from generate_series($3::bigint, $4::bigint) as i`,
        [owner.space, owner.id, from, to - 1],
      );
      bar(to, N, started);
    }
    await db.query(`set session_replication_role = origin`);
    const loadSeconds = (Date.now() - started) / 1000;
    const rollStart = Date.now();
    await db.query(`delete from payment_rollups`);
    await db.query(`insert into payment_rollups (space, day, status, method, type, shard, count, amount_cents, bonus_cents)
      select space, (created_at at time zone 'America/Havana')::date, status, method, type,
        (abs(hashtext(id::text)) % 8)::smallint, count(*), sum(amount_cents), sum(bonus_cents)
      from payment_requests group by 1, 2, 3, 4, 5, 6`);
    await db.query('analyze payment_rollups');
    await db.query('analyze payment_requests');
    const {
      rows: [{ n: rollupRows }],
    } = await db.query('select count(*)::int as n from payment_rollups');
    console.log(
      `Generated in ${loadSeconds.toFixed(0)} s; rollups built in ${((Date.now() - rollStart) / 1000).toFixed(0)} s (${rollupRows.toLocaleString('en')} rows)`,
    );

    const signin = await fetch(`${api}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' }),
    }).then((r) => r.json());
    const headers = { authorization: `Bearer ${signin.accessToken}`, 'content-type': 'application/json' };
    const now = Date.now();
    const ranges = {
      'last 30 days': [new Date(now - 30 * 86_400_000), new Date(now)],
      'two years': [new Date(now - 730 * 86_400_000), new Date(now)],
    };
    console.log(`\n${REQUESTS} requests per line, ${CONCURRENCY} concurrent connections:`);
    await measure('GET /api/health (bare route)', () => fetch(`${api}/api/health`));
    let worst = 0;
    for (const [name, [from, to]] of Object.entries(ranges)) {
      const body = JSON.stringify({
        filters: [
          { type: 'RANGE', field: 'createdAt', from: from.toISOString(), to: to.toISOString(), isDate: true },
        ],
      });
      for (const call of [
        '/api/payment-request/payment-data',
        '/api/payment-request/payment-histogram',
        '/api/payment-request/payment-by-status',
        '/api/users/reports/users-quantity',
      ]) {
        const p95 = await measure(`POST ${call} (${name})`, () =>
          fetch(`${api}${call}`, { method: 'POST', headers, body }),
        );
        worst = Math.max(worst, p95);
      }
    }
    console.log(`\nWorst p95 of the dashboard calls: ${worst.toFixed(1)} ms (goal < 100 ms)`);
  } finally {
    child.kill('SIGTERM');
    await db.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
