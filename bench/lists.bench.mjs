#!/usr/bin/env node
// Benchmark: every staff list at a city's volume (issue 29) — users over 1,000,000, the audit log and
// the security log over 10,000,000 rows each, the payment record over 10,000,000 payments, the
// contract-request queue over 200,000 requests, the client-code lookup over 1,000,000 codes — each
// list's first page unfiltered, with each filter and each sort the web offers, and at page 500, plus
// the lookups; at 20 concurrent connections, in turns with a bare route of the same run
// (bench/harness.mjs). Goal (docs/performance.md, "Staff lists at volume"): every list page and
// lookup p99 < 50 ms, no sequential scan (EXPLAIN printed with its verdict).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- lists
//   (options: BENCH_LISTS_DB=lists_volume BENCH_LISTS_CALLS=300 BENCH_ROUNDS=3; the volume per kind
//    with BENCH_LISTS_USERS, _TRACES, _SECURITY, _PAYMENTS, _CODES, _REQUESTS)
//
// The volume lives in its own database (lists_volume), kept between runs: bench/volume.mjs fills what
// is missing (progress bars) and this run says how many rows it wrote itself. The API runs as its own
// process on that database (it migrates it first), behind one trusted proxy hop so each anonymous
// lookup comes from its own address.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  alternate,
  closedLoop,
  freePort,
  latency,
  planVerdict,
  printTable,
  verdict,
  waitReady,
} from './harness.mjs';
import { apiEnv, ensureVolume, VOLUME_DEFAULTS } from './volume.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = process.env.BENCH_LISTS_DB || 'lists_volume';
const CALLS = Number(process.env.BENCH_LISTS_CALLS || 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONCURRENCY = 20;
/** Holder names the volume has (bench/volume.mjs), a few not: the search's spread of totals. */
const HOLDERS = [
  'Dayana Pérez',
  'José González',
  'Castro Ramos',
  'Yamilé',
  'Suárez Díaz',
  'Nadie Así',
  'Ernesto R',
];
const P99 = latency({ p99: 50 });
/** p99 < 50 ms and no error: a search that holds the API's pool past its wait answers 503 (counted in `err`). */
const GOAL = { text: `${P99.text}, no error`, met: (r) => r.errors === 0 && P99.met(r) };
const targets = Object.fromEntries(
  Object.entries(VOLUME_DEFAULTS).map(([k, v]) => [
    k,
    Number(process.env[`BENCH_LISTS_${k.toUpperCase()}`] ?? v),
  ]),
);

async function main() {
  const started = Date.now();
  const { url, created } = await ensureVolume({ server: SERVER, dbName: DB, targets });
  console.log(
    `Volume database ${DB}; written by this run: ${Object.entries(created)
      .map(([k, n]) => `${k} ${n.toLocaleString('en')}`)
      .join(', ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: apiEnv(url, {
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      RECONCILE_INTERVAL_MS: '3600000',
      WEB_DIST: path.join(tmpdir(), 'ov-no-web-dist'),
    }),
  });
  const db = new pg.Client({ connectionString: url });
  try {
    const up = await waitReady(api, child, 1_800_000);
    console.log(`API up (migrations included) in ${(up / 1000).toFixed(0)} s`);
    await db.connect();
    const count = async (table) =>
      Number((await db.query(`select count(*)::bigint as n from ${table}`)).rows[0].n).toLocaleString('en');
    const {
      rows: [{ space }],
    } = await db.query(`select space from users where email = 'admin@aguasdelahabana.cu'`);
    const {
      rows: [{ owner }],
    } = await db.query(`select md5('vol-user-' || 1234)::uuid::text as owner`);
    const { rows: requestSample } = await db.query(
      `select request_id from contract_requests tablesample system (5) limit 500`,
    );
    const requestIds = requestSample.map((r) => `${r.request_id.slice(0, 5)}-${r.request_id.slice(5)}`);
    const signin = await fetch(`${api}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' }),
    }).then((r) => r.json());
    const headers = { authorization: `Bearer ${signin.accessToken}`, 'content-type': 'application/json' };
    const week = {
      type: 'RANGE',
      field: 'createdAt',
      from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      to: new Date().toISOString(),
      isDate: true,
    };
    const term = (field, value) => ({ type: 'TERM', field, value });
    const code = (i) => `25${String((i * 7919) % 1_000_000).padStart(11, '0')}`;

    const per = Math.ceil(CALLS / ROUNDS);
    const line = (name, request, goal = GOAL) => ({
      name,
      goal,
      request,
      run: () => closedLoop({ calls: per, concurrency: CONCURRENCY, request, label: name, tolerate: true }),
    });
    /** A list's page: POST {route}/search with the list protocol's body (page, size, filters, sort, search). */
    const page = (list, route, what, body) =>
      line(`${list}: ${what}`, (i) =>
        fetch(`${api}${route}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            page: 1,
            size: 10,
            filters: [],
            ...(typeof body === 'function' ? body(i) : body),
          }),
        }),
      );
    const users = (what, body) => page('users', '/api/users/search', what, body);
    const traces = (what, body) => page('traces', '/api/traces/search', what, body);
    const security = (what, body) => page('security log', '/api/security-log/search', what, body);
    const payments = (what, body) => page('payments', '/api/payments/search', what, body);
    const codes = (what, body) => page('client codes', '/api/billing/accounts/search', what, body);
    const lines = [
      line('GET /api/health (bare)', () => fetch(`${api}/api/health`), null),
      users('page 1', {}),
      users('status LOCK', { filters: [term('status', 'LOCK')] }),
      users('client type STATE', { filters: [term('clientType', 'STATE')] }),
      users('municipality', (i) => ({ filters: [term('municipality', 1 + (i % 15))] })),
      users('sort name', { sort: { firstName: 'asc' } }),
      users('sort e-mail', { sort: { email: 'asc' } }),
      users('sort name (Z–A)', { sort: { firstName: 'desc' } }),
      users('sort date (oldest)', { sort: { createdAt: 'asc' } }),
      users('role USER', { filters: [{ type: 'TERMS', field: 'roles', value: ['USER'] }] }),
      users('role USER + status LOCK', {
        filters: [{ type: 'TERMS', field: 'roles', value: ['USER'] }, term('status', 'LOCK')],
      }),
      users('role SECURITY_ADMIN (rare)', {
        filters: [{ type: 'TERMS', field: 'roles', value: ['SECURITY_ADMIN'] }],
      }),
      users('page 500', { page: 500 }),
      users('search e-mail', (i) => ({ search: `vol.user${(i * 7919) % 1_000_000}@` })),
      users('search name', { search: 'Dayana' }),
      traces('page 1', {}),
      traces('type DELETE', { filters: [term('type', 'DELETE')] }),
      traces('module payments', { filters: [term('module', 'payments')] }),
      traces('one owner', { filters: [term('owner', owner)] }),
      traces('last 7 days', { filters: [week] }),
      traces('sort type', { sort: { type: 'asc' } }),
      traces('sort module', { sort: { module: 'asc' } }),
      traces('sort type (desc)', { sort: { type: 'desc' } }),
      traces('sort date (oldest)', { sort: { createdAt: 'asc' } }),
      traces('page 500', { page: 500 }),
      security('page 1', {}),
      security('result refused', { filters: [term('result', 'refused')] }),
      security('last 7 days', { filters: [week] }),
      security('sort result', { sort: { result: 'asc' } }),
      security('sort result (desc)', { sort: { result: 'desc' } }),
      security('sort address', { sort: { ip: 'asc' } }),
      security('sort date (oldest)', { sort: { createdAt: 'asc' } }),
      security('page 500', { page: 500 }),
      payments('page 1', {}),
      payments('status REFUNDED', { filters: [{ type: 'TERMS', field: 'status', value: ['REFUNDED'] }] }),
      payments('method ENZONA', { filters: [term('paymentMethods', 'ENZONA')] }),
      payments('type ADELANTO', { filters: [term('type', 'ADELANTO')] }),
      payments('one code', (i) => ({ filters: [term('cc', code(i))] })),
      payments('last 7 days', { filters: [week] }),
      payments('amount equal', (i) => ({
        filters: [{ type: 'EQUAL', field: 'amountCents', value: 1000 + ((i * 7919) % 500000) }],
      })),
      payments('posting pending', { filters: [term('postingStatus', 'PENDING')] }),
      payments('sort amount', { sort: { amountCents: 'asc' } }),
      payments('sort code', { sort: { cc: 'asc' } }),
      payments('sort status', { sort: { status: 'asc' } }),
      payments('sort status (desc)', { sort: { status: 'desc' } }),
      payments('sort date (oldest)', { sort: { createdAt: 'asc' } }),
      payments('page 500', { page: 500 }),
      page('contract requests', '/api/contract-requests/search', 'queue page 1', {}),
      page('contract requests', '/api/contract-requests/search', 'queue page 500', { page: 500 }),
      page('contract requests', '/api/contract-requests/search', 'queue sort status (desc)', {
        sort: { status: 'desc' },
      }),
      page('access requests', '/api/access-requests/search', 'page 1', {}),
      page('access requests', '/api/access-requests/search', 'status PENDING', {
        filters: [term('status', 'PENDING')],
      }),
      codes('page 1', {}),
      codes('lookup by code', (i) => ({ search: code(i) })),
      codes('municipality', (i) => ({ filters: [term('municipality', 1 + (i % 15))] })),
      codes('client type STATE', { filters: [term('clientType', 'STATE')] }),
      codes('inactive', { filters: [term('active', false)] }),
      codes('holder name search', { search: 'Dayana Pérez' }),
      codes('holder name search, varied', (i) => ({ search: HOLDERS[i % HOLDERS.length] })),
      codes('sort holder (desc)', { sort: { holder: 'desc' } }),
      codes('page 500', { page: 500 }),
      line('contract requests: GET lookup/{id} (anonymous)', (i) =>
        fetch(`${api}/api/contract-requests/lookup/${requestIds[i % requestIds.length]}`, {
          headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        }),
      ),
    ];
    // Warm-up, unmeasured: connections, prepared plans and the JIT settle (nothing is cached between
    // requests, so the measured path is the same). Lookups warm up from other addresses.
    process.stderr.write('warming up…\n');
    for (const l of lines)
      await closedLoop({
        calls: 2 * CONCURRENCY,
        concurrency: CONCURRENCY,
        request: (i) => l.request(100_000 + i),
        label: l.name,
        tolerate: true,
      });
    console.log(
      `\nusers ${await count('users')}, traces ${await count('traces')}, sign-in events ${await count('security_events')}, payments ${await count('payment_requests')}, contract requests ${await count('contract_requests')}, client codes ${await count('accounts')}; ${ROUNDS} rounds of ${per} calls per line, the lines in turns, ${CONCURRENCY} concurrent connections:`,
    );
    const met = printTable(await alternate({ rounds: ROUNDS, lines, log: false }), { title: 'line' });
    console.log(`\nevery line: ${GOAL.text} → ${verdict(met)}`);

    // EXPLAIN of each list's queries as the repositories write them (the list's page and its total).
    const plans = [];
    const T = [
      'users',
      'user_roles',
      'traces',
      'security_events',
      'payment_requests',
      'accounts',
      'contract_requests',
    ];
    const plan = async (label, sql, params = [], opts) =>
      plans.push([label, await planVerdict(db, label, sql, params, T, opts)]);
    const inOrder = { indexOrder: true };
    const roleId = async (name) =>
      (await db.query('select id from roles where space = $1 and name = $2', [space, name])).rows[0]?.id;
    const [userRole, rareRole] = [await roleId('USER'), await roleId('SECURITY_ADMIN')];
    const w7 = [week.from, week.to];
    const live = `space = $1 and deleted_at is null`;
    const usersOrder = `created_at desc, id asc`;
    await plan('users page 1', `select * from users where ${live} order by ${usersOrder} limit 10`, [space]);
    await plan(
      'users page 500',
      `select * from users where ${live} order by ${usersOrder} limit 10 offset 4990`,
      [space],
    );
    await plan(
      'users status LOCK',
      `select * from users where ${live} and status = 'LOCK' order by ${usersOrder} limit 10`,
      [space],
    );
    await plan(
      'users municipality',
      `select * from users where ${live} and municipality = 7 order by ${usersOrder} limit 10`,
      [space],
    );
    // As the repository writes it (migration 0031): the role's id resolved first, its total kept.
    const holds = `exists (select 1 from user_roles ur where ur.user_id = users.id and ur.role_id in ($2))`;
    await plan(
      'users role USER',
      `select * from users where ${live} and ${holds} order by ${usersOrder} limit 10`,
      [space, userRole],
      inOrder,
    );
    await plan(
      'users role USER + status LOCK',
      `select * from users where ${live} and status = 'LOCK' and ${holds} order by ${usersOrder} limit 10`,
      [space, userRole],
      inOrder,
    );
    await plan(
      'users role SECURITY_ADMIN (rare)',
      `select * from users where ${live} and ${holds} order by ${usersOrder} limit 10`,
      [space, rareRole],
    );
    await plan(
      'users role USER total (kept)',
      `select coalesce(sum(count), 0) from user_role_counts where space = $1 and role_id = $2 and live`,
      [space, userRole],
    );
    await plan(
      'users sort name (Z–A)',
      `select * from users where ${live} order by first_name desc, created_at asc, id desc limit 10`,
      [space],
      inOrder,
    );
    await plan(
      'users sort name',
      `select * from users where ${live} order by first_name asc, ${usersOrder} limit 10`,
      [space],
    );
    const text = (cols) => `(${cols.map((c) => `${c} ilike $2`).join(' or ')})`;
    const userText = text(['email', 'first_name', 'last_name', 'username', 'phone']);
    await plan(
      'users search e-mail',
      `select * from users where ${live} and ${userText} order by ${usersOrder} limit 10`,
      [space, '%vol.user4242@%'],
    );
    await plan('users search e-mail total', `select count(*) from users where ${live} and ${userText}`, [
      space,
      '%vol.user4242@%',
    ]);
    await plan('users search name total', `select count(*) from users where ${live} and ${userText}`, [
      space,
      '%Dayana%',
    ]);
    await plan(
      'users sort e-mail',
      `select * from users where ${live} order by email asc, ${usersOrder} limit 10`,
      [space],
    );
    await plan(
      'users total (kept)',
      `select coalesce(sum(count), 0) from user_counts where space = $1 and live`,
      [space],
    );
    const tOrder = `created_at desc, id desc`;
    await plan(
      'traces page 500',
      `select * from traces where space = $1 order by ${tOrder} limit 10 offset 4990`,
      [space],
    );
    await plan(
      'traces one owner',
      `select * from traces where space = $1 and owner = $2 order by ${tOrder} limit 10`,
      [space, owner],
    );
    await plan('traces one owner total', `select count(*) from traces where space = $1 and owner = $2`, [
      space,
      owner,
    ]);
    await plan(
      'traces last 7 days total',
      `select count(*) from traces where space = $1 and created_at >= $2 and created_at <= $3`,
      [space, ...w7],
    );
    await plan(
      'traces sort type',
      `select * from traces where space = $1 order by type asc, ${tOrder} limit 10`,
      [space],
    );
    await plan(
      'traces sort module',
      `select * from traces where space = $1 order by module asc, ${tOrder} limit 10`,
      [space],
    );
    await plan(
      'traces sort type (desc)',
      `select * from traces where space = $1 order by type desc, created_at asc, id asc limit 10`,
      [space],
      inOrder,
    );
    await plan(
      'traces total (kept)',
      `select coalesce(sum(count), 0) from trace_counts where space = $1 and type = 'DELETE'`,
      [space],
    );
    await plan(
      'security log page 500',
      `select * from security_events where space = $1 order by ${tOrder} limit 10 offset 4990`,
      [space],
    );
    await plan(
      'security log sort result',
      `select * from security_events where space = $1 order by result asc, ${tOrder} limit 10`,
      [space],
    );
    await plan(
      'security log sort result (desc)',
      `select * from security_events where space = $1 order by result desc, created_at asc, id asc limit 10`,
      [space],
      inOrder,
    );
    await plan(
      'security log sort address',
      `select * from security_events where space = $1 order by ip asc, ${tOrder} limit 10`,
      [space],
    );
    await plan(
      'security log last 7 days total',
      `select count(*) from security_events where space = $1 and created_at >= $2 and created_at <= $3`,
      [space, ...w7],
    );
    const pOrder = `created_at desc, id asc`;
    await plan(
      'payments page 500',
      `select * from payment_requests where space = $1 order by ${pOrder} limit 10 offset 4990`,
      [space],
    );
    await plan(
      'payments one code',
      `select * from payment_requests where space = $1 and cc = $2 order by ${pOrder} limit 10`,
      [space, code(1)],
    );
    await plan(
      'payments amount equal',
      `select * from payment_requests where space = $1 and amount_cents = 8919 order by ${pOrder} limit 10`,
      [space],
    );
    await plan(
      'payments amount equal total',
      `select count(*) from payment_requests where space = $1 and amount_cents = 8919`,
      [space],
    );
    await plan(
      'payments last 7 days total',
      `select count(*) from payment_requests where space = $1 and created_at >= $2 and created_at <= $3`,
      [space, ...w7],
    );
    await plan(
      'payments sort status',
      `select * from payment_requests where space = $1 order by status asc, ${pOrder} limit 10`,
      [space],
    );
    await plan(
      'payments sort status (desc)',
      `select * from payment_requests where space = $1 order by status desc, created_at asc, id desc limit 10`,
      [space],
      inOrder,
    );
    await plan(
      'payments sort amount',
      `select * from payment_requests where space = $1 order by amount_cents asc, ${pOrder} limit 10`,
      [space],
    );
    await plan(
      'payments sort code',
      `select * from payment_requests where space = $1 order by cc asc, ${pOrder} limit 10`,
      [space],
    );
    await plan(
      'client codes page 500',
      `select * from accounts where space = $1 order by cc asc limit 10 offset 4990`,
      [space],
    );
    await plan(
      'client codes lookup by code',
      `select * from accounts where space = $1 and cc = $2 order by cc limit 10`,
      [space, code(1)],
    );
    await plan(
      'client codes holder name search',
      `select * from accounts where space = $1 and holder_name ilike $2 order by cc limit 10`,
      [space, '%Dayana Pérez%'],
    );
    await plan(
      'client codes holder name search total',
      `select count(*) from accounts where space = $1 and holder_name ilike $2`,
      [space, '%Dayana Pérez%'],
    );
    await plan(
      'client codes sort holder (desc)',
      `select * from accounts where space = $1 order by holder_name desc, cc desc limit 10`,
      [space],
    );
    await plan(
      'contract requests sort status (desc)',
      `select * from contract_requests where space = $1 order by status desc, created_at desc, id desc limit 10`,
      [space],
      inOrder,
    );
    await plan(
      'client codes total (kept)',
      `select coalesce(sum(count), 0) from account_counts where space = $1`,
      [space],
    );
    const bad = plans.filter(([, ok]) => !ok).map(([label]) => label);
    console.log(
      `\nEXPLAIN: ${plans.length - bad.length} of ${plans.length} plans without a sequential scan of a large table → ${verdict(!bad.length)}${bad.length ? ` (${bad.join('; ')})` : ''}`,
    );

    // The kept totals are exact: each against the rows counted.
    const exact = [
      [
        `select count(*) from users where ${live}`,
        `select coalesce(sum(count), 0) from user_counts where space = $1 and live`,
      ],
      [
        `select count(*) from users u where u.space = $1 and u.deleted_at is null
          and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = 'USER')`,
        `select coalesce(sum(c.count), 0) from user_role_counts c join roles r on r.id = c.role_id
          where c.space = $1 and c.live and r.name = 'USER'`,
      ],
      [
        `select count(*) from traces where space = $1`,
        `select coalesce(sum(count), 0) from trace_counts where space = $1`,
      ],
      [
        `select count(*) from security_events where space = $1`,
        `select coalesce(sum(count), 0) from security_event_counts where space = $1`,
      ],
      [
        `select count(*) from accounts where space = $1`,
        `select coalesce(sum(count), 0) from account_counts where space = $1`,
      ],
    ];
    for (const [counted, kept] of exact) {
      const a = Number((await db.query(counted, [space])).rows[0].count);
      const b = Number((await db.query(kept, [space])).rows[0].coalesce);
      console.log(
        `  kept ${b.toLocaleString('en')} vs counted ${a.toLocaleString('en')} (${counted.split(' where')[0].replace('select count(*) from ', '')}) → ${a === b ? 'exact' : 'WRONG'}`,
      );
      if (a !== b) process.exitCode = 1;
    }
  } finally {
    child.kill('SIGTERM');
    await db.end().catch(() => {});
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
