import { PERMISSIONS } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service';

const ok = z.object({ status: z.literal('ok') });
const at = z.string().nullable();
const commercialStatus = z.object({
  kind: z.enum(['ledger', 'http']),
  lastReadOkAt: at,
  feed: z.object({ readAt: at, lagSeconds: z.number().int().nullable(), lastEventAt: at }),
  lastError: z.object({ at: z.string(), message: z.string().optional() }).nullable(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ok } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/api/health/ready',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ok } } },
    async (req) => health.ready(req.log),
  );

  app.get(
    '/api/health/commercial',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'The commercial system: kind, last successful read, change feed last read and lag (s), when it last failed (no details)',
        response: { 200: commercialStatus },
      },
    },
    async () => health.commercial(),
  );

  app.get(
    '/api/health/commercial/details',
    {
      config: { access: { anyOf: [PERMISSIONS.ADMIN] } },
      schema: {
        tags: ['health'],
        summary: 'The commercial system’s figures with the last error’s message (ADMIN; /admin/settings)',
        response: { 200: commercialStatus },
      },
    },
    async () => health.commercialDetails(),
  );

  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Public switches the web app reads at start',
        response: {
          200: z.object({
            space: z.string(),
            features: z.object({
              onboarding: z.boolean(),
              payments: z.boolean(),
              signup: z.boolean(),
              enzona: z.boolean(),
              transfermovil: z.boolean(),
            }),
          }),
        },
      },
    },
    async () => health.publicConfig(),
  );
};
