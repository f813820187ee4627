import { getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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

/** A row to insert, not yet written: run it alone (`insertOf`) or inside a bigger statement (`insertWhere`). */
export interface PendingInsert {
  table: PgTable;
  row: Record<string, unknown>;
}

export function pendingInsert<T extends PgTable>(table: T, row: T['$inferInsert']): PendingInsert {
  return { table, row: row as Record<string, unknown> };
}

/** The plain INSERT of a pending row. */
export function insertOf(ex: Executor, p: PendingInsert) {
  return ex.insert(p.table).values(p.row as never);
}

/**
 * `insert into <table> (…) select <values> where <condition>`: the pending row, written only if the
 * condition holds when the statement runs (typically `exists (select 1 from <an earlier CTE>)`, so a
 * trace is written only if the guarded update before it changed a row). Values are encoded by their
 * columns as Drizzle's own insert does (JSON, timestamps), client-side defaults are applied, and the
 * database's defaults fill the columns left out. PostgreSQL types the parameters by the target
 * columns (the select list of INSERT … SELECT leaves them unresolved until then).
 */
export function insertWhere(p: PendingInsert, condition: SQL): SQL {
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, column] of Object.entries(getTableColumns(p.table))) {
    let value = p.row[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    values.push(value === null ? sql`null` : sql`${sql.param(value, column)}`);
  }
  return sql`insert into ${p.table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} where ${condition}`;
}
