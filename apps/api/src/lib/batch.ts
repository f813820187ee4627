import { type DriverValueEncoder, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * Writes several pending rows as ONE statement (data-modifying CTEs), so a transaction that
 * writes a trace, a notification, an e-mail and an event pays one round trip instead of four. They
 * commit or fail together, like any single statement.
 */
export async function insertTogether(ex: Executor, rows: readonly PendingInsert[]): Promise<void> {
  if (!rows.length) return;
  const statements: SQLWrapper[] = rows.map((r) => insertOf(ex, r));
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
 * columns (the select list of INSERT … SELECT leaves them unresolved until then). With a `binder`,
 * values become named placeholders (prefixed by `prefix`), for a statement compiled once (`Binder`).
 */
export function insertWhere(p: PendingInsert, condition: SQL, binder?: Binder, prefix = ''): SQL {
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, column] of Object.entries(getTableColumns(p.table))) {
    let value = p.row[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    if (binder) values.push(binder.bind(`${prefix}${key}`, value, column));
    else values.push(value === null ? sql`null` : sql`${sql.param(value, column)}`);
  }
  return sql`insert into ${p.table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} where ${condition}`;
}

const NO_ENCODING: DriverValueEncoder<unknown, unknown> = { mapToDriverValue: (v) => v };

/**
 * Values bound to named placeholders while a statement is put together, so that its text depends
 * only on its shape (which names, in which order): `run` turns the text into SQL once per shape and
 * database, as a named prepared statement, and afterwards only sends the values. Turning Drizzle's
 * SQL objects into text is most of the CPU a hot statement costs in this process.
 */
export class Binder {
  readonly values: Record<string, unknown> = {};
  private readonly names: string[] = [];

  /** A placeholder for `value`, encoded by `encoder` (a column: JSON, timestamps) when sent. */
  bind(name: string, value: unknown, encoder: DriverValueEncoder<unknown, unknown> = NO_ENCODING): SQL {
    if (name in this.values) throw new Error(`Placeholder bound twice: ${name}`);
    this.values[name] = value;
    this.names.push(name);
    return sql`${sql.param(sql.placeholder(name), encoder)}`;
  }

  /**
   * Runs `statement` (built with this binder's placeholders). `kind` names what the text has besides
   * its placeholders (for instance which ledger change it carries); together with the bound names it
   * is the shape under which the compiled statement is kept.
   */
  async run<Row>(ex: Executor, kind: string, statement: SQL): Promise<Row[]> {
    const shape = `${kind}|${this.names.join(',')}`;
    // One name per shape in the whole process: a name always stands for the same text, on every
    // connection (PostgreSQL keeps prepared statements per connection, and a transaction's executor
    // is a new object on a pooled connection).
    let name = shapeNames.get(shape);
    if (!name) {
      name = `ov_${kind}_${shapeNames.size}`.slice(0, 63);
      shapeNames.set(shape, name);
    }
    let compiled = compiledStatements.get(ex);
    if (!compiled) {
      compiled = new Map();
      compiledStatements.set(ex, compiled);
    }
    let prepared = compiled.get(name);
    if (!prepared) {
      prepared = ex._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
      compiled.set(name, prepared);
    }
    const result = (await prepared.execute(this.values)) as { rows?: Row[] } | Row[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  }
}

const dialect = new PgDialect();
type Prepared = ReturnType<Executor['_']['session']['prepareQuery']>;
const compiledStatements = new WeakMap<Executor, Map<string, Prepared>>();
const shapeNames = new Map<string, string>();
