#!/usr/bin/env node
// Benchmark: every dashboard call (spec §7; the web dashboard's four range calls and the commercial
// postings card) for every range the picker offers — its six presets, its default (three months back
// to the end of this month) and typed ranges of two and three years — over 10,000,000 payments spread
// across three years, on PostgreSQL, at 10 concurrent connections, in turns with a bare route of the
// same run (bench/harness.mjs); and the staff's payment record (first page unfiltered, page 500) at 20.
// Goals (issue 29, docs/performance.md): each dashboard call p95 < 100 ms and p99 < 150 ms for every
// range; its answers equal a direct count over the payments (checked at 10M, with a live tail the run
// writes: payments created, settled and refunded around the Havana midnight, late refunds of old
// payments); the record p99 < 50 ms with no sequential scan (EXPLAIN printed with its verdict).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/dashboard.bench.mjs
//   (options: BENCH_DASHBOARD_PAYMENTS=10000000 BENCH_DASHBOARD_REQUESTS=400 BENCH_ROUNDS=2
//    BENCH_DASHBOARD_DB=dashboard_volume BENCH_PORTS=44000-44999)
//
// The volume lives in its own database (dashboard_volume), kept between runs: the first run creates
// it (the API migrates and seeds it; the payments are generated in bulk by SQL in chunks with the row
// triggers off, as a bulk import would be, then the rollups are built in one pass as migration 0017
// does and past days folded as migration 0030 leaves them); later runs reuse it (the API applies any
// new migration on start). What a run writes (its live tail) it removes at the end, so every run
// starts from the same volume and counts only what it created.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
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

dayjs.extend(utc);
dayjs.extend(timezone);
const TZ = 'America/Havana';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const VOLUME = process.env.BENCH_DASHBOARD_DB || 'dashboard_volume';
const N = Number(process.env.BENCH_DASHBOARD_PAYMENTS || 10_000_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS || 400);
const CONCURRENCY = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const CHUNK = 250_000;
const STATUSES = [
  'PAYED',
  'PAYED',
  'PAYED',
  'PAYED',
  'PAYED',
  'PAYED',
  'CANCELED',
  'FAILED',
  'PENDING',
  'REFUNDED',
];

function bar(done, total, started) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const secs = (Date.now() - started) / 1000;
  process.stdout.write(
    `\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')} / ${total.toLocaleString('en')} payments, ${secs.toFixed(0)} s`,
  );
  if (done >= total) process.stdout.write('\n');
}

/** The picker's ranges (packages/domain/src/filters.ts: DATE_PRESETS, dashboardDefaultRange), in Havana time. */
function pickerRanges(now = dayjs().tz(TZ)) {
  const r = (from, to) => [from.startOf('day').toDate(), to.endOf('day').toDate()];
  const monday = now.startOf('day').subtract((now.day() + 6) % 7, 'day');
  const previous = now.subtract(1, 'month');
  return {
    today: r(now, now),
    'this week': r(monday, monday.add(6, 'day')),
    'last 7 days': r(now.subtract(6, 'day'), now),
    'this month': r(now.startOf('month'), now.endOf('month')),
    'last 30 days': r(now.subtract(29, 'day'), now),
    'last month': r(previous.startOf('month'), previous.endOf('month')),
    'default (3 months back)': r(now.subtract(3, 'month').startOf('month'), now.endOf('month')),
    'typed: two years': r(now.subtract(2, 'year').add(1, 'day'), now),
    'typed: three years (all)': r(now.subtract(3, 'year'), now),
  };
}

function startApi(url, port) {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url,
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
}

