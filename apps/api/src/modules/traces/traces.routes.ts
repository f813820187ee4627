import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { traces, users } from '../../db/schema';
import { pageWindow, type SearchSpec, searchOrder, searchWhere, sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import { assertUuidFilters } from './uuid-filters';

const spec: SearchSpec = {
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
  defaultSort: [sql`${traces.createdAt} desc`, sql`${traces.id} desc`],
};

const traceDto = z.object({
  _id: z.string(),
  type: z.string(),
  owner: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
  date: z.string(),
  module: z.string(),
  section: z.string(),
  entityId: z.string().nullable(),
  /** `{changes: {field: {before, after}}}`: only what changed, never secrets. */
  payload: z.record(z.string(), z.unknown()).nullable(),
});

/** The audit log (append-only table), for TRACE:READ. */
export const tracesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/traces/search',
    {
      config: { access: { anyOf: [PERMISSIONS.TRACE_READ] } },
      schema: {
        tags: ['traces'],
        summary:
          'Traces, newest first. Filters: type, module, section, owner (user id), entityId, createdAt (RANGE isDate)',
        body: searchQuerySchema,
        response: { 200: z.array(traceDto) },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      assertUuidFilters(req.body, ['owner']);
      const where = searchWhere(spec, req.body, eq(traces.space, p.space));
      const { limit, offset } = pageWindow(req.body);
      const rows = await db
        .select({
          t: traces,
          owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        })
        .from(traces)
        .leftJoin(users, eq(users.id, traces.owner))
        .where(where)
        .orderBy(...searchOrder(spec, req.body))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db
        .select({ total: count() })
        .from(traces)
        .leftJoin(users, eq(users.id, traces.owner))
        .where(and(where));
      return sendPage(reply, {
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
      });
    },
  );
};
