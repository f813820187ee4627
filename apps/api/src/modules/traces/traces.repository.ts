import { count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { securityEventCounts, securityEvents, traceCounts, traces, users } from '../../db/schema';
import {
  keptCountWhere,
  keptTotal,
  naturalOrder,
  pageWindow,
  type SearchQuery,
  type SearchSpec,
  searchOrder,
  searchWhere,
} from '../../lib/search';

const traceSpec: SearchSpec = {
  searchColumns: [traces.module, traces.section, traces.entityId, users.email],
  filterFields: {
    type: traces.type,
    module: traces.module,
    section: traces.section,
    owner: traces.owner,
    entityId: traces.entityId,
    createdAt: traces.createdAt,
    date: traces.createdAt,
  },
  sortFields: {
    createdAt: traces.createdAt,
    date: traces.createdAt,
    module: traces.module,
    type: traces.type,
  },
  ...naturalOrder([traces.createdAt, 'desc'], [traces.id, 'desc']),
};

const securityEventSpec: SearchSpec = {
  searchColumns: [securityEvents.login, securityEvents.ip],
  filterFields: {
    event: securityEvents.event,
    result: securityEvents.result,
    reason: securityEvents.reason,
    userId: securityEvents.userId,
    ip: securityEvents.ip,
    createdAt: securityEvents.createdAt,
  },
  sortFields: { createdAt: securityEvents.createdAt, ip: securityEvents.ip, result: securityEvents.result },
  ...naturalOrder([securityEvents.createdAt, 'desc'], [securityEvents.id, 'desc']),
};

/** The kept counts' columns (migration 0029): a total over millions without counting them. */
const traceCountSpec: SearchSpec = {
  searchColumns: [],
  filterFields: { type: traceCounts.type, module: traceCounts.module },
  sortFields: {},
  defaultSort: [],
};
const securityEventCountSpec: SearchSpec = {
  searchColumns: [],
  filterFields: { event: securityEventCounts.event, result: securityEventCounts.result },
  sortFields: {},
  defaultSort: [],
};

/** The audit log (traces, with who made each change) and the security log (sign-in events): reads only. */
export function createTracesRepository(db: Db) {
  return {
    /** One page of a space's traces and the total, each with its owner's name and e-mail (if any). */
    async searchTraces(space: string, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(traceSpec, q, eq(traces.space, space));
      const { limit, offset } = pageWindow(q);
      const rows = await ex
        .select({
          t: traces,
          owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        })
        .from(traces)
        .leftJoin(users, eq(users.id, traces.owner))
        .where(where)
        .orderBy(...searchOrder(traceSpec, q))
        .limit(limit)
        .offset(offset);
      const kept = keptCountWhere(traceCountSpec, q, eq(traceCounts.space, space));
      const [{ total }] = kept
        ? await ex
            .select({ total: keptTotal(traceCounts.count) })
            .from(traceCounts)
            .where(kept)
        : await ex
            .select({ total: count() })
            .from(traces)
            .leftJoin(users, eq(users.id, traces.owner))
            .where(where);
      return { rows, total };
    },

    /** One page of a space's sign-in events and the total. */
    async searchSecurityEvents(space: string, q: SearchQuery, ex: Executor = db) {
      const where = searchWhere(securityEventSpec, q, eq(securityEvents.space, space));
      const { limit, offset } = pageWindow(q);
      const rows = await ex
        .select()
        .from(securityEvents)
        .where(where)
        .orderBy(...searchOrder(securityEventSpec, q))
        .limit(limit)
        .offset(offset);
      const kept = keptCountWhere(securityEventCountSpec, q, eq(securityEventCounts.space, space));
      const [{ total }] = kept
        ? await ex
            .select({ total: keptTotal(securityEventCounts.count) })
            .from(securityEventCounts)
            .where(kept)
        : await ex.select({ total: count() }).from(securityEvents).where(where);
      return { rows, total };
    },
  };
}
export type TracesRepository = ReturnType<typeof createTracesRepository>;
