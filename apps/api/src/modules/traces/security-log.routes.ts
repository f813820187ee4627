import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import type { TracesService } from './traces.service';

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
export const securityLogRoutes: FastifyPluginAsyncZod<{ traces: TracesService }> = async (
  app,
  { traces },
) => {
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
    async (req, reply) => sendPage(reply, await traces.securityLog(principalOf(req), req.body)),
  );
};
