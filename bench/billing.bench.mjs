/**
 * Billing benchmark (not a test): autocannon over loopback against the real API processes.
 *   npm run bench                                   # every bench/*.bench.mjs
 *   node bench/billing.bench.mjs [--accounts 1000000] [--connections 50] [--duration 5] [--rounds 3] [--users 1000]
 *   node bench/billing.bench.mjs --pglite [--accounts 20000]
 *   node bench/billing.bench.mjs --only invoice-cc    # one route beside the bare one (BENCH_API_NODE_ARGS to profile)
 * PostgreSQL: BENCH_DATABASE_URL, or database `ov_bench` created on BENCH_SERVER_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) and reused when already seeded.
 *
 * The bare route runs in every round, in turns with the measured ones (bench/harness.mjs); each row
 * prints its goal (docs/performance.md) and the verdict. Goals: debts-ccs read from the database
 * ≥ 50 % of the bare route's req/s and p99 < 15 ms; invoice-cc ≥ 40 % and p99 < 20 ms; at 50
 * connections. The cached debts-ccs row is printed for what it is (summaries kept between requests).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { alternate, autocannonLoad, freePort, printTable, share, verdict } from './harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 && argv[k + 1] && !argv[k + 1].startsWith('--') ? argv[k + 1] : fallback;
};
const pglite = argv.includes('--pglite');
const accounts = Number(arg('accounts', pglite ? 20000 : 1000000));
const connections = Number(arg('connections', 50));
const duration = Number(arg('duration', 5));
const rounds = Number(arg('rounds', 3));
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
  `billing benchmark on ${pglite ? `PGlite (${dataDir})` : url}: ${accounts.toLocaleString('en-US')} accounts, ${connections} connections`,
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
  const port = await freePort();
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
const invoiceCc = post('/api/ahab-requests/invoice-cc', (u) => ({ cc: u.cc, page: 1, size: 10 }));
const bareRoute = { method: 'GET', path: '/api/health' };

// Two API processes side by side: `cached` keeps debt summaries between requests (the default);
// `uncached` (DEBTS_CACHE=false) reads every one from the database. invoice-cc has no cache of its own
// and runs on the uncached one.
const cached = await startApi();
const uncached = await startApi({ DEBTS_CACHE: 'false' });
try {
  await checkDebts(cached.base);
  await checkDebts(uncached.base);
  const load =
    (api, request, seconds = duration) =>
    () =>
      autocannonLoad({ url: api.base, connections, duration: seconds, request });
  // Warm-up, unmeasured, 2 s each. On the uncached process it settles connections, prepared statements
  // and the JIT without changing the measured path (nothing is kept between its requests). On the
  // cached one it fills the debt summaries: its row is the cached steady state and says so.
  await load(uncached, debtsCcs, 2)();
  await load(uncached, invoiceCc, 2)();
  await load(cached, bareRoute, 2)();
  await load(cached, debtsCcs, 2)();

  const lines = [
    { name: 'GET /api/health (bare)', run: load(cached, bareRoute) },
    {
      name: 'debts-ccs, cached (summaries kept, warm)',
      only: 'debts-ccs',
      run: load(cached, debtsCcs),
    },
    {
      name: 'debts-ccs, uncached (read every call)',
      only: 'debts-ccs-uncached',
      goal: share(0.5, 15),
      run: load(uncached, debtsCcs),
    },
    {
      name: 'invoice-cc, page 1 of 10 (no cache)',
      only: 'invoice-cc',
      goal: share(0.4, 20),
      run: load(uncached, invoiceCc),
    },
  ].filter((l, k) => k === 0 || !only || l.only === only);
  console.log(
    `
${rounds} rounds, bare route and measured routes in turns (${lines.map((l) => l.name).join(' → ')}), ${duration}s each:`,
  );
  const loadAverage = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(', ');
  const before = loadAverage();
  const results = await alternate({ rounds, lines });
  printTable(results);
  // Figures taken on a loaded machine are shape, not verdicts (docs/performance.md): say the load.
  console.log(`\nload average (1, 5, 15 min): ${before} before the rounds, ${loadAverage()} after`);
} finally {
  await cached.stop();
  await uncached.stop();
}
for (const p of setup.plans) {
  const seq = /Seq Scan/.test(p.plan);
  console.log(`\nEXPLAIN ANALYZE — ${p.label} — goal: no sequential scan → ${verdict(!seq)}\n${p.plan}`);
}
