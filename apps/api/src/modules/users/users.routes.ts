import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import { usersAdminRoutes } from './users.admin.routes';
import type { UsersAdminService } from './users.admin.service';
import { meDtoSchema, userDtoSchema } from './users.dto';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; admin: UsersAdminService }> = async (
  app,
  { users, admin },
) => {
  app.get(
    '/api/users/me',
    {
      config: { access: 'authenticated', duringPasswordChange: true },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their permissions',
        response: { 200: meDtoSchema },
      },
    },
    async (req) => users.getMe(principalOf(req)),
  );

  app.post(
    '/api/users/search',
    {
      config: { access: { anyOf: [PERMISSIONS.USER_READ, PERMISSIONS.USER_WRITE] } },
      schema: {
        tags: ['users'],
        summary:
          'Paged user list; total in x-total-count. Filters: status (DELETED includes removed users), clientType, municipality, createdAt (RANGE isDate), verified, roles (TERMS of role ids or names)',
        body: searchQuerySchema,
        response: { 200: z.array(userDtoSchema) },
      },
    },
    async (req, reply) => sendPage(reply, await admin.search(principalOf(req), req.body)),
  );

  await app.register(usersAdminRoutes, { admin });
};
