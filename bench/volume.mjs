#!/usr/bin/env node
// Volume for the staff lists (issue 29): fills a PostgreSQL database with a city's volume, by SQL
// (generate_series in chunks, each chunk one transaction with a progress bar on stderr), resumable and
// idempotent: what a kind already has is kept (the `volume_marks` table says how many this generator
// wrote), only the rest is written. The bench (bench/lists.bench.mjs) calls it before measuring.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/volume.mjs
//   (options: --db lists_volume --users 1000000 --traces 10000000 --security 10000000
//    --payments 10000000 --codes 1000000 --requests 200000; 0 skips a kind)
//
// The database is created (migrated, with the demo data) when missing. Users, traces, sign-in events,
// payments and client codes are written with the row triggers off (`session_replication_role =
// replica`, as a bulk import would be); then every count the database keeps is rebuilt in one pass
// from the rows, as its migration does (0017's rollups, 0029's kept counts); from then on
// the triggers keep them. Contract requests come from their own generator (`npm run seed:requests`),
// with the triggers on. Generated users are `vol.user<N>@example.cu`, codes `25<11 digits>`, all in
// the demo space.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const VOLUME_DEFAULTS = {
  users: 1_000_000,
  traces: 10_000_000,
  security: 10_000_000,
  payments: 10_000_000,
  codes: 1_000_000,
  requests: 200_000,
};

/** A one-line progress bar on stderr: `[####-----] 40% 4,000,000/10,000,000 traces · 52,000/s · ETA 115s`. */
export function progressBar(total, unit) {
  const started = Date.now();
  let last = 0;
  const fmt = (n) => n.toLocaleString('en-US');
  const draw = (done, force = false) => {
    const now = Date.now();
    if (!force && now - last < 500) return;
    last = now;
    const ratio = total ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * 30);
    const secs = (now - started) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    const eta = rate > 0 ? Math.max(0, (total - done) / rate) : 0;
    const line = `  [${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${Math.floor(ratio * 100)}% ${fmt(done)}/${fmt(total)} ${unit} · ${fmt(Math.round(rate))}/s · ETA ${Math.round(eta)}s`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
  };
  return {
    update: (done) => draw(done),
    finish(done) {
      draw(done, true);
      if (process.stderr.isTTY) process.stderr.write('\n');
      return (Date.now() - started) / 1000;
    },
  };
}

