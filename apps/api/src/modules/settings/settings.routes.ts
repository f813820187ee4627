import { PERMISSIONS, settingsPatchSchema, settingsSchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, principalOf } from '../../plugins/access';
import type { SettingsStore } from './settings.service';

const ADMIN: { access: Access } = { access: { anyOf: [PERMISSIONS.ADMIN] } };
const answer = settingsSchema.extend({
  version: z.number(),
  configured: z.object({ enzona: z.boolean(), transfermovil: z.boolean() }),
});

/** `/admin/settings` (design §6): read and change the space's settings, ADMIN only. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsStore }> = async (
  app,
  { settings },
) => {
  app.get(
    '/api/settings',
    {
      config: ADMIN,
      schema: { tags: ['settings'], summary: 'The settings in force', response: { 200: answer } },
    },
    async (req) => settings.get(principalOf(req).space),
  );

  app.patch(
    '/api/settings',
    {
      config: ADMIN,
      schema: {
        tags: ['settings'],
        summary:
          'Change any subset over the version read (409 with the current ones; force); in force on every process at its next request; traced',
        body: settingsPatchSchema,
        response: { 200: answer },
      },
    },
    async (req) => settings.update(principalOf(req), req.body),
  );
};
