import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import type { AccessRequestsService } from './access-requests.service';

const tags = ['access-requests'];
const person = z.object({ _id: z.string(), fullName: z.string(), email: z.string() });
const dto = z.object({
  _id: z.string(),
  id: z.string(),
  status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']),
  justification: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  role: z.object({ _id: z.string(), name: z.string(), superAdmin: z.boolean() }),
  requester: person,
  decidedBy: person.nullable(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });

/** A signed-in staff member asks for a role; an administrator (USER:WRITE) accepts or rejects it. */
export const accessRequestsRoutes: FastifyPluginAsyncZod<{ requests: AccessRequestsService }> = async (
  app,
  { requests },
) => {
  app.get(
    '/api/access-requests/roles',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Roles a signed-in staff member may ask for',
        response: {
          200: z.array(
            z.object({
              _id: z.string(),
              id: z.string(),
              name: z.string(),
              description: z.string().nullable(),
              superAdmin: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => requests.requestableRoles(principalOf(req)),
  );

  app.post(
    '/api/access-requests',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Ask for a role (id or name) with a justification of 10 to 500 characters',
        body: z.object({
          roleId: z.string().min(1).max(64),
          justification: z.string().trim().min(10).max(500),
        }),
        response: { 201: dto },
      },
    },
    async (req, reply) => reply.code(201).send(await requests.create(principalOf(req), req.body)),
  );

  app.post(
    '/api/access-requests/search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Requests: all of the space for USER:WRITE, otherwise (or with mine: true) the caller’s own',
        body: searchQuerySchema.extend({ mine: z.boolean().optional() }),
        response: { 200: z.array(dto) },
      },
    },
    async (req, reply) => sendPage(reply, await requests.search(principalOf(req), req.body)),
  );

  app.post(
    '/api/access-requests/:id/accept',
    {
      config: { access: { anyOf: [PERMISSIONS.USER_WRITE] } },
      schema: {
        tags,
        summary: 'Accept: the role is granted, the requester notified',
        params: idParams,
        response: { 200: dto },
      },
    },
    async (req) => requests.accept(principalOf(req), req.params.id),
  );

  app.post(
    '/api/access-requests/:id/reject',
    {
      config: { access: { anyOf: [PERMISSIONS.USER_WRITE] } },
      schema: {
        tags,
        summary: 'Reject with a reason; the requester is notified',
        params: idParams,
        body: z.object({ reason: z.string().trim().min(2).max(500) }),
        response: { 200: dto },
      },
    },
    async (req) => requests.reject(principalOf(req), req.params.id, req.body.reason),
  );
};
