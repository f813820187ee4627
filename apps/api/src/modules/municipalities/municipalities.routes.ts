import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import type { MunicipalitiesService } from './municipalities.service';

const municipalityParam = z.object({ municipality: z.coerce.number().int().positive().max(100000) });
const named = z.array(z.object({ id: z.number(), name: z.string() }));

const tags = ['municipalities'];

/**
 * Municipalities and their address data: the lookups (spec §7 under /api/ahab-requests: public,
 * small, cached by the browser) and the staff's list.
 */
export const municipalitiesRoutes: FastifyPluginAsyncZod<{ municipalities: MunicipalitiesService }> = async (
  app,
  { municipalities },
) => {
  const base = '/api/ahab-requests';

  app.get(
    `${base}/address/municipalities`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        response: { 200: z.array(z.object({ pk: z.number(), municipio: z.string(), province: z.string() })) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return municipalities.list();
    },
  );

  app.get(
    `${base}/address/streets/:municipality`,
    {
      config: { access: 'public' },
      schema: { tags, params: municipalityParam, response: { 200: named } },
    },
    async (req) => municipalities.streets(req.params.municipality),
  );

  app.get(
    `${base}/address/popular-councils/:municipality`,
    {
      config: { access: 'public' },
      schema: { tags, params: municipalityParam, response: { 200: named } },
    },
    async (req) => municipalities.popularCouncils(req.params.municipality),
  );

  app.get(
    `${base}/organizations`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        response: { 200: z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() })) },
      },
    },
    async () => municipalities.organizations(),
  );

  app.post(
    '/api/municipalities/search',
    {
      config: { access: { anyOf: [PERMISSIONS.ADMIN] } },
      schema: {
        tags,
        summary: 'Municipalities with their popular councils and streets counts',
        body: searchQuerySchema,
        response: {
          200: z.array(
            z.object({
              pk: z.number(),
              municipio: z.string(),
              province: z.string(),
              popularCouncils: z.number(),
              streets: z.number(),
            }),
          ),
        },
      },
    },
    async (req, reply) => sendPage(reply, await municipalities.search(req.body)),
  );
};
