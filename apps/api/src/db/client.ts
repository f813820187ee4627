import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../config';
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
  const start = async () => {
    if (closed) return;
    try {
      const client = await pool.connect();
      dedicated = client;
      client.on('error', () => {
        // Only while it is still ours: after stop() it is back in the pool (or being ended with it),
        // and a connection can report more than one error on its way out.
        if (dedicated !== client) return;
        dedicated = undefined;
        fanOut.reset();
        client.release(true);
        if (!closed) setTimeout(() => void start(), 1000).unref();
      });
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
    stop() {
      closed = true;
      const client = dedicated;
      dedicated = undefined;
      client?.release();
    },
  };
}

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');
const MIGRATIONS = MIGRATIONS_FOLDER;

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
    if (opts.migrate !== false) await migrateNodePg(db, { migrationsFolder: MIGRATIONS });
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
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.pgliteTemplate
    ? new PGlite({ loadDataDir: opts.pgliteTemplate })
    : opts.dataDir
      ? new PGlite(opts.dataDir)
      : new PGlite();
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
