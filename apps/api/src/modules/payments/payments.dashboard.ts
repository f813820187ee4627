import { AppError, PAYMENT_METHODS, type PaymentMethod, type PaymentStatus } from '@ov/domain';
import { and, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { paymentRollups as r, userRollups as u } from '../../db/schema';
import type { Filter } from '../../lib/search';

const invalid = (field: string) =>
  new AppError('VALIDATIONERROR', 0, [{ field, message: 'fecha no válida' }]);

/** A bound of the createdAt range as the Havana day it falls on (the rollups' day). */
function havanaDay(value: unknown, field: string): SQL {
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(field);
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw invalid(field);
  return sql`((${d.toISOString()}::timestamptz) at time zone 'America/Havana')::date`;
}

/** The dashboard's only filter (spec §7): a createdAt range, applied to the rollups' day. */
function dayWhere(filters: Filter[], day: PgColumn): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  filters.forEach((f, i) => {
    if (f.field !== 'createdAt')
      throw new AppError('VALIDATIONERROR', 0, [
        { field: `filters.${f.field}`, message: 'campo no filtrable' },
      ]);
    const at = (k: string) => `filters.${i}.${k}`;
    const has = (v: unknown) => v !== undefined && v !== null && v !== '';
    if (f.type === 'RANGE') {
      if (has(f.from)) conditions.push(gte(day, havanaDay(f.from, at('from'))));
      if (has(f.to)) conditions.push(lte(day, havanaDay(f.to, at('to'))));
    } else if (f.type === 'GREATER_THAN' && has(f.value))
      conditions.push(gt(day, havanaDay(f.value, at('value'))));
    else if (f.type === 'LESS_THAN' && has(f.value))
      conditions.push(lt(day, havanaDay(f.value, at('value'))));
    else if ((f.type === 'EQUAL' || f.type === 'TERM') && has(f.value))
      conditions.push(eq(day, havanaDay(f.value, at('value'))));
  });
  return and(...conditions);
}

const sum = (col: PgColumn) => sql<string>`coalesce(sum(${col}), 0)`;

/**
 * The four dashboard calls (spec §7), answered from the rollups the database keeps in the same
 * transaction as every payment and user change (migration 0017): the cost follows the number of days
 * in the range, not the number of payments.
 */
export function createDashboard(db: Db) {
  const payed = (space: string, filters: Filter[]) =>
    and(eq(r.space, space), eq(r.status, 'PAYED'), dayWhere(filters, r.day));
  return {
    /** Totals count PAYED payments only; amounts in cents. */
    async paymentData(space: string, filters: Filter[]) {
      const rows = await db
        .select({
          method: r.method,
          type: r.type,
          count: sql<string>`coalesce(sum(${r.count}), 0)`,
          amount: sum(r.amountCents),
          bonus: sum(r.bonusCents),
        })
        .from(r)
        .where(payed(space, filters))
        .groupBy(r.method, r.type);
      const n = (x: string) => Number(x);
      const all = rows.reduce((a, x) => ({ count: a.count + n(x.count), amount: a.amount + n(x.amount) }), {
        count: 0,
        amount: 0,
      });
      const advances = rows.filter((x) => x.type === 'ADELANTO');
      const anticipatedAmount = advances.reduce((a, x) => a + n(x.amount), 0);
      const bonification = advances.reduce((a, x) => a + n(x.bonus), 0);
      return [
        {
          totalPayments: { totalCount: all.count, totalAmount: all.amount },
          anticipated: { anticipatedCount: advances.reduce((a, x) => a + n(x.count), 0), anticipatedAmount },
          bonifications: {
            bonification,
            totalAmount: anticipatedAmount + bonification,
            totalPayed: anticipatedAmount,
          },
          byPaymentMethods: PAYMENT_METHODS.map((m: PaymentMethod) => {
            const of = rows.filter((x) => x.method === m);
            return {
              paymentMethods: m,
              count: of.reduce((a, x) => a + n(x.count), 0),
              amount: of.reduce((a, x) => a + n(x.amount), 0),
            };
          }),
        },
      ];
    },

    /** PAYED payments per day (America/Havana), oldest first. */
    async histogram(space: string, filters: Filter[]) {
      const day = sql<string>`to_char(${r.day}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ _id: day, count: sql<string>`sum(${r.count})`, total: sum(r.amountCents) })
        .from(r)
        .where(payed(space, filters))
        .groupBy(r.day)
        .having(sql`sum(${r.count}) > 0`)
        .orderBy(r.day);
      return rows.map((x) => ({ _id: x._id, count: Number(x.count), total: Number(x.total) }));
    },

    async byStatus(space: string, filters: Filter[]) {
      const rows = await db
        .select({ _id: r.status, count: sql<string>`sum(${r.count})` })
        .from(r)
        .where(and(eq(r.space, space), dayWhere(filters, r.day)))
        .groupBy(r.status)
        .having(sql`sum(${r.count}) > 0`)
        .orderBy(r.status);
      return rows.map((x) => ({ _id: x._id as PaymentStatus, count: Number(x.count) }));
    },

    /** Customers (users with a client type, not removed) per client type, created in the range. */
    async usersQuantity(space: string, filters: Filter[]) {
      const rows = await db
        .select({ clientType: u.clientType, count: sql<string>`sum(${u.count})` })
        .from(u)
        .where(and(eq(u.space, space), dayWhere(filters, u.day)))
        .groupBy(u.clientType)
        .having(sql`sum(${u.count}) > 0`)
        .orderBy(u.clientType);
      return rows.map((x) => ({ clientType: x.clientType as never, count: Number(x.count) }));
    },
  };
}