/** The volume: N payments of the bench's own (external_id ovdash…), generated once and kept. */
async function ensureVolume(db, owner) {
  await db.query(
    `create table if not exists bench_dashboard_volume (payments bigint not null, generated_at timestamptz not null, seconds integer not null)`,
  );
  const { rows } = await db.query('select payments, generated_at, seconds from bench_dashboard_volume');
  if (rows[0] && Number(rows[0].payments) === N) {
    console.log(
      `Volume: database ${VOLUME} reused — ${N.toLocaleString('en')} payments generated ${rows[0].generated_at.toISOString()} (in ${rows[0].seconds} s)`,
    );
    return;
  }
  console.log(
    `Volume: generating ${N.toLocaleString('en')} payments over three years in database ${VOLUME} (triggers off for the load):`,
  );
  const started = Date.now();
  await db.query(`set session_replication_role = replica`);
  await db.query(`delete from payment_requests where external_id like 'ovdash%'`);
  await db.query('delete from bench_dashboard_volume');
  for (let from = 0; from < N; from += CHUNK) {
    const to = Math.min(N, from + CHUNK);
    // Day, method, type and status vary independently of each other (i's digits in mixed radix), the
    // time of day spread over all 24 hours; 60 % PAYED, a fifth advances with their 5 % bonus.
    await db.query(
      `insert into payment_requests (id, space, user_id, cc, type, method, status, amount_cents, bonus_cents,
         external_id, expires_at, created_at, updated_at)
       select gen_random_uuid(), $1, $2, '2300000000003',
         case when (i / 3285) % 5 = 0 then 'ADELANTO' else 'CC' end,
         case when (i / 1095) % 3 = 0 then 'ENZONA' else 'TRANSFERMOVIL' end,
         ($5::text[])[1 + (i / 16425) % 10],
         1000 + (i * 7919) % 500000,
         case when (i / 3285) % 5 = 0 then ((1000 + (i * 7919) % 500000) * 5) / 100 else 0 end,
         'ovdash' || i, now(), now() - ((i % 1095) * interval '1 day') - (((i * 7919) % 86400) * interval '1 second'), now()
       from generate_series($3::bigint, $4::bigint) as i`,
      [owner.space, owner.id, from, to - 1, STATUSES],
    );
    bar(to, N, started);
  }
  await db.query(`set session_replication_role = origin`);
  const loadSeconds = (Date.now() - started) / 1000;
  const rollStart = Date.now();
  // The rollups as migration 0030 leaves them: past days folded (one row per bucket, their months and
  // days summed), today's in shards as the triggers write them.
  await db.query('begin');
  await db.query('lock table payment_requests in share mode');
  await db.query('delete from payment_rollups');
  await db.query('delete from payment_rollup_months');
  await db.query('delete from payment_rollup_days');
  await db.query(`insert into payment_rollups (space, day, status, method, type, shard, count, amount_cents, bonus_cents)
    select space, day, status, method, type, case when day < (now() at time zone 'America/Havana')::date then -1 else shard end,
      sum(n), sum(amount), sum(bonus)
    from (select space, (created_at at time zone 'America/Havana')::date as day, status, method, type,
            (abs(hashtext(id::text)) % 8)::smallint as shard, amount_cents as amount, bonus_cents as bonus, 1 as n
          from payment_requests) p
    group by 1, 2, 3, 4, 5, 6`);
  await db.query(`insert into payment_rollup_months (space, month, status, method, type, count, amount_cents, bonus_cents)
    select space, date_trunc('month', day)::date, status, method, type, sum(count), sum(amount_cents), sum(bonus_cents)
    from payment_rollups where shard = -1 group by 1, 2, 3, 4, 5`);
  await db.query(`insert into payment_rollup_days (space, status, day, count, amount_cents, bonus_cents)
    select space, status, day, sum(count), sum(amount_cents), sum(bonus_cents)
    from payment_rollups where shard = -1 group by 1, 2, 3`);
  await db.query('commit');
  const {
    rows: [{ n: rollupRows }],
  } = await db.query('select count(*)::int as n from payment_rollups');
  const rollSeconds = (Date.now() - rollStart) / 1000;
  const vacStart = Date.now();
  await db.query('vacuum analyze payment_requests');
  for (const table of ['payment_rollups', 'payment_rollup_months', 'payment_rollup_days'])
    await db.query(`vacuum analyze ${table}`);
  const seconds = Math.round((Date.now() - started) / 1000);
  await db.query('insert into bench_dashboard_volume values ($1, now(), $2)', [N, seconds]);
  console.log(
    `Generated in ${loadSeconds.toFixed(0)} s; rollups built in ${rollSeconds.toFixed(0)} s (${rollupRows.toLocaleString('en')} rows); vacuum ${((Date.now() - vacStart) / 1000).toFixed(0)} s`,
  );
}

