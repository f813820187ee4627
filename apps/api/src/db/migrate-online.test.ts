import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client';
import { indexBuild, migrateOnline } from './migrate-online';

const serverUrl = process.env.DATABASE_URL;

describe('indexBuild: which migration statements are built concurrently', () => {
  it('takes one CREATE INDEX, with or without IF NOT EXISTS, after comment lines; nothing else', () => {
    expect(indexBuild('-- why\nCREATE INDEX "a_idx" ON "t" USING btree ("x","y" DESC);')).toEqual({
      sql: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "t" USING btree ("x","y" DESC)',
      name: 'a_idx',
      table: 't',
    });
    expect(indexBuild('CREATE UNIQUE INDEX IF NOT EXISTS u ON t (x) WHERE y is null')?.sql).toBe(
      'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS u ON t (x) WHERE y is null',
    );
    expect(indexBuild('CREATE TABLE t (x int)')).toBeUndefined();
    expect(indexBuild('CREATE INDEX a ON t (x); SELECT 1;')).toBeUndefined();
  });
});

/** Issue 29: `migrate --online` leaves the schema the ordinary step leaves (PostgreSQL only). */
describe.skipIf(!serverUrl)('migrate --online', () => {
  const created: string[] = [];
  async function emptyDatabase() {
    const name = `ov_online_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  async function schemaOf(url: string) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const q = async (text: string) => (await c.query(text)).rows.map((r) => Object.values(r).join(' '));
    const out = {
      indexes: await q(`select indexdef from pg_indexes where schemaname = 'public' order by 1`),
      invalid: await q('select indexrelid::regclass::text from pg_index where not indisvalid'),
      triggers: await q(
        `select tgname, tgrelid::regclass::text from pg_trigger where not tgisinternal order by 1, 2`,
      ),
      functions: await q(`select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where nspname = 'public' order by 1`),
      migrations: await q('select hash, created_at from drizzle.__drizzle_migrations order by created_at'),
    };
    await c.end();
    return out;
  }
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('applies every migration, builds the indexes concurrently, and the ordinary step finds nothing left', async () => {
    const [online, ordinary] = [await emptyDatabase(), await emptyDatabase()];
    const lines: string[] = [];
    expect(await migrateOnline(online, (l) => lines.push(l))).toBeGreaterThan(30);
    expect(await migrateOnline(online, () => {})).toBe(0);
    // 0032's trigram indexes: its extension first, so they too are built ahead of the transaction.
    expect(lines.some((l) => /accounts_holder_trgm_idx: built concurrently/.test(l))).toBe(true);
    for (const url of [ordinary, online]) {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      await migrate(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER });
      await pool.end();
    }
    const [a, b] = [await schemaOf(online), await schemaOf(ordinary)];
    expect(a.invalid).toEqual([]);
    expect(a).toEqual(b);
  });
});
