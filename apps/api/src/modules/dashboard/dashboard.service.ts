import {
  AppError,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
  type PostingSummary,
} from '@ov/domain';
import type { Filter } from '../../lib/search';
import type { DashboardRepository, DayBound } from './dashboard.repository';

const invalid = (field: string) =>
  new AppError('VALIDATIONERROR', 0, [{ field, message: 'fecha no válida' }]);

/** A bound of the createdAt range as an instant (its Havana day is the rollups' day). */
function instant(value: unknown, field: string): Date {
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(field);
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw invalid(field);
  return d;
}

/** The dashboard's only filter (spec §7): a createdAt range, applied to the rollups' day. */
export function dayBounds(filters: readonly Filter[]): DayBound[] {
  const bounds: DayBound[] = [];
  filters.forEach((f, i) => {
    if (f.field !== 'createdAt')
      throw new AppError('VALIDATIONERROR', 0, [
        { field: `filters.${f.field}`, message: 'campo no filtrable' },
      ]);
    const at = (k: string) => `filters.${i}.${k}`;
    const has = (v: unknown) => v !== undefined && v !== null && v !== '';
    if (f.type === 'RANGE') {
      if (has(f.from)) bounds.push({ op: 'gte', at: instant(f.from, at('from')) });
      if (has(f.to)) bounds.push({ op: 'lte', at: instant(f.to, at('to')) });
    } else if (f.type === 'GREATER_THAN' && has(f.value))
      bounds.push({ op: 'gt', at: instant(f.value, at('value')) });
    else if (f.type === 'LESS_THAN' && has(f.value))
      bounds.push({ op: 'lt', at: instant(f.value, at('value')) });
    else if ((f.type === 'EQUAL' || f.type === 'TERM') && has(f.value))
      bounds.push({ op: 'eq', at: instant(f.value, at('value')) });
  });
  return bounds;
}

/**
 * The four dashboard calls (spec §7), over the rollups (dashboard.repository.ts). Totals count PAYED
 * payments only; amounts in cents.
 */
export function createDashboardService({
  dashboard,
  postings,
}: {
  dashboard: DashboardRepository;
  /** The commercial system's posting outbox (its card; `enabled` false with the built-in ledger). */
  postings: { summary(space: string): Promise<PostingSummary> };
}) {
  const n = (x: string) => Number(x);
  return {
    /** The cards: all PAYED payments, the advances and their bonus, and each payment method's share. */
    async paymentData(space: string, filters: Filter[]) {
      const rows = await dashboard.payedByMethodAndType(space, dayBounds(filters));
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
      const rows = await dashboard.payedPerDay(space, dayBounds(filters));
      return rows.map((x) => ({ _id: x._id, count: n(x.count), total: n(x.total) }));
    },

    async byStatus(space: string, filters: Filter[]) {
      const rows = await dashboard.perStatus(space, dayBounds(filters));
      return rows.map((x) => ({ _id: x._id as PaymentStatus, count: n(x.count) }));
    },

    /**
     * One pass of the `rollup-fold` job: folds past days' rollup shards (migration 0030) in batches
     * until none is left. The figures are the same before and after; folded days read faster.
     */
    async foldRollups() {
      const BATCH = 10_000;
      let folded = 0;
      for (;;) {
        const n = await dashboard.foldPastDays(BATCH);
        folded += n;
        if (n < BATCH) return { folded };
      }
    },

    /** The card of postings waiting and refused in the commercial system (design §7). */
    commercialPostings: (space: string) => postings.summary(space),

    /** Customers (users with a client type, not removed) per client type, created in the range. */
    async usersQuantity(space: string, filters: Filter[]) {
      const rows = await dashboard.customersPerClientType(space, dayBounds(filters));
      return rows.map((x) => ({ clientType: x.clientType as never, count: n(x.count) }));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
