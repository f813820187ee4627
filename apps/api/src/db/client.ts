import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../config';
import { releaseClientsOnFailedTransactions } from './pool-transaction';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; the API is written once against this type. */
export type Db = NodePgDatabase<Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Cache invalidations announced by the database (channel `ov_cache`, see migration 0008).
   * `onReset` runs when announcements may have been missed (a listener connection was lost).
   */
  onCacheInvalidation(fn: (payload: string) => void, onReset: () => void): () => void;
  /** Whether the notification listener is connected (readiness): always true on PGlite. */
  listening(): boolean;
  /**
   * Runs `fn` holding the PostgreSQL advisory lock `key` (session-level, on a connection of its own,
   * so a process that dies mid-way frees it). `wait: false` gives up at once when another process
   * holds it (returns `{ ran: false }`): how each background pass runs once whatever the process count.
   */
  withLock<T>(key: LockKey, fn: () => Promise<T>, opts?: { wait?: boolean }): Promise<LockResult<T>>;
}

export type LockResult<T> = { ran: true; value: T } | { ran: false };

/** Advisory lock ids (pg_advisory_lock(LOCK_NAMESPACE, id)): one per kind of exclusive work. */
export const LOCKS = {
  /** Migrations and the first seed. */
  migrate: 1,
  mailOutbox: 2,
  paymentReconciliation: 3,
  /** The commercial system (COMMERCIAL_SYSTEM=http): the posting outbox and the change feed reader. */
  commercialPostings: 4,
  commercialFeed: 5,
  /** The dashboard's rollup fold: taken by the SQL function payment_rollups_fold itself (migration 0030). */
  rollupFold: 6,
} as const;
export type LockKey = (typeof LOCKS)[keyof typeof LOCKS];
/** 'OV' — keeps our ids apart from any other application's advisory locks on the same database. */
export const LOCK_NAMESPACE = 0x4f56;

