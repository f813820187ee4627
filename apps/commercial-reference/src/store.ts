import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** One SQL round trip: rows as plain objects. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The reference system's own database: an in-memory PGlite by default, a PGlite directory, or a
 * PostgreSQL database (`postgres://…`). Its tables live in their own schema (default `commercial`),
 * so it may share a PostgreSQL database with the portal without touching the portal's tables.
 */
export interface Store extends Sql {
  /** The schema name, already validated: safe to put into SQL text. */
  readonly schema: string;
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Drops the schema (tests on a shared PostgreSQL). */
  drop(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** `memory` (default), a directory for PGlite, or `postgres://…`. */
  url?: string;
  schema?: string;
}

export async function openStore(opts: StoreOptions = {}): Promise<Store> {
  const schema = opts.schema ?? 'commercial';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const url = opts.url ?? 'memory';
  const store = /^postgres(ql)?:\/\//.test(url) ? postgresStore(url, schema) : await pgliteStore(url, schema);
  await migrate(store);
  return store;
}

async function pgliteStore(url: string, schema: string): Promise<Store> {
  const db = url === 'memory' || url === '' ? new PGlite() : new PGlite(url.replace(/^file:/, ''));
  await db.waitReady;
  const wrap = (q: Pick<PGlite, 'query'>): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      return (await q.query<T>(text, params as unknown[])).rows;
    },
  });
  return {
    schema,
    ...wrap(db),
    tx: (fn) => db.transaction((t) => fn(wrap(t))),
    drop: async () => void (await db.exec(`drop schema if exists ${schema} cascade`)),
    close: () => db.close(),
  };
}

function postgresStore(url: string, schema: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {});
  const wrap = (q: pg.Pool | pg.PoolClient): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      return (await q.query(text, params)).rows as T[];
    },
  });
  return {
    schema,
    ...wrap(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    drop: async () => void (await pool.query(`drop schema if exists ${schema} cascade`)),
    close: () => pool.end(),
  };
}

/** The schema, created when missing (idempotent: safe on every start). */
async function migrate(store: Store) {
  const s = store.schema;
  const statements = [
    `create schema if not exists ${s}`,
    `create sequence if not exists ${s}.account_seq start 900001`,
    `create table if not exists ${s}.accounts (
      cc text primary key,
      client_type text not null,
      holder_name text not null,
      national_id text,
      address text not null,
      municipality integer not null,
      policy text not null,
      contract_number text,
      active boolean not null default true,
      office_id text,
      metered boolean not null default true,
      nucleus_people integer not null default 1,
      advance_balance_cents bigint not null default 0,
      request_id text unique,
      request_hash text,
      created_at timestamptz not null default now()
    )`,
    `create table if not exists ${s}.invoices (
      invoice_number text primary key,
      cc text not null references ${s}.accounts(cc),
      seq integer not null,
      issued_at timestamptz not null,
      period_from date not null,
      period_to date not null,
      amount_cents bigint not null,
      paid_cents bigint not null default 0,
      status text not null,
      consumption_m3 integer
    )`,
    `create index if not exists invoices_cc on ${s}.invoices (cc, issued_at desc, seq desc)`,
    `create table if not exists ${s}.postings (
      posting_id text primary key,
      idempotency_key text not null unique,
      request_hash text not null,
      source text not null,
      payment_id text,
      cc text not null,
      type text not null,
      method text not null,
      gateway_reference text,
      paid_at timestamptz not null,
      amount_cents bigint not null,
      bonus_cents bigint not null default 0,
      created_at timestamptz not null default now()
    )`,
    `create table if not exists ${s}.posting_invoices (
      posting_id text not null references ${s}.postings(posting_id),
      invoice_number text not null,
      amount_cents bigint not null,
      primary key (posting_id, invoice_number)
    )`,
    `create table if not exists ${s}.changes (
      id bigserial primary key,
      type text not null,
      cc text not null,
      invoice_number text,
      at timestamptz not null default now()
    )`,
  ];
  // Two processes starting on one new PostgreSQL schema: one creates it, the other waits.
  await store.tx(async (sql) => {
    await sql.query('select pg_advisory_xact_lock(7281964)');
    for (const text of statements) await sql.query(text);
  });
}
