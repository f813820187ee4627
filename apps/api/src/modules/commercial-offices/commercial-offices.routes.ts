import {
  commercialOfficePatchSchema,
  commercialOfficeSchema,
  PERMISSIONS,
  searchQuerySchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_SPACE } from '../../db/seed';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/search';
import { type Access, principalOf } from '../../plugins/access';
import type { CommercialOfficesService } from './commercial-offices.service';

const tags = ['commercial-offices'];
const P = PERMISSIONS;
const READ: { access: Access } = { access: { anyOf: [P.COMMERCIAL_OFFICE_READ, P.COMMERCIAL_OFFICE_WRITE] } };
const WRITE: { access: Access } = { access: { anyOf: [P.COMMERCIAL_OFFICE_WRITE] } };
const DELETE: { access: Access } = { access: { anyOf: [P.COMMERCIAL_OFFICE_DELETE] } };
const idParams = z.object({ id: z.uuid() });
const officeDto = z.object({
  _id: z.string(),
  name: z.string(),
  boss: z.string().nullable(),
  address: z.string(),
  province: z.string(),
  municipality: z.number(),
  phone: z.string().nullable(),
  /** In Spanish and English; either may be null. */
  hours: z.object({ es: z.string().nullable(), en: z.string().nullable() }),
  serves: z.array(z.number()),
  version: z.number(),
  updatedAt: z.string(),
});
const publicOffice = officeDto
  .pick({ _id: true, name: true, address: true, province: true, municipality: true, phone: true })
  .extend({
    /** In the caller's language (Accept-Language), else in Spanish; `hoursLang` says which. */
    hours: z.string().nullable(),
    hoursLang: z.enum(['es', 'en']).nullable(),
  });

/** Commercial offices (design §6): the public lookup by municipality; CRUD with COMMERCIAL_OFFICE. */
export const commercialOfficesRoutes: FastifyPluginAsyncZod<{ offices: CommercialOfficesService }> = async (
  app,
  { offices },
) => {
  const base = '/api/commercial-offices';

  app.get(
    `${base}/public`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The offices serving a municipality, with address, phone and hours in the caller’s language (Spanish when the office has none in English; 400 · 486 unknown municipality)',
        querystring: z.object({ municipality: z.coerce.number().int().positive().max(100_000) }),
        response: { 200: z.array(publicOffice) },
      },
    },
    async (req) => offices.serving(DEFAULT_SPACE, req.query.municipality, requestLanguage(req)),
  );

  app.post(
    `${base}/search`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Offices (list protocol). Filters: municipality, province, createdAt',
        body: searchQuerySchema,
        response: { 200: z.array(officeDto) },
      },
    },
    async (req, reply) => sendPage(reply, await offices.search(principalOf(req), req.body)),
  );

  app.get(
    `${base}/:id`,
    { config: READ, schema: { tags, summary: 'One office', params: idParams, response: { 200: officeDto } } },
    async (req) => offices.get(principalOf(req), req.params.id),
  );

  app.post(
    base,
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Create an office (name, address, province, municipality required; 403 · 456/453 outside the writer’s scope; traced)',
        body: commercialOfficeSchema,
        response: { 201: officeDto },
      },
    },
    async (req, reply) => reply.code(201).send(await offices.create(principalOf(req), req.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change an office over the version read (409 with the current one; force to overwrite)',
        params: idParams,
        body: commercialOfficePatchSchema,
        response: { 200: officeDto },
      },
    },
    async (req) => offices.update(principalOf(req), req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: DELETE,
      schema: { tags, summary: 'Remove an office (COMMERCIAL_OFFICE:DELETE; traced)', params: idParams },
    },
    async (req, reply) => {
      await offices.remove(principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
};
