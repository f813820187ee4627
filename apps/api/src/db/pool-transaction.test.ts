import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releaseClientsOnFailedTransactions } from './pool-transaction';

/**
 * A transaction whose `begin` fails gives its connection back (drizzle-orm 0.45 kept it checked out
 * for good: after a database restart the pool ran dry and the API never recovered). A pool of one
 * connection makes a leak visible at once: the next transaction would wait for a connection that
 * never comes back and fail with pg-pool's timeout.
 */
describe.skipIf(!process.env.DATABASE_URL)('transactions on the PostgreSQL pool', () => {
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;

  beforeEach(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, connectionTimeoutMillis: 2000 });
    // As in openDatabase: a connection the server ends reports it; the query in flight fails by itself.
    pool.on('connect', (client) => client.on('error', () => {}));
    db = drizzle({ client: pool });
    releaseClientsOnFailedTransactions(db, pool);
  });

  afterEach(async () => {
    await pool.end();
  });

  /** Leaves the pool's only connection idle inside an aborted transaction: its next `begin` fails. */
  async function poisonTheIdleConnection() {
    const client = await pool.connect();
    await client.query('begin');
    await client.query('select 1 / 0').catch(() => {});
    client.release();
  }

  it('gives the connection back, destroyed, when `begin` fails', async () => {
    await poisonTheIdleConnection();

    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toMatchObject({
      cause: { code: '25P02' }, // current transaction is aborted
    });
    expect(pool.totalCount, 'the failed connection left the pool').toBe(0);

    const answer = await db.transaction(async (tx) => tx.execute<{ n: number }>(sql`select 42 as n`));
    expect(answer.rows[0].n).toBe(42);
  });

  it('commits, rolls back and destroys a connection that died inside the transaction', async () => {
    await db.execute(sql`create temporary table if not exists t_pool (n int)`); // dies with its connection
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_pool values (1)`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t_pool values (2)`);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    const rows = await db.execute<{ n: number }>(sql`select n from t_pool order by n`);
    expect(rows.rows.map((r) => r.n)).toEqual([1]);

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    expect(pool.totalCount).toBe(0);
    const after = await db.transaction(async (tx) => tx.execute<{ n: number }>(sql`select 7 as n`));
    expect(after.rows[0].n).toBe(7);
  });
});
