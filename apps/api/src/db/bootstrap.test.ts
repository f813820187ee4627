import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROOT, loadConfig } from '../config';
import { awaitMigrated, openWhenReady, seedOnce } from './bootstrap';
import { LOCKS, MIGRATIONS_FOLDER } from './client';

const serverUrl = process.env.DATABASE_URL;
const run = promisify(execFile);
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));

/** Starting several processes at once on an empty database (PostgreSQL only: PGlite is one process). */
describe.skipIf(!serverUrl)('migrations and the first seed under an advisory lock', () => {
  const created: string[] = [];
  async function emptyDatabase() {
    const name = `ov_boot_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  async function facts(url: string) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const migrations = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const admins = await c.query(
      `select count(*)::int as n from users where email = 'admin@aguasdelahabana.cu'`,
    );
    await c.end();
    return { migrations: migrations.rows[0].n as number, admins: admins.rows[0].n as number };
  }
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('two API starts at once on an empty database: both open, migrations applied once, one seeds', async () => {
    const url = await emptyDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-boot-')),
      JWT_SECRET: 'x'.repeat(32),
      DEMO_DATA: 'false',
    });
    // Two pools: two sessions contending for the lock, as two processes would.
    const start = async () => {
      const database = await openWhenReady(config, { migrate: true });
      const seeded = await seedOnce(database, config);
      await awaitMigrated(database);
      return { database, seeded };
    };
    const both = await Promise.all([start(), start()]);
    expect(both.map((b) => b.seeded).sort()).toEqual([false, true]);
    for (const b of both) await b.database.close();
    expect(await facts(url)).toEqual({ migrations: journal.entries.length, admins: 1 });
  });

  it('`npm run migrate` twice at once (two processes): both succeed, one seeds, migrations once', async () => {
    const url = await emptyDatabase();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      ADMIN_EMAIL: 'admin@aguasdelahabana.cu',
      ADMIN_PASSWORD: 'A.long.admin.password.2026',
    };
    const migrate = () =>
      run(process.execPath, ['--import', 'tsx', 'src/db/migrate.ts'], {
        cwd: API_ROOT,
        env,
        timeout: 90_000,
      });
    const outputs = (await Promise.all([migrate(), migrate()])).map((r) => r.stdout.trim());
    expect(outputs.filter((o) => o.includes('empty database seeded'))).toHaveLength(1);
    expect(outputs.filter((o) => o.includes('already seeded'))).toHaveLength(1);
    expect(await facts(url)).toEqual({ migrations: journal.entries.length, admins: 1 });
  }, 120_000);

  it('a pass that does not wait is skipped while another process holds the lock', async () => {
    const url = await emptyDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) });
    const [a, b] = await Promise.all([
      openWhenReady(config, { url, migrate: true }),
      openWhenReady(config, { url, migrate: true }),
    ]);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    const first = a.withLock(
      LOCKS.paymentReconciliation,
      () => {
        entered();
        return held.then(() => 'done');
      },
      { wait: false },
    );
    // Once `a` holds it (its pass is under way), `b` gives up at once. (`b` asks only then: asking
    // earlier could win the lock first and make `a` the one that skips.)
    await inside;
    expect(await b.withLock(LOCKS.paymentReconciliation, async () => 'ran', { wait: false })).toEqual({
      ran: false,
    });
    release();
    expect(await first).toEqual({ ran: true, value: 'done' });
    expect(await b.withLock(LOCKS.paymentReconciliation, async () => 'ran', { wait: false })).toEqual({
      ran: true,
      value: 'ran',
    });
    await a.close();
    await b.close();
  }, 120_000); // two processes migrating an empty database first: as long as the test above
});
