import { sql } from 'drizzle-orm';
import { type NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/**
 * drizzle-orm 0.45 (node-postgres) checks a client out of the pool and runs `begin` *before* the
 * try/finally that releases it, so a `begin` that fails — the connection died while it sat idle in
 * the pool, as every idle connection does when the database restarts — keeps the client checked out
 * for the life of the process. Each outage costs pool slots until `pool.connect()` waits forever and
 * the API never recovers (seen in `outage.test.ts`: one client leaked, `pool.end()` hung). Upstream:
 * drizzle-team/drizzle-orm#6023, #6241, still open.
 *
 * Until it lands, the database's session runs transactions this way: `begin` inside the try, and a
 * client whose `begin`, `commit` or `rollback` failed released *with* the error, so pg-pool destroys
 * it instead of handing a connection in an unknown state to the next request. Nested transactions
 * (savepoints) are drizzle's own and unchanged.
 */
export function releaseClientsOnFailedTransactions(
  db: NodePgDatabase<Record<string, unknown>>,
  pool: pg.Pool,
) {
  const session = (db as unknown as { session: NodePgSession<Record<string, unknown>, never> }).session;
  const internals = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  session.transaction = async <T>(
    run: (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> => {
    const client = await pool.connect();
    const own = new NodePgSession(client, internals.dialect, internals.schema, internals.options);
    const tx = new NodePgTransaction(internals.dialect, own, internals.schema) as NodePgTransaction<
      Record<string, unknown>,
      never
    >;
    let broken: Error | undefined;
    try {
      try {
        await tx.execute(config ? sql`begin ${sql.raw(transactionModes(config))}` : sql`begin`);
      } catch (err) {
        broken = err as Error;
        throw err;
      }
      try {
        const result = await run(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (err) {
        await tx.execute(sql`rollback`).catch((rollbackErr: Error) => {
          broken = rollbackErr;
        });
        throw err;
      }
    } finally {
      client.release(broken);
    }
  };
}

/** `isolation level …`, `read only`/`read write`, `[not] deferrable`: what drizzle writes after `begin`. */
function transactionModes(config: PgTransactionConfig) {
  const modes: string[] = [];
  if (config.isolationLevel) modes.push(`isolation level ${config.isolationLevel}`);
  if (config.accessMode) modes.push(config.accessMode);
  if (typeof config.deferrable === 'boolean') modes.push(config.deferrable ? 'deferrable' : 'not deferrable');
  return modes.join(' ');
}
