#!/usr/bin/env node
// Benchmark: contract-request queues and the lookup by ID over 200,000 requests on PostgreSQL, at 20
// concurrent connections, in turns with a bare route of the same run (bench/harness.mjs). Goal (issue
// 29, docs/contract-requests.md): every list page and lookup p99 < 50 ms, no sequential scan.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/contract-requests.bench.mjs
//   (options: BENCH_REQUESTS_ROWS=200000 BENCH_REQUESTS_CALLS=1800 BENCH_ROUNDS=3)
//
// The API runs as its own process on a fresh database with the demo data, behind one trusted proxy hop
// so each lookup can come from its own visitor address (the lookup is throttled per address). The
// requests are written by the generator (`npm run seed:requests -w apps/api`, progress bar on stderr).
// Lines: the filtered queues, the unfiltered all-sectors queue (what an administrator opens first) at
// page 1 and page 500, its counts per status, and the lookup. Prints p50/p95/p99 per line beside the
// goal with its verdict, and EXPLAIN's plans of those queries, each with its verdict.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { alternate, closedLoop, freePort, latency, planVerdict, printTable, waitReady } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_REQUESTS_ROWS || 200_000);
const CALLS = Number(process.env.BENCH_REQUESTS_CALLS || 1800);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONCURRENCY = 20;
const GOAL = latency({ p99: 50 });

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} → ${code}`))));
  });
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
    await waitReady(api, child, 120_000);
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
    const search = (headers, body) => () =>
      fetch(`${api}/api/contract-requests/search`, { method: 'POST', headers, body });
    const post = (route, headers, body) =>
      fetch(`${api}/api/contract-requests/${route}`, { method: 'POST', headers, body });
    const per = Math.ceil(CALLS / ROUNDS);
    const line = (name, request, goal = GOAL) => ({
      name,
      goal,
      request,
      run: () => closedLoop({ calls: per, concurrency: CONCURRENCY, request, label: name }),
    });
    const lines = [
      line('GET /api/health (bare)', () => fetch(`${api}/api/health`), null),
      line('residential queue (specialist: status, municipality)', (i) =>
        post('search', anaHeaders, queue('RESIDENTIAL', open[i % open.length], 1 + (i % 15))),
      ),
      line('all sectors (admin: sector, status, municipality)', (i) =>
        post(
          'search',
          adminHeaders,
          queue(['STATE', 'ESTATE_BIG_CLIENT', 'RESIDENTIAL'][i % 3], open[i % open.length], 1 + (i % 15)),
        ),
      ),
      line(
        'all sectors, no filter, page 1 (admin)',
        search(adminHeaders, '{"page":1,"size":10,"filters":[]}'),
      ),
      line(
        'all sectors, no filter, page 500 (admin)',
        search(adminHeaders, '{"page":500,"size":10,"filters":[]}'),
      ),
      line('counts per status, no filter (admin)', () =>
        post('counts', adminHeaders, '{"page":1,"size":10,"filters":[]}'),
      ),
      line('GET lookup/{id} (anonymous)', (i) =>
        fetch(`${api}/api/contract-requests/lookup/${ids[i % ids.length]}`, {
          headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        }),
      ),
    ];
    // Warm-up, unmeasured: connections, prepared plans and the JIT settle (nothing is cached between
    // these requests, so the measured path is the same). Lookups warm up from other addresses.
    for (const l of lines)
      await closedLoop({
        calls: 10 * CONCURRENCY,
        concurrency: CONCURRENCY,
        request: (i) => l.request(CALLS + i),
        label: l.name,
      });
    const {
      rows: [{ n: total }],
    } = await db.query(`select count(*)::int n from contract_requests`);
    console.log(
      `\n${total.toLocaleString('en')} requests; ${ROUNDS} rounds of ${per} calls per line, the lines in turns, ${CONCURRENCY} concurrent connections:`,
    );
    printTable(await alternate({ rounds: ROUNDS, lines }), { title: 'line' });

    const T = ['contract_requests', 'contract_request_events'];
    const admin = `space = 'ahab'`;
    await planVerdict(
      db,
      'filtered queue page (sector, status, municipality)',
      `select * from contract_requests where space = 'ahab' and sector in ('RESIDENTIAL') and sector = $1
        and status = $2 and municipality = $3 order by created_at asc, id asc limit 10`,
      ['RESIDENTIAL', 'NEW', 2],
      T,
    );
    await planVerdict(
      db,
      'filtered queue total (kept counts)',
      `select coalesce(sum(count), 0)::int from contract_request_counts where space = 'ahab'
        and sector in ('RESIDENTIAL') and sector = $1 and status = $2 and municipality = $3`,
      ['RESIDENTIAL', 'NEW', 2],
      T,
    );
    await planVerdict(
      db,
      'unfiltered queue page 1 (all sectors)',
      `select * from contract_requests where ${admin} order by created_at asc, id asc limit 10 offset 0`,
      [],
      T,
    );
    await planVerdict(
      db,
      'unfiltered queue page 500 (all sectors)',
      `select * from contract_requests where ${admin} order by created_at asc, id asc limit 10 offset 4990`,
      [],
      T,
    );
    await planVerdict(
      db,
      'unfiltered queue total (kept counts)',
      `select coalesce(sum(count), 0)::int from contract_request_counts where ${admin}`,
      [],
      T,
    );
    await planVerdict(
      db,
      'unfiltered counts per status (kept counts)',
      `select status, sum(count)::int from contract_request_counts where ${admin} group by status having sum(count) > 0`,
      [],
      T,
    );
    const {
      rows: [check],
    } = await db.query(
      `select (select count(*)::int from contract_requests where ${admin}) counted,
        (select coalesce(sum(count), 0)::int from contract_request_counts where ${admin}) kept`,
    );
    console.log(
      `\n  kept total ${check.kept.toLocaleString('en')} vs counted ${check.counted.toLocaleString('en')} → ${check.kept === check.counted ? 'exact' : 'WRONG'}`,
    );
    if (check.kept !== check.counted) process.exitCode = 1;
    await planVerdict(
      db,
      'lookup',
      `select * from contract_requests where request_id = $1`,
      [ids[0].replace('-', '')],
      T,
    );
    await planVerdict(
      db,
      'lookup history',
      `select e.status, e.at from contract_request_events e join contract_requests r on r.id = e.request_id
        where r.request_id = $1 and e.kind = 'STATUS' order by e.at, e.id`,
      [ids[0].replace('-', '')],
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
