import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service';

const ok = z.object({ status: z.literal('ok') });

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