/** Folds past days' shards (migration 0030), as the `rollup-fold` job does; answers the rows folded. */
async function fold(db) {
  let total = 0;
  for (;;) {
    const {
      rows: [{ n }],
    } = await db.query(
      `select payment_rollups_fold((now() at time zone 'America/Havana')::date, 100000) as n`,
    );
    total += n;
    if (n < 100000) return total;
  }
}

/**
 * The run's live tail, through the triggers as the API writes: 2,000 payments created around the last
 * two Havana midnights and in the last hours, most settled, some refunded; and late refunds of 300
 * PAYED payments of the volume on days up to three years back. Answers how to undo it.
 */
async function writeTail(db, owner, run) {
  await db.query(
    `insert into payment_requests (id, space, user_id, cc, type, method, status, amount_cents, bonus_cents,
       external_id, expires_at, created_at, updated_at)
     select gen_random_uuid(), $1, $2, '2300000000003',
       case when i % 4 = 0 then 'ADELANTO' else 'CC' end,
       case when i % 2 = 0 then 'ENZONA' else 'TRANSFERMOVIL' end,
       'PENDING', 500 + i * 37, case when i % 4 = 0 then ((500 + i * 37) * 5) / 100 else 0 end,
       'ovdashrun' || $3 || '-' || i, now() + interval '1 hour',
       case i % 3
         when 0 then ((date_trunc('day', now() at time zone 'America/Havana')) at time zone 'America/Havana') + ((i % 600) - 300) * interval '1 second'
         when 1 then ((date_trunc('day', now() at time zone 'America/Havana') - interval '1 day') at time zone 'America/Havana') + ((i % 600) - 300) * interval '1 second'
         else now() - (i % 7200) * interval '1 second'
       end,
       now()
     from generate_series(1, 2000) as i`,
    [owner.space, owner.id, run],
  );
  await db.query(
    `update payment_requests set status = 'PAYED' where external_id like 'ovdashrun' || $1 || '-%'
       and (substring(external_id from '-(\\d+)$'))::int % 5 <> 0`,
    [run],
  );
  await db.query(
    `update payment_requests set status = 'REFUNDED' where external_id like 'ovdashrun' || $1 || '-%'
       and (substring(external_id from '-(\\d+)$'))::int % 7 = 0 and status = 'PAYED'`,
    [run],
  );
  const { rows } = await db.query(
    `with old as (select id from payment_requests tablesample system (0.02) repeatable (${Number.parseInt(run.slice(0, 6), 16)})
       where external_id like 'ovdash%' and external_id not like 'ovdashrun%' and status = 'PAYED' limit 300)
     update payment_requests p set status = 'REFUNDED' from old where p.id = old.id returning p.id`,
  );
  return {
    lateRefunds: rows.length,
    undo: async () => {
      await db.query(`update payment_requests set status = 'PAYED' where id = any($1::uuid[])`, [
        rows.map((x) => x.id),
      ]);
      await db.query(`delete from payment_requests where external_id like 'ovdashrun' || $1 || '-%'`, [run]);
    },
  };
}

