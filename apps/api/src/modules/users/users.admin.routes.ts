import {
  adminUserSchema,
  PERMISSIONS,
  passwordResetSchema,
  searchQuerySchema,
  USER_STATUSES,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, principalOf } from '../../plugins/access';
import type { UsersAdminService } from './users.admin.service';
import { userDtoSchema } from './users.dto';

const READ: { access: Access } = { access: { anyOf: [PERMISSIONS.USER_READ, PERMISSIONS.USER_WRITE] } };
const WRITE: { access: Access } = { access: { anyOf: [PERMISSIONS.USER_WRITE] } };
const DELETE: { access: Access } = { access: { anyOf: [PERMISSIONS.USER_DELETE] } };
const tags = ['users'];
const idParams = z.object({ id: z.uuid() });
const ids = z.array(z.uuid()).min(1).max(500);
const roleSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  superAdmin: z.boolean(),
});

/** Staff administration of users (spec §2 user list, §4 states, DESIGN §2 reference conflict). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ admin: UsersAdminService }> = async (
  app,
  { admin },
) => {
  app.get(
    '/api/users/roles',
    {
      config: { access: { anyOf: [PERMISSIONS.USER_READ, PERMISSIONS.USER_WRITE, PERMISSIONS.ROLE_WRITE] } },
      schema: {
        tags,
        summary: 'Roles of the space, for selects (getRoles)',
        response: { 200: z.array(roleSchema) },
      },
    },
    async (req) => admin.roles(principalOf(req)),
  );

  app.post(
    '/api/users/count',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Users per client type for the given filters',
        body: searchQuerySchema.pick({ filters: true, search: true }),
        response: { 200: z.array(z.object({ clientType: z.string().nullable(), count: z.number() })) },
      },
    },
    async (req) => admin.count(principalOf(req), { page: 1, size: 1, ...req.body }),
  );

  app.get(
    '/api/users/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One user (getOne); removed users read as status DELETED',
        params: idParams,
        response: { 200: userDtoSchema },
      },
    },
    async (req) => admin.getOne(principalOf(req), req.params.id),
  );

  app.post(
    '/api/users',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Create a user; a temporary password is e-mailed. `roles` needs ROLE:WRITE (410). An e-mail of a removed user answers 409 {details:{ref}}; resend with force:true to create anyway',
        body: adminUserSchema.extend({ force: z.boolean().optional() }),
        response: { 201: userDtoSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await admin.create(principalOf(req), req.body)),
  );

  app.patch(
    '/api/users/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Update a user; `version` as read. A stale version answers 409 {details:{ref, current}}; force:true overwrites',
        params: idParams,
        body: adminUserSchema.partial().extend({ version: z.number().int(), force: z.boolean().optional() }),
        response: { 200: userDtoSchema },
      },
    },
    async (req) => admin.update(principalOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: DELETE,
      schema: {
        tags,
        summary: 'Remove (soft) a user; not yourself (463)',
        params: idParams,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (req) => admin.remove(principalOf(req), req.params.id),
  );

  app.post(
    '/api/users/delete-many',
    {
      config: DELETE,
      schema: {
        tags,
        summary: 'Remove (soft) many users, all or none',
        body: z.object({ ids }),
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (req) => admin.removeMany(principalOf(req), req.body.ids),
  );

  const statusResponse = { 200: z.object({ updated: z.number() }) };
  app.post(
    '/api/users/status/:status',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Spec "POST /api/users/{status}": set ACTIVE or LOCK on the users in `ids` (never yourself, 462)',
        params: z.object({ status: z.enum(USER_STATUSES) }),
        body: z.object({ ids }),
        response: statusResponse,
      },
    },
    async (req) => admin.setStatus(principalOf(req), req.body.ids, req.params.status),
  );
  app.post(
    '/api/users/status',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Same as /api/users/status/{status} with the status in the body',
        body: z.object({ ids, status: z.enum(USER_STATUSES) }),
        response: statusResponse,
      },
    },
    async (req) => admin.setStatus(principalOf(req), req.body.ids, req.body.status),
  );

  app.post(
    '/api/users/password-reset',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Set a password (or auto-generate 8 characters and e-mail it); ends the user’s sessions',
        body: passwordResetSchema,
        response: { 200: z.object({ ok: z.boolean(), mailed: z.boolean() }) },
      },
    },
    async (req) => admin.resetPassword(principalOf(req), req.body),
  );

  app.post(
    '/api/users/recover',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Recover a removed user by reference (trace RESTORE)',
        body: z.object({ ref: z.uuid() }),
        response: { 200: userDtoSchema },
      },
    },
    async (req) => admin.recover(principalOf(req), req.body.ref),
  );

  app.post(
    '/api/users/:id/roles',
    {
      config: { access: { anyOf: [PERMISSIONS.USER_WRITE, PERMISSIONS.ROLE_WRITE] } },
      schema: {
        tags,
        summary: 'Replace the roles of a user; needs ROLE:WRITE (else UNAUTHORIZEDERROR 410)',
        params: idParams,
        body: z.object({ roleIds: z.array(z.string().min(1)).max(50) }),
        response: { 200: userDtoSchema },
      },
    },
    async (req) => admin.assignRoles(principalOf(req), req.params.id, req.body.roleIds),
  );
};
