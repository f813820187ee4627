import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { traces, users } from '../db/schema';
import { naturalOrder, type SearchQuery, type SearchSpec, searchOrder } from './search';

const dialect = new PgDialect();
const orderOf = (spec: SearchSpec, sort?: Record<string, 'asc' | 'desc'>) =>
  dialect.sqlToQuery(
    sql.join(searchOrder(spec, { page: 1, size: 10, filters: [], sort } as unknown as SearchQuery), sql`, `),
  ).sql;

const userSpec: SearchSpec = {
  searchColumns: [],
  filterFields: {},
  sortFields: { firstName: users.firstName, createdAt: users.createdAt },
  ...naturalOrder([users.createdAt, 'desc'], [users.id, 'asc']),
};
const traceSpec: SearchSpec = {
  searchColumns: [],
  filterFields: {},
  sortFields: { type: traces.type, createdAt: traces.createdAt },
  ...naturalOrder([traces.createdAt, 'desc'], [traces.id, 'desc']),
};

// Issue 29: a descending sort is the exact reverse of the ascending one (the same index, backwards).
describe('searchOrder: the tie-break follows the sort', () => {
  it('keeps the default order after an ascending sort, and reverses it after a descending one', () => {
    expect(orderOf(userSpec)).toBe('"users"."created_at" desc, "users"."id" asc');
    expect(orderOf(userSpec, { firstName: 'asc' })).toBe(
      '"users"."first_name" asc, "users"."created_at" desc, "users"."id" asc',
    );
    expect(orderOf(userSpec, { firstName: 'desc' })).toBe(
      '"users"."first_name" desc, "users"."created_at" asc, "users"."id" desc',
    );
    expect(orderOf(traceSpec, { type: 'desc' })).toBe(
      '"traces"."type" desc, "traces"."created_at" asc, "traces"."id" asc',
    );
  });

  it('takes a default-order column’s own direction as its natural one', () => {
    expect(orderOf(userSpec, { createdAt: 'desc' })).toBe('"users"."created_at" desc, "users"."id" asc');
    expect(orderOf(userSpec, { createdAt: 'asc' })).toBe('"users"."created_at" asc, "users"."id" desc');
    expect(orderOf(traceSpec, { createdAt: 'asc' })).toBe('"traces"."created_at" asc, "traces"."id" asc');
  });
});
