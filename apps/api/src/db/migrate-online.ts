/**
 * `npm run migrate -- --online` (compiled: `node apps/api/dist/migrate.js --online`): the migration
 * step for a large database that keeps serving while it upgrades (docs/DEPLOY.md, "Upgrading a large
 * database"). Drizzle's migrator applies every pending migration in ONE transaction, so a
 * `CREATE INDEX` there holds a SHARE lock on its table (no INSERT, UPDATE or DELETE) for the whole
 * build, and every lock is kept until the last migration commits: minutes at 10,000,000 rows.
 *
 * This applies the same pending migrations, in order, itself: first each migration's index builds
 * on tables that already exist, one by one, with `CREATE INDEX CONCURRENTLY IF NOT EXISTS` (writes go
 * on; an invalid index left by an interrupted build is dropped and built again), then the rest of
 * that migration in one transaction, recorded in `drizzle.__drizzle_migrations` exactly as drizzle
 * records it (its hash, its journal time), so the ordinary step that follows finds nothing pending.
 * An index the migration's own statements must precede (on a column it adds) is built in its
 * transaction, in its place. What still waits for writes: each migration's own transaction (a new trigger locks its table until
 * the recount that follows it commits: seconds at a city's volume, measured in docs/DEPLOY.md).
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { LOCK_NAMESPACE, LOCKS, MIGRATIONS_FOLDER } from './client';

/** The statement without its leading comment lines. */
const bare = (chunk: string) =>
  chunk
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .trim();

/** A chunk that is one `CREATE [UNIQUE] INDEX` and nothing else: its name and table, else undefined. */
export function indexBuild(chunk: string): { sql: string; name: string; table: string } | undefined {
  const stmt = bare(chunk).replace(/;\s*$/, '');
  if (stmt.includes(';')) return undefined;
  const m =
    /^CREATE\s+(UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?("[^"]+"|\w+)\s+ON\s+(?:ONLY\s+)?("[^"]+"|[\w.]+)/i.exec(
      stmt,
    );
  if (!m) return undefined;
  const rest = stmt.slice(m[0].length);
  return {
    sql: `CREATE ${m[1] ? 'UNIQUE ' : ''}INDEX CONCURRENTLY IF NOT EXISTS ${m[2]} ON ${m[3]}${rest}`,
    name: m[2].replace(/"/g, ''),
    table: m[3].replace(/"/g, ''),
  };
}

export async function migrateOnline(url: string, log: (line: string) => void = console.log) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The same advisory lock as the ordinary step: two of these (or one and `migrate`) never overlap.
    await client.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, LOCKS.migrate]);
    await client.query('create schema if not exists drizzle');
    await client.query(`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`);
    const {
      rows: [last],
    } = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const pending = migrations.filter((m) => !last || Number(last.created_at) < m.folderMillis);
    for (const m of pending) {
      const inTransaction: string[] = [];
      // An extension the index builds need (0032's pg_trgm): created first, on its own (idempotent,
      // and run again in the transaction, harmlessly).
      for (const chunk of m.sql)
        if (/^CREATE\s+EXTENSION\s+IF\s+NOT\s+EXISTS\s+[\w"]+\s*;?$/i.test(bare(chunk)))
          await client.query(chunk);
      for (const chunk of m.sql) {
        const index = indexBuild(chunk);
        const {
          rows: [exists],
        } = index
          ? await client.query<{ t: string | null }>('select to_regclass($1)::text as t', [index.table])
          : { rows: [{ t: null }] };
        if (!index || !exists?.t) {
          // Not an index build, or one on a table this migration creates (empty: built at once).
          inTransaction.push(chunk);
          continue;
        }
        const {
          rows: [left],
        } = await client.query<{ valid: boolean }>(
          `select i.indisvalid as valid from pg_index i where i.indexrelid = to_regclass($1)`,
          [index.name],
        );
        const dropInvalid = () => client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
        if (left && !left.valid) await dropInvalid();
        const started = Date.now();
        try {
          await client.query(index.sql);
          log(`  ${index.name}: built concurrently in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        } catch (err) {
          // On a column this migration adds, say: built in its transaction, in its place.
          const {
            rows: [half],
          } = await client.query<{ valid: boolean }>(
            'select i.indisvalid as valid from pg_index i where i.indexrelid = to_regclass($1)',
            [index.name],
          );
          if (half && !half.valid) await dropInvalid();
          log(`  ${index.name}: not built beforehand (${(err as Error).message}); built in the migration`);
          inTransaction.push(chunk);
        }
      }
      const started = Date.now();
      await client.query('begin');
      try {
        for (const stmt of inTransaction) if (bare(stmt)) await client.query(stmt);
        await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
          m.hash,
          m.folderMillis,
        ]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
      log(
        `migration ${m.folderMillis}: the rest in one transaction, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await client.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, LOCKS.migrate]);
    return pending.length;
  } finally {
    await client.end();
  }
}