const FIRST = `array['María','José','Ana','Luis','Yamilé','Ernesto','Rosa','Pedro','Dayana','Raúl','Carmen','Jorge']`;
const LAST = `array['Pérez','González','Rodríguez','Fernández','Díaz','Hernández','Martínez','Castro','Suárez','Ramos']`;
/** A generated user's id, from its number (so other rows can name users without reading them). */
const USER_ID = (n) => `md5('vol-user-' || (${n}))::uuid`;
/** An id that grows with the row's number (the primary key's index is written at its end, not at random). */
const SEQ_UUID = (n) => `('00000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const CC = (n) => `'25' || lpad((${n})::text, 11, '0')`;
/** A time spread over three years before now, from a row's number. */
const SPREAD = (i) =>
  `now() - ((${i} % 1095) * interval '1 day') - (((${i} * 7919) % 86400) * interval '1 second')`;

/**
 * Each kind: the SQL that writes rows $3..$4 (numbers from 0) in the space $1; `users` are numbered
 * like the payments' and traces' owners ($2 = how many users the volume has).
 */
const KINDS = {
  users: {
    table: 'users',
    unit: 'users',
    chunk: 100_000,
    sql: `with u as (
        insert into users (id, space, email, first_name, last_name, client_type, municipality, status, verified,
          onboarding_completed, created_at, updated_at, deleted_at)
        select ${USER_ID('i')}, $1, 'vol.user' || i || '@example.cu',
          (${FIRST})[1 + i % 12], (${LAST})[1 + (i / 12) % 10],
          (array['RESIDENTIAL','RESIDENTIAL','RESIDENTIAL','STATE','ESTATE_BIG_CLIENT'])[1 + i % 5],
          1 + (i * 31) % 15,
          (array['ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','UNVERIFIED','UNVERIFIED','UNVERIFIED','UNVERIFIED','LOCK','LOCK','LOCK','LOCK','LOCK','LOCK','LOCK','DELETED'])[1 + (i * 7) % 20],
          (i * 7) % 20 < 8, true, ${SPREAD('i')}, now(),
          case when (i * 7) % 20 = 19 then now() end
        from generate_series($3::bigint, $4::bigint) as i
        returning id, email)
      insert into user_roles (user_id, role_id)
      select u.id, (select id from roles where space = $1 and name = 'USER') from u
      where $2::bigint >= 0`,
  },
  traces: {
    table: 'traces',
    unit: 'traces',
    chunk: 250_000,
    sql: `insert into traces (space, type, owner, module, section, entity_id, payload, created_at)
      select $1, (array['CREATE','UPDATE','UPDATE','DELETE'])[1 + i % 4],
        case when i % 50 = 0 then null else ${USER_ID('(i * 7919) % least($2::bigint, 20000)')} end,
        (array['users','payments','account','contract-requests','faqs','commercial-offices','security','commercial'])[1 + (i / 4) % 8],
        (array['profile','record','codes','queue','settings','roles'])[1 + (i / 3) % 6],
        'vol-' || i, null, ${SPREAD('i')}
      from generate_series($3::bigint, $4::bigint) as i`,
  },
  security: {
    table: 'security_events',
    unit: 'sign-in events',
    chunk: 250_000,
    sql: `insert into security_events (space, event, result, user_id, login, ip, reason, created_at)
      select $1, case when i % 20 = 0 then 'second-factor' else 'signin' end,
        case when i % 7 = 0 then 'refused' else 'ok' end,
        case when i % 31 = 0 then null else ${USER_ID('(i * 7919) % $2::bigint')} end,
        'vol.user' || ((i * 7919) % $2::bigint) || '@example.cu',
        '10.' || (i / 65536) % 256 || '.' || (i / 256) % 256 || '.' || i % 256,
        case when i % 7 = 0 then (array['bad-password','unknown-login','locked'])[1 + i % 3] end,
        ${SPREAD('i')}
      from generate_series($3::bigint, $4::bigint) as i`,
  },
  codes: {
    table: 'accounts',
    unit: 'client codes',
    chunk: 100_000,
    sql: `insert into accounts (cc, space, holder_name, client_type, street, number, municipality, commercial_office,
        nucleus_people, metered, active, created_at)
      select ${CC('i')}, $1, (${FIRST})[1 + i % 12] || ' ' || (${LAST})[1 + (i / 12) % 10] || ' ' || (${LAST})[1 + (i / 120) % 10],
        (array['RESIDENTIAL','RESIDENTIAL','RESIDENTIAL','STATE','ESTATE_BIG_CLIENT'])[1 + i % 5],
        'Calle ' || (i % 300), (i % 999)::text, 1 + (i * 31) % 15, 'Oficina ' || (1 + (i * 31) % 15),
        1 + i % 6, i % 3 = 0, i % 50 <> 0, ${SPREAD('i')}
      from generate_series($3::bigint, $4::bigint) as i
      where $2::bigint >= 0`,
  },
  payments: {
    table: 'payment_requests',
    unit: 'payments',
    chunk: 250_000,
    // As bench/dashboard.bench.mjs writes them, each with its own owner and code of the volume.
    sql: `insert into payment_requests (id, space, user_id, cc, type, method, status, amount_cents, bonus_cents,
        external_id, expires_at, created_at, updated_at)
      select ${SEQ_UUID('i')}, $1, ${USER_ID('(i * 7919) % $2::bigint')}, ${CC('(i * 104729) % 1000000')},
        case when i % 5 = 0 then 'ADELANTO' else 'CC' end,
        case when i % 3 = 0 then 'ENZONA' else 'TRANSFERMOVIL' end,
        (array['PAYED','PAYED','PAYED','PAYED','PAYED','PAYED','CANCELED','FAILED','PENDING','REFUNDED'])[1 + i % 10],
        1000 + (i * 7919) % 500000,
        case when i % 5 = 0 then ((1000 + (i * 7919) % 500000) * 5) / 100 else 0 end,
        'ovvol' || i, now(), ${SPREAD('i')}, now()
      from generate_series($3::bigint, $4::bigint) as i`,
  },
};

/**
 * The counts the database keeps, rebuilt from the rows (after a load with the triggers off): each
 * only where its table exists (a database migrated before that migration has none).
 */
const KEPT = [
  {
    kind: 'payments',
    table: 'payment_rollups',
    sql: `delete from payment_rollups;
      insert into payment_rollups (space, day, status, method, type, shard, count, amount_cents, bonus_cents)
      select space, (created_at at time zone 'America/Havana')::date, status, method, type,
        (abs(hashtext(id::text)) % 8)::smallint, count(*), sum(amount_cents), sum(bonus_cents)
      from payment_requests group by 1, 2, 3, 4, 5, 6`,
  },
  {
    table: 'user_rollups',
    sql: `delete from user_rollups;
      insert into user_rollups (space, day, client_type, count)
      select space, (created_at at time zone 'America/Havana')::date, client_type, count(*)
      from users where client_type is not null and deleted_at is null group by 1, 2, 3`,
  },
  { table: 'user_counts', sql: `select list_counts_rebuild()` },
];

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} → ${code}`))));
  });
}

