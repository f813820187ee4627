#!/usr/bin/env node
// Benchmark: contract-request queues and the lookup by ID over 200,000 requests on PostgreSQL, at 20
// concurrent connections, beside a bare route of the same run (issue 10: p99 < 50 ms, no seq scan).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/contract-requests.bench.mjs
//   (options: BENCH_REQUESTS_ROWS=200000 BENCH_REQUESTS_CALLS=2000)
//
// The API runs as its own process on a fresh database with the demo data, behind one trusted proxy hop
// so each lookup can come from its own visitor address (the lookup is throttled per address). The
// requests are written by the generator (`npm run seed:requests -w apps/api`, progress bar on stderr).
// Prints p50/p95/p99 per call and the query plans of the queue page and the lookup.
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
const ROWS = Number(process.env.BENCH_REQUESTS_ROWS || 200_000);
const CALLS = Number(process.env.BENCH_REQUESTS_CALLS || 2000);
const CONCURRENCY = 20;

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, request) {
  // Warm-up (unmeasured): connections, prepared plans and JIT settle first, as in a running server.
  for (let w = 0; w < 10; w++)
    await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, k) =>
        request(CALLS + w * CONCURRENCY + k).then((r) => r.arrayBuffer()),
      ),
    );
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < CALLS) {
      const i = next++;
      const t0 = performance.now();
      const res = await request(i);
      if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const f = (x) => x.toFixed(1).padStart(6);
  console.log(
    `  ${label.padEnd(58)} p50 ${f(pct(times, 50))} ms  p95 ${f(pct(times, 95))} ms  p99 ${f(pct(times, 99))} ms`,
  );
  return pct(times, 99);
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} → ${code}`))));
  });
}

async function plan(db, label, query, params) {
  const { rows } = await db.query(`explain (analyze, costs off, timing off, summary on) ${query}`, params);
  const text = rows.map((r) => r['QUERY PLAN']).join('\n');
  console.log(`\n  EXPLAIN ${label}:\n${text.replace(/^/gm, '    ')}`);
  if (/Seq Scan/.test(text)) throw new Error(`${label}: sequential scan`);
}

async function main() {
  const dbName = `ov_bench_cr_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: url.toString(),
    DEMO_DATA: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-bench-')),
    LOG_LEVEL: 'warn',
    RECONCILE_INTERVAL_MS: '3600000',
    WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
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
    console.log(`Generating ${ROWS.toLocaleString('en')} contract requests:`);
    await run(
      process.execPath,
      ['--import', 'tsx', 'apps/api/scripts/seed-contract-requests.ts', '--requests', String(ROWS)],
      env,
    );
    await db.connect();
    const { rows: sample } = await db.query(
      `select request_id from contract_requests tablesample system (5) limit 2000`,
    );
    const ids = sample.map((r) => `${r.request_id.slice(0, 5)}-${r.request_id.slice(5)}`);

    const signin = async (email, password) => {
      const r = await fetch(`${api}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }).then((x) => x.json());
      return { authorization: `Bearer ${r.accessToken}`, 'content-type': 'application/json' };
    };
    const adminHeaders = await signin('admin@aguasdelahabana.cu', 'Admin.Oficina.2026');
    const anaHeaders = await signin('ana.comercial@aguasdelahabana.cu', 'Demo.Oficina.2026');
    const queue = (sector, status, municipality) =>
      JSON.stringify({
        page: 1,
        size: 10,
        filters: [
          { type: 'TERM', field: 'sector', value: sector },
          { type: 'TERM', field: 'status', value: status },
          { type: 'TERM', field: 'municipality', value: municipality },
        ],
      });
    const open = ['NEW', 'PENDING', 'REVIEW', 'SIGNATURE_READY', 'DEBT_PENDING'];

    console.log(`\n${CALLS} calls per line, ${CONCURRENCY} concurrent connections:`);
    await measure('GET /api/health (bare route)', () => fetch(`${api}/api/health`));
    const worst = [];
    worst.push(
      await measure('residential queue page (specialist: status, municipality)', (i) =>
        fetch(`${api}/api/contract-requests/search`, {
          method: 'POST',
          headers: anaHeaders,
          body: queue('RESIDENTIAL', open[i % open.length], 1 + (i % 15)),
        }),
      ),
    );
    worst.push(
      await measure('all-sectors queue page (admin: sector, status, municipality)', (i) =>
        fetch(`${api}/api/contract-requests/search`, {
          method: 'POST',
          headers: adminHeaders,
          body: queue(
            ['STATE', 'ESTATE_BIG_CLIENT', 'RESIDENTIAL'][i % 3],
            open[i % open.length],
            1 + (i % 15),
          ),
        }),
      ),
    );
    worst.push(
      await measure('GET /api/contract-requests/lookup/{id} (anonymous)', (i) =>
        fetch(`${api}/api/contract-requests/lookup/${ids[i % ids.length]}`, {
          headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        }),
      ),
    );
    console.log(`\nWorst p99: ${Math.max(...worst).toFixed(1)} ms (goal < 50 ms)`);

    await plan(
      db,
      'queue page',
      `select * from contract_requests where space = 'ahab' and sector in ('RESIDENTIAL') and sector = $1
        and status = $2 and municipality = $3 order by created_at asc, id asc limit 10`,
      ['RESIDENTIAL', 'NEW', 2],
    );
    await plan(
      db,
      'queue count',
      `select count(*) from contract_requests where space = 'ahab' and sector in ('RESIDENTIAL') and sector = $1
        and status = $2 and municipality = $3`,
      ['RESIDENTIAL', 'NEW', 2],
    );
    await plan(db, 'lookup', `select * from contract_requests where request_id = $1`, [
      ids[0].replace('-', ''),
    ]);
    await plan(
      db,
      'lookup history',
      `select e.status, e.at from contract_request_events e join contract_requests r on r.id = e.request_id
        where r.request_id = $1 and e.kind = 'STATUS' order by e.at, e.id`,
      [ids[0].replace('-', '')],
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