/** Advisory locks on a pool: each holder takes a connection of its own for the lock's lifetime. */
function poolLocks(pool: pg.Pool) {
  return async function withLock<T>(
    key: LockKey,
    fn: () => Promise<T>,
    { wait = true }: { wait?: boolean } = {},
  ): Promise<LockResult<T>> {
    const client = await pool.connect();
    let broken = false;
    try {
      if (wait) await client.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, key]);
      else {
        const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          LOCK_NAMESPACE,
          key,
        ]);
        if (!r.rows[0]?.ok) return { ran: false };
      }
      try {
        return { ran: true, value: await fn() };
      } finally {
        await client.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, key]).catch(() => {
          broken = true; // the session is gone, and its lock with it
        });
      }
    } catch (err) {
      broken = true;
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

/** PGlite is one process: a lock is an in-process queue per key. */
function processLocks() {
  const tails = new Map<number, Promise<unknown>>();
  // Holders and waiters per key, counted when the call is made: a try (wait: false) made while another
  // call is queued or running does not run, as pg_try_advisory_lock would refuse it.
  const busy = new Map<number, number>();
  return async function withLock<T>(
    key: LockKey,
    fn: () => Promise<T>,
    { wait = true }: { wait?: boolean } = {},
  ): Promise<LockResult<T>> {
    if (!wait && busy.get(key)) return { ran: false };
    busy.set(key, (busy.get(key) ?? 0) + 1);
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(fn).finally(() => {
      const left = (busy.get(key) ?? 1) - 1;
      if (left) busy.set(key, left);
      else busy.delete(key);
    });
    tails.set(
      key,
      run.catch(() => {}),
    );
    return { ran: true, value: await run };
  };
}

export const CACHE_CHANNEL = 'ov_cache';

/** A tiny fan-out shared by the listening connections of one database. */
function invalidationFanOut() {
  const listeners = new Set<{ fn: (payload: string) => void; onReset: () => void }>();
  return {
    emit: (payload: string) => {
      for (const l of listeners) l.fn(payload);
    },
    reset: () => {
      for (const l of listeners) l.onReset();
    },
    subscribe(fn: (payload: string) => void, onReset: () => void) {
      const entry = { fn, onReset };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}

/**
 * PostgreSQL: every pooled connection LISTENs, so a change this process commits is announced on its
 * own connection before the COMMIT returns (the next request never sees a stale copy); one dedicated
 * connection also listens so changes committed elsewhere arrive while the pool is idle.
 */
function listenOnPool(pool: pg.Pool, fanOut: ReturnType<typeof invalidationFanOut>) {
  const onNotification = (n: pg.Notification) => {
    if (n.channel === CACHE_CHANNEL && n.payload) fanOut.emit(n.payload);
  };
  const onConnect = async (client: pg.PoolClient) => {
    client.on('notification', onNotification);
    await client.query(`LISTEN ${CACHE_CHANNEL}`);
  };
  let closed = false;
  let dedicated: pg.PoolClient | undefined;
  let connected = false;
  const start = async () => {
    if (closed) return;
    try {
      const client = await pool.connect();
      if (closed) {
        client.release(); // stopped while this connection was on its way
        return;
      }
      dedicated = client;
      client.on('error', () => {
        // Only while it is still ours: after stop() it is back in the pool (or being ended with it),
        // and a connection can report more than one error on its way out.
        if (dedicated !== client) return;
        dedicated = undefined;
        connected = false;
        fanOut.reset();
        client.release(true);
        if (!closed) setTimeout(() => void start(), 1000).unref();
      });
      connected = true;
      // Anything could have changed while nobody listened.
      fanOut.reset();
    } catch {
      fanOut.reset();
      if (!closed) setTimeout(() => void start(), 1000).unref();
    }
  };
  return {
    onConnect,
    start,
    listening: () => connected && dedicated !== undefined,
    stop() {
      closed = true;
      connected = false;
      const client = dedicated;
      dedicated = undefined;
      client?.release();
    },
  };
}

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');
const MIGRATIONS = MIGRATIONS_FOLDER;

/**
 * How many committed migrations the database has not applied yet (all of them on an empty
 * database): a production process that does not migrate refuses to serve an older schema.
 */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const exists = await database.db.execute<{ t: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists.rows[0]?.t) return journal.entries.length;
  const applied = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Math.max(0, journal.entries.length - Number(applied.rows[0]?.n ?? 0));
}

/** PostgreSQL when a URL is given; otherwise PGlite (in `dataDir`, or in memory when null). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  /** A PGlite data directory dump to start from (tests start from a migrated, seeded template). */
  pgliteTemplate?: Blob;
  /** false when an owner role migrates in a step of its own (db/migrate.ts) and this is the runtime role. */
  migrate?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const fanOut = invalidationFanOut();
    let listener: ReturnType<typeof listenOnPool> | undefined;
    // Every new connection LISTENs before it is handed out (pg-pool awaits `onConnect`).
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 20,
      // While the server is away a request fails fast (503) instead of waiting for a connection.
      connectionTimeoutMillis: 5000,
      onConnect: (client: pg.PoolClient) => listener?.onConnect(client),
    } as pg.PoolConfig);
    pool.on('error', () => {
      /* an idle client dropped by the server; the pool replaces it */
    });
    // A connection that drops while checked out (in a transaction, a LISTEN) emits 'error' on the
    // client; without a listener Node would end the process. The query in flight fails on its own
    // (→ 503), and pg-pool discards the dead client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    listener = listenOnPool(pool, fanOut);
    const db = drizzleNodePg({ client: pool, schema });
    releaseClientsOnFailedTransactions(db, pool);
    const withLock = poolLocks(pool);
    // Under the lock: processes starting together on a fresh or upgraded database migrate once; the
    // others wait, then find nothing left to apply.
    if (opts.migrate !== false) {
      try {
        await withLock(LOCKS.migrate, () => migrateNodePg(db, { migrationsFolder: MIGRATIONS }));
      } catch (err) {
        listener.stop();
        await pool.end();
        throw err;
      }
    }
    await listener.start();
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        listener.stop();
        await pool.end();
      },
      onCacheInvalidation: fanOut.subscribe,
      listening: () => listener.listening(),
      withLock,
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // The extensions the migrations create (0032: pg_trgm for the free-text searches' trigram indexes).
  const extensions = { pg_trgm };
  const client = opts.pgliteTemplate
    ? new PGlite({ loadDataDir: opts.pgliteTemplate, extensions })
    : opts.dataDir
      ? new PGlite(opts.dataDir, { extensions })
      : new PGlite({ extensions });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  // One connection: its own notifications arrive before the statement that caused them returns.
  const fanOut = invalidationFanOut();
  await client.listen(CACHE_CHANNEL, (payload) => fanOut.emit(payload));
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    onCacheInvalidation: fanOut.subscribe,
    listening: () => true,
    withLock: processLocks(),
  };
}

/**
 * `build` run once per database handle and kept (prepared statements on hot paths: built and
 * planned once, not once per call).
 */
export function oncePerDatabase<E extends object, T>(build: (ex: E) => T): (ex: E) => T {
  const built = new WeakMap<E, T>();
  return (ex) => {
    let value = built.get(ex);
    if (!value) {
      value = build(ex);
      built.set(ex, value);
    }
    return value;
  };
}