/** The environment the API's scripts run with on the volume database (development, demo data). */
export function apiEnv(url, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: url,
    DEMO_DATA: 'true',
    JWT_SECRET: process.env.JWT_SECRET || randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-volume-')),
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Brings database `dbName` on `server` to `targets` (missing kinds filled, nothing rewritten). Answers
 * the database's URL and how many rows of each kind this call wrote.
 */
export async function ensureVolume({ server, dbName = 'lists_volume', targets = VOLUME_DEFAULTS }) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const {
    rows: [exists],
  } = await admin.query('select 1 as x from pg_database where datname = $1', [dbName]);
  if (!exists) await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  const env = apiEnv(dbUrl);
  await run(process.execPath, ['--import', 'tsx', 'apps/api/src/db/migrate.ts'], env);

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const created = {};
  try {
    await db.query('create table if not exists volume_marks (kind text primary key, n bigint not null)');
    const marks = async () =>
      Object.fromEntries(
        (await db.query('select kind, n from volume_marks')).rows.map((r) => [r.kind, Number(r.n)]),
      );
    const {
      rows: [{ space }],
    } = await db.query(`select space from users where email = 'admin@aguasdelahabana.cu'`);
    const usersTotal = Math.max(1, targets.users || (await marks()).users || 1);
    // A large load writes its table without the secondary indexes, then builds them once (sorted, far
    // cheaper than row by row); their definitions wait in `volume_indexes` so a run that stops midway
    // is finished by the next one.
    await db.query('create table if not exists volume_indexes (name text primary key, def text not null)');
    const restoreIndexes = async (tables) => {
      const { rows } = await db.query('select name, def from volume_indexes');
      for (const { name, def } of rows.filter((r) =>
        tables.some((t) => r.def.includes(` ON public.${t} `)),
      )) {
        process.stderr.write(`building index ${name}…\n`);
        await db.query(def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
        await db.query('delete from volume_indexes where name = $1', [name]);
      }
    };
    const dropIndexes = async (table) => {
      const { rows } = await db.query(
        `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = $1
         and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
        [table],
      );
      for (const r of rows) {
        await db.query('insert into volume_indexes (name, def) values ($1, $2) on conflict do nothing', [
          r.indexname,
          r.indexdef,
        ]);
        await db.query(`drop index "${r.indexname}"`);
      }
    };
    let bulk = false;
    for (const kind of ['users', 'codes', 'traces', 'security', 'payments']) {
      const want = targets[kind] ?? 0;
      const have = (await marks())[kind] ?? 0;
      created[kind] = 0;
      if (have >= want) continue;
      const k = KINDS[kind];
      if (want - have >= 1_000_000) await dropIndexes(k.table);
      const bar = progressBar(want - have, k.unit);
      process.stderr.write(
        `${kind}: ${have.toLocaleString('en')} there, writing ${(want - have).toLocaleString('en')}\n`,
      );
      for (let from = have; from < want; from += k.chunk) {
        const to = Math.min(want, from + k.chunk);
        await db.query('begin');
        await db.query(`set local session_replication_role = replica`);
        await db.query(k.sql, [space, usersTotal, from, to - 1]);
        await db.query(
          `insert into volume_marks (kind, n) values ($1, $2) on conflict (kind) do update set n = excluded.n`,
          [kind, to],
        );
        await db.query('commit');
        created[kind] += to - from;
        bar.update(to - have);
      }
      bar.finish(want - have);
      bulk = true;
    }
    const loaded = Object.keys(KINDS).filter((kind) => (targets[kind] ?? 0) > 0);
    await restoreIndexes(loaded.map((kind) => KINDS[kind].table));
    if (bulk) {
      process.stderr.write('rebuilding the counts the database keeps…\n');
      for (const k of KEPT) {
        const {
          rows: [{ t }],
        } = await db.query('select to_regclass($1) as t', [k.table]);
        if (t && (!k.kind || loaded.includes(k.kind))) await db.query(k.sql);
      }
      for (const table of [
        'users',
        'user_roles',
        'accounts',
        'traces',
        'security_events',
        'payment_requests',
      ])
        await db.query(`vacuum analyze ${table}`);
    }
    const wantRequests = targets.requests ?? 0;
    const {
      rows: [{ n: haveRequests }],
    } = await db.query('select count(*)::int as n from contract_requests');
    created.requests = 0;
    if (haveRequests < wantRequests) {
      process.stderr.write(
        `contract requests: writing ${(wantRequests - haveRequests).toLocaleString('en')}\n`,
      );
      await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/api/scripts/seed-contract-requests.ts',
          '--requests',
          String(wantRequests - haveRequests),
        ],
        env,
      );
      created.requests = wantRequests - haveRequests;
      await db.query('vacuum analyze contract_requests');
    }
  } finally {
    await db.end();
  }
  return { url: dbUrl, created };
}

function parseArgs(argv) {
  const out = {};
  for (let k = 0; k < argv.length; k++)
    if (argv[k].startsWith('--')) out[argv[k].slice(2)] = argv[k + 1]?.startsWith('--') ? 'true' : argv[++k];
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = parseArgs(process.argv.slice(2));
  const targets = Object.fromEntries(
    Object.entries(VOLUME_DEFAULTS).map(([k, v]) => [k, args[k] === undefined ? v : Number(args[k])]),
  );
  const started = Date.now();
  ensureVolume({
    server: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    dbName: args.db || 'lists_volume',
    targets,
  })
    .then(({ url, created }) => {
      console.log(
        `${url}: written by this run ${Object.entries(created)
          .map(([k, n]) => `${k} ${n.toLocaleString('en')}`)
          .join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
