/**
 * Volume generator for the billing ledger:
 *   npm run seed -w apps/api -- --accounts 1000000 --invoices-per-account 12 [--start 1] [--prefix 24]
 * On PostgreSQL (DATABASE_URL) rows stream through COPY FROM STDIN, generated lazily, in one transaction
 * with the secondary indexes rebuilt at the end; on PGlite (no DATABASE_URL) batched multi-row inserts.
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { billingPeriods, type GenResult, generateAccount } from '@ov/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { accounts, advanceBalances, invoices } from '../src/db/schema';
import { DEFAULT_SPACE, seedIfEmpty } from '../src/db/seed';
import { parseArgs, progressBar } from './progress';

const args = parseArgs(process.argv.slice(2));
const total = Number(args.accounts ?? 1000);
const perAccount = Number(args['invoices-per-account'] ?? 12);
const start = Number(args.start ?? 1);
const prefix = args.prefix ?? '24';
if (
  !Number.isInteger(total) ||
  total < 1 ||
  !Number.isInteger(perAccount) ||
  perAccount < 1 ||
  perAccount > 99
) {
  console.error('usage: seed --accounts N [--invoices-per-account 1..99] [--start 1] [--prefix 24]');
  process.exit(2);
}
const periods = billingPeriods(new Date(), perAccount);
const gen = (i: number, withInvoices: boolean) =>
  generateAccount(i, { prefix, periods: withInvoices ? periods : [] });

const N = '\\N';
const cell = (v: string | number | boolean | null) => (v === null ? N : String(v));
function accountLine(r: GenResult) {
  const a = r.account;
  return `${[a.cc, DEFAULT_SPACE, a.holderName, a.clientType, a.street, a.number, a.betweenStreets, a.municipality, a.popularCouncil, a.commercialOffice, a.policy, a.contractNumber, a.nucleusPeople, a.metered, a.active].map(cell).join('\t')}\n`;
}
function invoiceLines(r: GenResult) {
  let s = '';
  for (const i of r.invoices)
    s += `${[r.account.cc, i.number, i.issuedOn, i.periodFrom, i.periodTo, i.invoicedCents, i.paidCents, i.bonusCents, i.partial, i.policy, i.status, i.consumptionM3].map(cell).join('\t')}\n`;
  return s;
}

/** Lazily generated COPY text, in chunks of `batch` accounts. */
function rows(line: (i: number) => string, onAccounts: (n: number) => void, batch = 2000) {
  return Readable.from(
    (function* () {
      for (let i = start; i < start + total; i += batch) {
        let chunk = '';
        const end = Math.min(start + total, i + batch);
        for (let k = i; k < end; k++) chunk += line(k);
        onAccounts(end - start);
        yield chunk;
      }
    })(),
  );
}

async function copyPass(client: pg.PoolClient, sql: string, line: (i: number) => string, label: string) {
  const bar = progressBar(total, label);
  await pipeline(
    rows(line, (n) => bar.update(n)),
    client.query(copyFrom(sql)),
  );
  return bar.finish(total);
}

async function seedPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  const t0 = Date.now();
  try {
    await client.query('begin');
    await client.query("set local maintenance_work_mem = '1GB'");
    // Skips per-row FK triggers (we write only invoices of the accounts we write); needs a superuser.
    await client.query("set local session_replication_role = 'replica'").catch(() => undefined);
    const { rows: defs } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in ('accounts','invoices')
       and indexname not in (select conname from pg_constraint where contype in ('p','u'))`,
    );
    for (const d of defs) await client.query(`drop index "${d.indexname}"`);
    const ta = await copyPass(
      client,
      'COPY accounts (cc, space, holder_name, client_type, street, number, between_streets, municipality, popular_council, commercial_office, policy, contract_number, nucleus_people, metered, active) FROM STDIN',
      (i) => accountLine(gen(i, false)),
      'accounts',
    );
    const advances: string[] = [];
    const ti = await copyPass(
      client,
      'COPY invoices (cc, number, issued_on, period_from, period_to, invoiced_cents, paid_cents, bonus_cents, partial, policy, status, consumption_m3) FROM STDIN',
      (i) => {
        const r = gen(i, true);
        if (r.advanceCents) advances.push(`${r.account.cc}\t${r.advanceCents}\n`);
        return invoiceLines(r);
      },
      `accounts (${perAccount} invoices each)`,
    );
    await pipeline(
      Readable.from(advances),
      client.query(copyFrom('COPY advance_balances (cc, balance_cents) FROM STDIN')),
    );
    const tIdx = Date.now();
    process.stderr.write(`rebuilding ${defs.length} indexes…\n`);
    for (const d of defs) await client.query(d.indexdef);
    // The replica role skipped the triggers that announce invoice changes (migration 0009).
    await client.query("select pg_notify('ov_cache', 'debts:*')");
    await client.query('commit');
    const idxSecs = (Date.now() - tIdx) / 1000;
    await client.query('vacuum analyze accounts');
    await client.query('vacuum analyze invoices');
    await client.query('analyze advance_balances');
    const secs = (Date.now() - t0) / 1000;
    console.log(
      JSON.stringify({
        accounts: total,
        invoices: total * perAccount,
        accountsSecs: ta,
        invoicesSecs: ti,
        indexSecs: idxSecs,
        totalSecs: secs,
      }),
    );
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
    await pool.end();
  }
}

async function seedPglite(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const bar = progressBar(total, 'accounts');
  const batch = 500;
  for (let i = start; i < start + total; i += batch) {
    const results: GenResult[] = [];
    for (let k = i; k < Math.min(start + total, i + batch); k++) results.push(gen(k, true));
    await db.transaction(async (tx) => {
      await tx.insert(accounts).values(results.map((r) => ({ ...r.account, space: DEFAULT_SPACE })));
      const inv = results.flatMap((r) => r.invoices.map((x) => ({ ...x, cc: r.account.cc })));
      for (let k = 0; k < inv.length; k += 2000) await tx.insert(invoices).values(inv.slice(k, k + 2000));
      const adv = results
        .filter((r) => r.advanceCents)
        .map((r) => ({ cc: r.account.cc, balanceCents: r.advanceCents }));
      if (adv.length) await tx.insert(advanceBalances).values(adv);
    });
    bar.update(Math.min(total, i - start + batch));
  }
  const secs = bar.finish(total);
  console.log(
    JSON.stringify({ accounts: total, invoices: total * perAccount, totalSecs: secs, database: 'pglite' }),
  );
}

const config = loadConfig();
// The same place the server keeps its embedded database.
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
await seedIfEmpty(database.db, {
  adminEmail: config.ADMIN_EMAIL,
  adminPassword: config.ADMIN_PASSWORD,
  demo: config.DEMO_DATA,
});
if (database.kind === 'postgres' && config.DATABASE_URL) {
  await database.close();
  await seedPostgres(config.DATABASE_URL);
} else {
  await seedPglite(database.db);
  await database.close();
}
