/**
 * Billing benchmark (not a test): autocannon over loopback against the real API process.
 *   npm run bench                                   # every bench/*.bench.mjs
 *   node bench/billing.bench.mjs [--accounts 1000000] [--connections 50] [--duration 10] [--users 1000]
 *   node bench/billing.bench.mjs --pglite [--accounts 20000]
 *   node bench/billing.bench.mjs --only invoice-cc    # one route (with BENCH_API_NODE_ARGS to profile it)
 * PostgreSQL: BENCH_DATABASE_URL, or database `ov_bench` created on BENCH_SERVER_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) and reused when already seeded.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 && argv[k + 1] && !argv[k + 1].startsWith('--') ? argv[k + 1] : fallback;
};
const pglite = argv.includes('--pglite');
const accounts = Number(arg('accounts', pglite ? 20000 : 1000000));
const connections = Number(arg('connections', 50));
const duration = Number(arg('duration', 10));
const benchUsers = Number(arg('users', pglite ? 200 : 1000));
const only = arg('only', '');

async function databaseUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const server = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  const { rowCount } = await c.query("select 1 from pg_database where datname = 'ov_bench'");
  if (!rowCount) await c.query('create database ov_bench');
  await c.end();
  const u = new URL(server);
  u.pathname = '/ov_bench';
  return u.toString();
}

const url = pglite ? undefined : await databaseUrl();
const dataDir = path.join(tmpdir(), 'ov-bench-pglite');
if (pglite) mkdirSync(dataDir, { recursive: true });
console.log(
  `billing benchmark on ${pglite ? `PGlite (${dataDir})` : url}: ${accounts.toLocaleString('en-US')} accounts, ${connections} connections, ${duration}s per route`,
);
const setup = JSON.parse(
  execFileSync(
    'npx',
    [
      'tsx',
      'bench/billing-setup.ts',
      url ?? '',
      path.join(dataDir, 'pglite'),
      String(accounts),
      String(benchUsers),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    },
  )
    .trim()
    .split('\n')
    .at(-1),
);

const secret = randomBytes(32).toString('hex');
const baseEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  JWT_SECRET: secret,
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'false',
  NODE_ENV: 'development',
  ADMIN_EMAIL: 'admin@bench.local',
  ADMIN_PASSWORD: 'Bench.Admin.2026',
};
if (url) baseEnv.DATABASE_URL = url;
else {
  delete baseEnv.DATABASE_URL;
  baseEnv.DATA_DIR = dataDir;
}
// BENCH_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the API under load.
const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Starts the API on a free port; resolves with its base URL once it is ready. */
async function startApi(extraEnv = {}) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const api = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...baseEnv, ...extraEnv, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let apiExit = null;
  const exited = new Promise((resolve) => api.on('exit', resolve));
  api.on('exit', (code) => {
    apiExit = code;
  });
  const base = `http://127.0.0.1:${port}`;
  for (let k = 0; ; k++) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) break;
    } catch {}
    if (apiExit !== null || k > 600) throw new Error(`API did not start (exit ${apiExit})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: async () => {
      api.kill('SIGTERM');
      await exited;
    },
  };
}

const key = new TextEncoder().encode(secret);
const tokens = await Promise.all(
  setup.users.map(async (u) => ({
    cc: u.cc,
    auth: `Bearer ${await new SignJWT({ space: 'ahab', typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.id).setIssuedAt().setExpirationTime('2h').sign(key)}`,
  })),
);
const pick = () => tokens[Math.floor(Math.random() * tokens.length)];
async function checkDebts(base) {
  const check = await fetch(`${base}/api/ahab-requests/debts-ccs`, {
    method: 'POST',
    headers: { authorization: tokens[0].auth, 'content-type': 'application/json' },
    body: '{}',
  });
  if (check.status !== 200) throw new Error(`debts-ccs answered ${check.status}: ${await check.text()}`);
}

function run(base, title, request) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration, requests: [request] }, (err, res) =>
      err
        ? reject(err)
        : resolve({
            title,
            rps: res.requests.average,
            p50: res.latency.p50,
            p99: res.latency.p99,
            non2xx: res.non2xx,
            errors: res.errors,
          }),
    );
  });
}
const post = (pathname, body) => ({
  method: 'POST',
  path: pathname,
  setupRequest: (req) => {
    const u = pick();
    return {
      ...req,
      headers: { authorization: u.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body(u)),
    };
  },
});

const debtsCcs = post('/api/ahab-requests/debts-ccs', () => ({}));
const routes = [
  { name: 'debts-ccs', title: 'POST debts-ccs', request: debtsCcs },
  {
    name: 'invoice-cc',
    title: 'POST invoice-cc',
    request: post('/api/ahab-requests/invoice-cc', (u) => ({ cc: u.cc, page: 1, size: 10 })),
  },
  // The same call with every debt summary read from the database (no copies kept between requests).
  {
    name: 'debts-ccs-uncached',
    title: 'POST debts-ccs (no cache)',
    request: debtsCcs,
    env: { DEBTS_CACHE: 'false' },
  },
].filter((r) => !only || r.name === only);

const results = [];
for (const env of [undefined, { DEBTS_CACHE: 'false' }]) {
  const mine = routes.filter((r) => r.env?.DEBTS_CACHE === env?.DEBTS_CACHE);
  if (!mine.length && env) continue;
  const api = await startApi(env);
  await checkDebts(api.base);
  await run(api.base, 'warm-up', debtsCcs);
  if (!env)
    results.push(await run(api.base, 'GET /api/health (bare)', { method: 'GET', path: '/api/health' }));
  for (const r of mine) results.push(await run(api.base, r.title, r.request));
  await api.stop();
}

const bare = results[0].rps;
console.log(
  `\n${'route'.padEnd(28)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'vs bare'.padStart(8)} non2xx`,
);
for (const r of results)
  console.log(
    `${r.title.padEnd(28)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${`${((100 * r.rps) / bare).toFixed(1)}%`.padStart(8)} ${r.non2xx + r.errors}`,
  );
const debts = results.find((r) => r.title === 'POST debts-ccs');
if (debts)
  console.log(
    `\ngoal debts-ccs ≥ 25% of bare and p99 < 25 ms: ${debts.rps >= 0.25 * bare && debts.p99 < 25 ? 'met' : 'NOT met'}` +
      ' (debt summaries kept between requests; the last row reads every one from the database)',
  );
for (const p of setup.plans) console.log(`\nEXPLAIN ANALYZE — ${p.label}\n${p.plan}`);
