import { AppError, type searchQuerySchema } from '@ov/domain';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type Filter = SearchQuery['filters'][number];

/** What one resource lets callers search, filter and sort on: a whitelist, nothing else reaches SQL. */
export interface SearchSpec {
  searchColumns: PgColumn[];
  filterFields: Record<string, PgColumn>;
  sortFields: Record<string, PgColumn>;
  defaultSort: SQL[];
  /**
   * The default order as columns (what `naturalOrder` gives): with it, a sort's tie-break is the
   * default order, reversed when the sort goes against its column's natural direction (ascending, or
   * the default order's own direction for its columns). A descending sort is then the exact reverse
   * of the ascending one, read from the same index backwards (issue 29).
   */
  tieBreak?: [PgColumn, 'asc' | 'desc'][];
}

/** A list's default order, as `SearchSpec.defaultSort` and `SearchSpec.tieBreak` (spread both). */
export function naturalOrder(...columns: [PgColumn, 'asc' | 'desc'][]) {
  return {
    defaultSort: columns.map(([col, dir]) => (dir === 'desc' ? desc(col) : asc(col))),
    tieBreak: columns,
  };
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TERMS = 100;
const MAX_TEXT = 200;

const invalid = (where: string, message = 'valor no válido') =>
  new AppError('VALIDATIONERROR', 0, [{ field: where, message }]);

/**
 * A filter value checked and converted for its column's type before it reaches SQL: a uuid column
 * takes only uuids, a date column only dates, a number column only finite numbers, a text column only
 * bounded text. Anything else is a 400, never a database error.
 */
function valueFor(col: PgColumn, raw: unknown, where: string): unknown {
  if (raw === undefined || raw === null) return raw;
  const type = col.columnType;
  if (type === 'PgUUID') {
    if (typeof raw === 'string' && UUID.test(raw)) return raw;
    throw invalid(where);
  }
  if (col.dataType === 'date' || type.startsWith('PgTimestamp') || type.startsWith('PgDate')) {
    if (typeof raw !== 'string' && typeof raw !== 'number') throw invalid(where, 'fecha no válida');
    const d = new Date(raw);
    if (Number.isNaN(d.getTime())) throw invalid(where, 'fecha no válida');
    return col.dataType === 'date' ? d : d.toISOString();
  }
  if (col.dataType === 'number' || col.dataType === 'bigint') {
    const n =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : Number.NaN;
    if (
      !Number.isSafeInteger(n) &&
      !(col.dataType === 'number' && Number.isFinite(n) && !type.includes('Int'))
    )
      throw invalid(where);
    return col.dataType === 'bigint' ? BigInt(n) : n;
  }
  if (col.dataType === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw invalid(where);
  }
  if (col.dataType === 'string') {
    if ((typeof raw === 'string' || typeof raw === 'number') && String(raw).length <= MAX_TEXT)
      return String(raw);
    throw invalid(where);
  }
  throw invalid(where, 'campo no filtrable');
}

function filterCondition(spec: SearchSpec, f: Filter, i: number): SQL | undefined {
  // Own properties only: `__proto__`, `constructor` or `toString` are not fields of any resource.
  const col = Object.hasOwn(spec.filterFields, f.field) ? spec.filterFields[f.field] : undefined;
  if (!col) throw invalid(`filters.${f.field}`, 'campo no filtrable');
  const at = (key: string) => `filters.${i}.${key}`;
  switch (f.type) {
    case 'TERM':
    case 'EQUAL': {
      const v = valueFor(col, f.value, at('value'));
      return v === undefined ? undefined : v === null ? isNull(col) : eq(col, v);
    }
    case 'TERMS': {
      if (f.value !== undefined && !Array.isArray(f.value)) throw invalid(at('value'));
      const list = ((f.value as unknown[] | undefined) ?? []).map((v, k) =>
        valueFor(col, v, `${at('value')}.${k}`),
      );
      if (list.length > MAX_TERMS) throw invalid(at('value'), `como máximo ${MAX_TERMS} valores`);
      const present = list.filter((v) => v !== undefined && v !== null);
      return present.length ? inArray(col, present) : sql`false`;
    }
    case 'RANGE': {
      const from = valueFor(col, f.from, at('from'));
      const to = valueFor(col, f.to, at('to'));
      return and(
        from !== undefined && from !== null ? gte(col, from) : undefined,
        to !== undefined && to !== null ? lte(col, to) : undefined,
      );
    }
    case 'LESS_THAN': {
      const v = valueFor(col, f.value, at('value'));
      return v === undefined || v === null ? undefined : lt(col, v);
    }
    case 'GREATER_THAN': {
      const v = valueFor(col, f.value, at('value'));
      return v === undefined || v === null ? undefined : gt(col, v);
    }
  }
}

export function searchWhere(spec: SearchSpec, q: SearchQuery, scope?: SQL): SQL | undefined {
  const text = q.search?.trim();
  const textCond =
    text && spec.searchColumns.length
      ? or(...spec.searchColumns.map((c) => ilike(c, `%${escapeLike(text)}%`)))
      : undefined;
  return and(scope, textCond, ...q.filters.map((f, i) => filterCondition(spec, f, i)));
}

/**
 * A search's conditions over a table of counts the database keeps (`spec.filterFields` name its
 * columns), when those counts answer it exactly: no free text, and every filter on one of them.
 * Undefined otherwise: the caller counts the rows.
 */
export function keptCountWhere(spec: SearchSpec, q: SearchQuery, scope: SQL): SQL | undefined {
  if (q.search?.trim()) return undefined;
  if (!q.filters.every((f) => Object.hasOwn(spec.filterFields, f.field))) return undefined;
  return searchWhere(spec, q, scope);
}

/** The sum of a kept count column (0 over no bucket), exact past 2^31. */
export const keptTotal = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

export function searchOrder(spec: SearchSpec, q: SearchQuery): SQL[] {
  const entries = Object.entries(q.sort ?? {});
  const sorted: [PgColumn, 'asc' | 'desc'][] = [];
  for (const [field, dir] of entries) {
    const col = Object.hasOwn(spec.sortFields, field) ? spec.sortFields[field] : undefined;
    if (!col)
      throw new AppError('VALIDATIONERROR', 0, [{ field: `sort.${field}`, message: 'campo no ordenable' }]);
    sorted.push([col, dir === 'desc' ? 'desc' : 'asc']);
  }
  if (!sorted.length) return spec.defaultSort;
  const order = sorted.map(([col, dir]) => (dir === 'desc' ? desc(col) : asc(col)));
  if (!spec.tieBreak) return [...order, ...spec.defaultSort];
  // The tie-break follows the first sort: against its column's natural direction, the whole default
  // order is reversed (a total order still: the default order ends with a unique column).
  const [first, firstDir] = sorted[0];
  const natural = spec.tieBreak.find(([col]) => col === first)?.[1] ?? 'asc';
  const flip = firstDir !== natural;
  const tie = spec.tieBreak
    .filter(([col]) => !sorted.some(([c]) => c === col))
    .map(([col, dir]) => ((dir === 'desc') !== flip ? desc(col) : asc(col)));
  return [...order, ...tie];
}

export function pageWindow(q: SearchQuery) {
  return { limit: q.size, offset: (q.page - 1) * q.size };
}

/** The list protocol: the page is the body, the total travels in `x-total-count`. */
export function sendPage<T>(reply: FastifyReply, page: { rows: T[]; total: number }) {
  reply.header('x-total-count', String(page.total));
  return page.rows;
}
