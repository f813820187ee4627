import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { securityEvents } from '../../db/schema';
import { pageWindow, type SearchSpec, searchOrder, searchWhere, sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import { assertUuidFilters } from './uuid-filters';

const spec: SearchSpec = {
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
  defaultSort: [sql`${securityEvents.createdAt} desc`, sql`${securityEvents.id} desc`],
};

const eventDto = z.object({
  _id: z.string(),
  date: z.string(),
  event: z.string(),
  /** `ok` or `refused`. */
  result: z.string(),
  /** Why it was refused (`password`, `unknown-account`, `throttled`, `status:LOCK`…) or `known-device`. */
  reason: z.string().nullable(),
  userId: z.string().nullable(),
  login: z.string(),
  ip: z.string(),
});

/** The security log (sign-ins and their outcome), apart from the business traces; for TRACE:READ. */
export const securityLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/security-log/search',
    {
      config: { access: { anyOf: [PERMISSIONS.TRACE_READ] } },
      schema: {
        tags: ['traces'],
        summary:
          'Sign-in events, newest first. Filters: event, result, reason, userId, ip, createdAt (RANGE isDate); search: login or ip',
        body: searchQuerySchema,
        response: { 200: z.array(eventDto) },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      assertUuidFilters(req.body, ['userId']);
      const where = searchWhere(spec, req.body, eq(securityEvents.space, p.space));
      const { limit, offset } = pageWindow(req.body);
      const rows = await db
        .select()
        .from(securityEvents)
        .where(where)
        .orderBy(...searchOrder(spec, req.body))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(securityEvents).where(where);
      return sendPage(reply, {
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
      });
    },
  );
};
