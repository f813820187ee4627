import { AppError, FEATURES } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import type { SettingsStore } from '../settings';

const ok = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  space: string;
  settings: SettingsStore;
}> = async (app, { database, space, settings }) => {
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
    async (req) => {
      try {
        await database.ping();
      } catch (err) {
        // The error handler answers 503 with Retry-After for a database that is away.
        req.log.warn({ err: { message: (err as Error).message } }, 'database not ready');
        throw isDatabaseUnavailable(err) ? err : new AppError('INTERNALERROR', 0);
      }
      // Without the notification listener this process could serve stale permissions and settings.
      if (!database.listening()) {
        req.log.warn('notification listener not connected');
        throw new AppError('SERVICEUNAVAILABLEERROR', 503);
      }
      return { status: 'ok' as const };
    },
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
    // What is on comes from the settings in force: the web app hides exactly what the API would refuse.
    async () => {
      const s = await settings.get(space);
      return {
        space,
        features: {
          onboarding: FEATURES.onboarding,
          signup: FEATURES.signup && s.signupEnabled,
          payments: s.paymentsEnabled,
          enzona: s.paymentsEnabled && s.enzonaEnabled,
          transfermovil: s.paymentsEnabled && s.transfermovilEnabled,
        },
      };
    },
  );
};
