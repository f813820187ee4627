import { AppError, type searchQuerySchema } from '@ov/domain';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
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
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function coerce(value: unknown, isDate: boolean | undefined): unknown {
  if (value === undefined || value === null) return value;
  if (isDate) {
    const d = new Date(value as string);
    if (Number.isNaN(d.getTime())) throw new AppError('VALIDATIONERROR', 0, [{ message: 'fecha no válida' }]);
    return d;
  }
  return value;
}

function filterCondition(spec: SearchSpec, f: Filter): SQL | undefined {
  const col = spec.filterFields[f.field];
  if (!col)
    throw new AppError('VALIDATIONERROR', 0, [
      { field: `filters.${f.field}`, message: 'campo no filtrable' },
    ]);
  const v = coerce(f.value, f.isDate);
  switch (f.type) {
    case 'TERM':
    case 'EQUAL':
      return v === undefined ? undefined : eq(col, v);
    case 'TERMS': {
      const list = Array.isArray(f.value) ? f.value : [];
      return list.length ? inArray(col, list as unknown[]) : sql`false`;
    }
    case 'RANGE': {
      const from = coerce(f.from, f.isDate);
      const to = coerce(f.to, f.isDate);
      return and(
        from !== undefined && from !== null ? gte(col, from) : undefined,
        to !== undefined && to !== null ? lte(col, to) : undefined,
      );
    }
    case 'LESS_THAN':
      return v === undefined ? undefined : lt(col, v);
    case 'GREATER_THAN':
      return v === undefined ? undefined : gt(col, v);
  }
}

export function searchWhere(spec: SearchSpec, q: SearchQuery, scope?: SQL): SQL | undefined {
  const text = q.search?.trim();
  const textCond =
    text && spec.searchColumns.length
      ? or(...spec.searchColumns.map((c) => ilike(c, `%${escapeLike(text)}%`)))
      : undefined;
  return and(scope, textCond, ...q.filters.map((f) => filterCondition(spec, f)));
}

export function searchOrder(spec: SearchSpec, q: SearchQuery): SQL[] {
  const entries = Object.entries(q.sort ?? {});
  const order: SQL[] = [];
  for (const [field, dir] of entries) {
    const col = spec.sortFields[field];
    if (!col)
      throw new AppError('VALIDATIONERROR', 0, [{ field: `sort.${field}`, message: 'campo no ordenable' }]);
    order.push(dir === 'desc' ? desc(col) : asc(col));
  }
  return order.length ? [...order, ...spec.defaultSort] : spec.defaultSort;
}

export function pageWindow(q: SearchQuery) {
  return { limit: q.size, offset: (q.page - 1) * q.size };
}

/** The list protocol: the page is the body, the total travels in `x-total-count`. */
export function sendPage<T>(reply: FastifyReply, page: { rows: T[]; total: number }) {
  reply.header('x-total-count', String(page.total));
  return page.rows;
}
