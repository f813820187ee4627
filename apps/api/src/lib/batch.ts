import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Runs several INSERT statements as ONE statement (data-modifying CTEs), so a transaction that
 * writes a trace, a notification, an e-mail and an event pays one round trip instead of four. They
 * commit or fail together, like any single statement.
 */
export async function insertTogether(ex: Executor, statements: SQLWrapper[]): Promise<void> {
  if (!statements.length) return;
  if (statements.length === 1) {
    await ex.execute(statements[0].getSQL());
    return;
  }
  const parts: SQL[] = statements.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s.getSQL()})`);
  await ex.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