/** What each range call must answer, from a direct aggregate over every payment of the space. */
async function directAnswers(db, space, ranges) {
  const { rows } = await db.query(
    `select to_char((created_at at time zone 'America/Havana')::date, 'YYYY-MM-DD') as day, status, method, type,
       count(*)::int as n, sum(amount_cents)::bigint as amount, sum(bonus_cents)::bigint as bonus
     from payment_requests where space = $1 group by 1, 2, 3, 4`,
    [space],
  );
  const out = {};
  for (const [name, [from, to]] of Object.entries(ranges)) {
    const lo = dayjs(from).tz(TZ).format('YYYY-MM-DD');
    const hi = dayjs(to).tz(TZ).format('YYYY-MM-DD');
    const inRange = rows.filter((x) => x.day >= lo && x.day <= hi);
    const payed = inRange.filter((x) => x.status === 'PAYED');
    const sum = (list, f) => list.reduce((a, x) => a + Number(f(x)), 0);
    const adv = payed.filter((x) => x.type === 'ADELANTO');
    const perDay = new Map();
    for (const x of payed) {
      const d = perDay.get(x.day) ?? { _id: x.day, count: 0, total: 0 };
      d.count += x.n;
      d.total += Number(x.amount);
      perDay.set(x.day, d);
    }
    const perStatus = new Map();
    for (const x of inRange) perStatus.set(x.status, (perStatus.get(x.status) ?? 0) + x.n);
    const { rows: users } = await db.query(
      `select client_type as "clientType", count(*)::int as count from users
       where space = $1 and client_type is not null and deleted_at is null
         and (created_at at time zone 'America/Havana')::date between $2::date and $3::date
       group by 1 order by 1`,
      [space, lo, hi],
    );
    out[name] = {
      cards: {
        totalCount: payed.reduce((a, x) => a + x.n, 0),
        totalAmount: sum(payed, (x) => x.amount),
        anticipatedCount: adv.reduce((a, x) => a + x.n, 0),
        anticipatedAmount: sum(adv, (x) => x.amount),
        bonification: sum(adv, (x) => x.bonus),
        methods: Object.fromEntries(
          ['ENZONA', 'TRANSFERMOVIL'].map((m) => {
            const of = payed.filter((x) => x.method === m);
            return [m, { count: of.reduce((a, x) => a + x.n, 0), amount: sum(of, (x) => x.amount) }];
          }),
        ),
      },
      histogram: [...perDay.values()].sort((a, b) => a._id.localeCompare(b._id)),
      byStatus: [...perStatus.entries()]
        .filter(([, n]) => n > 0)
        .map(([_id, count]) => ({ _id, count }))
        .sort((a, b) => a._id.localeCompare(b._id)),
      users,
    };
  }
  return out;
}

/** The API's answers in the shape directAnswers builds. */
const apiShape = {
  'payment-data': ([d]) => ({
    totalCount: d.totalPayments.totalCount,
    totalAmount: d.totalPayments.totalAmount,
    anticipatedCount: d.anticipated.anticipatedCount,
    anticipatedAmount: d.anticipated.anticipatedAmount,
    bonification: d.bonifications.bonification,
    methods: Object.fromEntries(
      d.byPaymentMethods.map((m) => [m.paymentMethods, { count: m.count, amount: m.amount }]),
    ),
  }),
  'payment-histogram': (x) => x,
  'payment-by-status': (x) => x,
  'users-quantity': (x) => x,
};
const CALLS = [
  ['payment-data', '/api/payment-request/payment-data', 'cards'],
  ['payment-histogram', '/api/payment-request/payment-histogram', 'histogram'],
  ['payment-by-status', '/api/payment-request/payment-by-status', 'byStatus'],
  ['users-quantity', '/api/users/reports/users-quantity', 'users'],
];

