import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import type { TracesService } from './traces.service';

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
export const tracesRoutes: FastifyPluginAsyncZod<{ traces: TracesService }> = async (app, { traces }) => {
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
    async (req, reply) => sendPage(reply, await traces.search(principalOf(req), req.body)),
  );
};
