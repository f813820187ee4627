import { PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import { type Access, principalOf } from '../../plugins/access';
import type { SecurityService } from './security.service';

const ROLE_READ: { access: Access } = { access: { anyOf: [PERMISSIONS.ROLE_READ, PERMISSIONS.ROLE_WRITE] } };
const ROLE_WRITE: { access: Access } = { access: { anyOf: [PERMISSIONS.ROLE_WRITE] } };
const ROLE_DELETE: { access: Access } = { access: { anyOf: [PERMISSIONS.ROLE_DELETE] } };
const tags = ['security'];
const roleDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  /** The description in Spanish (kept for existing clients; the same as `descriptions.es`). */
  description: z.string().nullable(),
  /** The description in both languages, as the FAQs keep theirs; a reader's language may be missing (show `es`). */
  descriptions: z.object({ es: z.string().nullable(), en: z.string().nullable() }),
  superAdmin: z.boolean(),
  /** SUPER_ADMIN and USER: cannot be renamed, removed or given other permissions. */
  system: z.boolean(),
  permissions: z.array(z.string()),
  /** How many users hold the role. */
  users: z.number(),
  createdAt: z.string(),
});
/** Role names are display keys (translated by the web): letters, digits, `_`, `-`, spaces; 3 to 30. */
const roleName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ_ -]{3,30}$/, 'nombre de 3 a 30 letras, dígitos, _ o -');
const description = z.string().trim().max(250).nullable().optional();
/** Both languages at once (wins over `description`); a language left out stays as it is, null clears it. */
const descriptions = z
  .object({
    es: z.string().trim().max(250).nullable().optional(),
    en: z.string().trim().max(250).nullable().optional(),
  })
  .optional();
const roleParams = z.object({ rolId: z.string().min(1).max(64) });

/** Roles and permissions (spec §7 paths under /api/security): reading with ROLE:READ or ROLE:WRITE, changes with ROLE:WRITE, removal with ROLE:DELETE. */
export const securityRoutes: FastifyPluginAsyncZod<{ security: SecurityService }> = async (
  app,
  { security },
) => {
  app.post(
    '/api/security/roles/search',
    {
      config: ROLE_READ,
      schema: {
        tags,
        summary: 'Paged roles with their permissions and holder count',
        body: searchQuerySchema,
        response: { 200: z.array(roleDto) },
      },
    },
    async (req, reply) => sendPage(reply, await security.search(principalOf(req), req.body)),
  );

  app.post(
    '/api/security/roles',
    {
      config: ROLE_WRITE,
      schema: {
        tags,
        summary: 'Create a role (name taken: BADREQUESTERROR 420)',
        body: z.object({
          name: roleName,
          description,
          descriptions,
          permissions: z.array(z.string()).max(100).optional(),
        }),
        response: { 201: roleDto },
      },
    },
    async (req, reply) => reply.code(201).send(await security.create(principalOf(req), req.body)),
  );

  app.patch(
    '/api/security/roles/:rolId',
    {
      config: ROLE_WRITE,
      schema: {
        tags,
        summary: 'Rename or describe a role (system roles keep their name: 466)',
        params: roleParams,
        body: z.object({ name: roleName.optional(), description, descriptions }),
        response: { 200: roleDto },
      },
    },
    async (req) => security.update(principalOf(req), req.params.rolId, req.body),
  );

  app.delete(
    '/api/security/roles/:rolId',
    {
      config: ROLE_DELETE,
      schema: {
        tags,
        summary:
          'Delete a role. System roles: 466. Assigned: BADREQUESTERROR 465 {details:{users}} unless ?force=true, which takes it from every holder first',
        params: roleParams,
        querystring: z.object({ force: z.enum(['true', 'false']).optional() }),
        response: { 200: z.object({ deleted: z.number(), unassigned: z.number() }) },
      },
    },
    async (req) => security.remove(principalOf(req), req.params.rolId, req.query.force === 'true'),
  );

  app.post(
    '/api/security/permissions/search',
    {
      config: ROLE_READ,
      schema: {
        tags,
        summary:
          'Every permission, grouped: [{group, actions, permissions}] (list protocol; search matches names)',
        body: searchQuerySchema,
        response: {
          200: z.array(
            z.object({ group: z.string(), actions: z.array(z.string()), permissions: z.array(z.string()) }),
          ),
        },
      },
    },
    async (req, reply) => {
      const text = req.body.search?.trim().toUpperCase();
      const all = security
        .permissionGroups()
        .filter((g) => !text || g.group.includes(text) || g.permissions.some((p) => p.includes(text)));
      const start = (req.body.page - 1) * req.body.size;
      return sendPage(reply, { rows: all.slice(start, start + req.body.size), total: all.length });
    },
  );

  app.post(
    '/api/security/roles/:rolId/permission',
    {
      config: ROLE_WRITE,
      schema: {
        tags,
        summary: 'Replace the permissions of a role (unknown names: 400; ADMIN only by a super-admin)',
        params: roleParams,
        body: z.object({ permissions: z.array(z.string()).max(100) }),
        response: { 200: roleDto },
      },
    },
    async (req) => security.setPermissions(principalOf(req), req.params.rolId, req.body.permissions),
  );
};
