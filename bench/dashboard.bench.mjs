#!/usr/bin/env node
// Benchmark: the four dashboard calls (spec §7) over 10,000,000 payments spread across three years, on
// PostgreSQL, at 10 concurrent connections, in turns with a bare route of the same run
// (bench/harness.mjs); and the staff's payment record (its first page unfiltered and page 500) at 20.
// Goals (issue 29, docs/performance.md): dashboard calls p95 < 100 ms and p99 < 150 ms for every
// range; the record p99 < 50 ms with no sequential scan (EXPLAIN printed with its verdict).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/dashboard.bench.mjs
//   (options: BENCH_DASHBOARD_PAYMENTS=10000000 BENCH_DASHBOARD_REQUESTS=400 BENCH_ROUNDS=2)
//
// The API runs as its own process on a fresh database with the demo data. The payments are generated
// in bulk by SQL in chunks (a progress bar), with the row triggers off for the load (as a bulk import
// would be), then the rollups are built in one pass exactly as migration 0017 does; from then on the
// triggers keep them. Prints p50/p95/p99 of each call for the last 30 days and for two years, each
// beside its goal with a verdict.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { alternate, closedLoop, freePort, latency, planVerdict, printTable } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_DASHBOARD_PAYMENTS || 10_000_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS || 400);
const CONCURRENCY = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const CHUNK = 250_000;

function bar(done, total, started) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const secs = (Date.now() - started) / 1000;
  process.stdout.write(
    `\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')} / ${total.toLocaleString('en')} payments, ${secs.toFixed(0)} s`,
  );
  if (done >= total) process.stdout.write('\n');
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
    const per = Math.ceil(REQUESTS / ROUNDS);
    const line = (name, request, goal, concurrency = CONCURRENCY) => ({
      name,
      goal,
      request,
      run: () => closedLoop({ calls: per, concurrency, request, label: name }),
    });
    const lines = [line('GET /api/health (bare)', () => fetch(`${api}/api/health`), null)];
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
      ])
        lines.push(
          line(
            `POST ${call} (${name})`,
            () => fetch(`${api}${call}`, { method: 'POST', headers, body }),
            latency({ p95: 100, p99: 150 }),
          ),
        );
    }
    for (const page of [1, 500])
      lines.push(
        line(
          `POST /api/payments/search, no filter, page ${page} (20 conn.)`,
          () =>
            fetch(`${api}/api/payments/search`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ page, size: 10, filters: [] }),
            }),
          latency({ p99: 50 }),
          20,
        ),
      );
    // Warm-up, unmeasured (nothing is cached between these requests: the measured path is the same).
    for (const l of lines)
      await closedLoop({ calls: 2 * CONCURRENCY, concurrency: CONCURRENCY, request: l.request });
    console.log(
      `\n${ROUNDS} rounds of ${per} requests per line, the lines in turns, ${CONCURRENCY} concurrent connections (the record: 20):`,
    );
    printTable(await alternate({ rounds: ROUNDS, lines }), { title: 'call' });

    const T = ['payment_requests'];
    await planVerdict(
      db,
      'payment record, no filter, page 1',
      `select * from payment_requests where space = $1 order by created_at desc, id asc limit 10 offset 0`,
      [owner.space],
      T,
    );
    await planVerdict(
      db,
      'payment record, no filter, page 500',
      `select * from payment_requests where space = $1 order by created_at desc, id asc limit 10 offset 4990`,
      [owner.space],
      T,
    );
    await planVerdict(
      db,
      'payment record total, no filter (the rollups kept by the database)',
      `select coalesce(sum(count), 0)::int from payment_rollups where space = $1`,
      [owner.space],
      T,
    );
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
