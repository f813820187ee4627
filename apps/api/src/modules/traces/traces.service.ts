import type { Principal } from '../../core/principal';
import type { SearchQuery } from '../../lib/search';
import type { TracesRepository } from './traces.repository';
import { assertUuidFilters } from './uuid-filters';

/** Reading the audit log and the security log of the caller's space (TRACE:READ, checked by the routes). */
export function createTracesService({ traces }: { traces: TracesRepository }) {
  return {
    /** Traces, newest first, with their owner (`null` when the change was made by the system). */
    async search(p: Principal, q: SearchQuery) {
      assertUuidFilters(q, ['owner']);
      const { rows, total } = await traces.searchTraces(p.space, q);
      return {
        total,
        rows: rows.map(({ t, owner }) => ({
          _id: String(t.id),
          type: t.type,
          owner: owner?.id
            ? {
                _id: owner.id,
                fullName: [owner.firstName, owner.lastName].filter(Boolean).join(' '),
                email: owner.email,
              }
            : null,
          date: t.createdAt.toISOString(),
          module: t.module,
          section: t.section,
          entityId: t.entityId,
          payload: t.payload ?? null,
        })),
      };
    },

    /** Sign-in events and their outcome, newest first. */
    async securityLog(p: Principal, q: SearchQuery) {
      assertUuidFilters(q, ['userId']);
      const { rows, total } = await traces.searchSecurityEvents(p.space, q);
      return {
        total,
        rows: rows.map((e) => ({
          _id: String(e.id),
          date: e.createdAt.toISOString(),
          event: e.event,
          result: e.result,
          reason: e.reason,
          userId: e.userId,
          login: e.login,
          ip: e.ip,
        })),
      };
    },
  };
}
export type TracesService = ReturnType<typeof createTracesService>;