async function main() {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [VOLUME]);
  if (!rowCount) await admin.query(`create database ${VOLUME}`);
  const url = new URL(SERVER);
  url.pathname = `/${VOLUME}`;
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const child = startApi(url.toString(), port);
  const db = new pg.Client({ connectionString: url.toString() });
  let tail;
  try {
    await waitReady(api, child, 300_000);
    await db.connect();
    const {
      rows: [owner],
    } = await db.query(`select id, space from users where email = 'jose.fernandez@example.cu'`);
    await ensureVolume(db, owner);
    if (process.env.BENCH_DASHBOARD_VOLUME_ONLY) return;

    // Statistics of the rollup tables as they are now (a migration may just have rewritten them).
    await db.query('analyze payment_rollups, payment_rollup_months, payment_rollup_days');
    const run = randomBytes(4).toString('hex');
    const tailStart = Date.now();
    tail = await writeTail(db, owner, run);
    const {
      rows: [shape],
    } = await db.query(
      `select count(*) filter (where shard = -1)::int as folded, count(*) filter (where shard >= 0)::int as tail,
         (select count(*) from payment_requests where space = $1)::int as payments
       from payment_rollups where space = $1`,
      [owner.space],
    );
    console.log(
      `Live tail of this run (${((Date.now() - tailStart) / 1000).toFixed(1)} s): 2,000 payments created around the last two Havana midnights and in the last hours (1,600 settled, some refunded), ${tail.lateRefunds} late refunds of old payments; rollups: ${shape.folded.toLocaleString('en')} folded rows + ${shape.tail.toLocaleString('en')} tail rows over ${shape.payments.toLocaleString('en')} payments`,
    );

    const signin = await fetch(`${api}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' }),
    }).then((r) => r.json());
    const headers = { authorization: `Bearer ${signin.accessToken}`, 'content-type': 'application/json' };
    const ranges = pickerRanges();
    const bodies = Object.fromEntries(
      Object.entries(ranges).map(([name, [from, to]]) => [
        name,
        JSON.stringify({
          filters: [
            {
              type: 'RANGE',
              field: 'createdAt',
              from: from.toISOString(),
              to: to.toISOString(),
              isDate: true,
            },
          ],
        }),
      ]),
    );

    // Exactness at 10M: each call's answer for each range against a direct count of the payments.
    const checkStart = Date.now();
    const expected = await directAnswers(db, owner.space, ranges);
    const wrong = [];
    for (const name of Object.keys(ranges))
      for (const [call, route, key] of CALLS) {
        const got = await fetch(`${api}${route}`, { method: 'POST', headers, body: bodies[name] }).then((r) =>
          r.json(),
        );
        if (JSON.stringify(apiShape[call](got)) !== JSON.stringify(expected[name][key]))
          wrong.push(`${call} (${name})`);
      }
    console.log(
      `\nExact figures: ${CALLS.length} calls × ${Object.keys(ranges).length} ranges against a direct count of the ${shape.payments.toLocaleString('en')} payments (${((Date.now() - checkStart) / 1000).toFixed(0)} s) — goal: all equal → ${verdict(!wrong.length)}${wrong.length ? ` (differ: ${wrong.join(', ')})` : ''}`,
    );
    for (const [name, [from, to]] of Object.entries(ranges))
      console.log(
        `  ${name.padEnd(26)} ${dayjs(from).tz(TZ).format('YYYY-MM-DD')} … ${dayjs(to).tz(TZ).format('YYYY-MM-DD')} (Havana): ${expected[name].cards.totalCount.toLocaleString('en')} PAYED, ${expected[name].histogram.length} days`,
      );

    const per = Math.ceil(REQUESTS / ROUNDS);
    const line = (name, request, goal, concurrency = CONCURRENCY) => ({
      name,
      goal,
      request,
      run: () => closedLoop({ calls: per, concurrency, request, label: name }),
    });
    const goal = latency({ p95: 100, p99: 150 });
    const lines = [line('GET /api/health (bare)', () => fetch(`${api}/api/health`), null)];
    for (const name of Object.keys(ranges))
      for (const [call, route] of CALLS)
        lines.push(
          line(
            `${call} (${name})`,
            () => fetch(`${api}${route}`, { method: 'POST', headers, body: bodies[name] }),
            goal,
          ),
        );
    lines.push(
      line(
        'commercial-postings card',
        () => fetch(`${api}/api/dashboard/commercial-postings`, { headers }),
        goal,
      ),
    );
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
      `\n${ROUNDS} rounds of ${per} requests per line, the lines in turns, ${CONCURRENCY} concurrent connections (the record: 20); range calls are POST /api/payment-request/{payment-data,payment-histogram,payment-by-status}, POST /api/users/reports/users-quantity, GET /api/dashboard/commercial-postings:`,
    );
    printTable(await alternate({ rounds: ROUNDS, lines }), { title: 'call (range)' });

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
    if (tail) {
      await tail.undo().catch((err) => console.error('could not remove the run’s tail:', err));
      await fold(db).catch(() => {});
    }
    child.kill('SIGTERM');
    await db.end().catch(() => {});
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
