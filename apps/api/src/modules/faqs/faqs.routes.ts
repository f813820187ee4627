import { faqFormSchema, faqPatchSchema, PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_SPACE } from '../../db/seed';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/search';
import { type Access, principalOf } from '../../plugins/access';
import type { FaqsService } from './faqs.service';

const tags = ['faqs'];
const READ: { access: Access } = { access: { anyOf: [PERMISSIONS.FAQ_READ, PERMISSIONS.FAQ_WRITE] } };
const WRITE: { access: Access } = { access: { anyOf: [PERMISSIONS.FAQ_WRITE] } };
const idParams = z.object({ id: z.uuid() });
const bilingual = z.object({ es: z.string(), en: z.string() });
const faqDto = z.object({
  _id: z.string(),
  category: z.string(),
  order: z.number(),
  published: z.boolean(),
  question: bilingual,
  answer: bilingual,
  version: z.number(),
  updatedAt: z.string(),
});

/** FAQs (design §6): the public list in the caller's language; the editor's CRUD with FAQ:WRITE. */
export const faqsRoutes: FastifyPluginAsyncZod<{ faqs: FaqsService }> = async (app, { faqs: service }) => {
  app.get(
    '/api/faqs',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The published FAQs in the caller’s language (Accept-Language), by category and order',
        response: {
          200: z.array(
            z.object({
              _id: z.string(),
              category: z.string(),
              order: z.number(),
              question: z.string(),
              answer: z.string(),
            }),
          ),
        },
      },
    },
    async (req) => service.published(DEFAULT_SPACE, requestLanguage(req)),
  );

  app.post(
    '/api/faqs/search',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every FAQ, drafts included (list protocol). Filters: category, published, createdAt',
        body: searchQuerySchema,
        response: { 200: z.array(faqDto) },
      },
    },
    async (req, reply) => sendPage(reply, await service.search(principalOf(req), req.body)),
  );

  app.get(
    '/api/faqs/:id',
    {
      config: READ,
      schema: { tags, summary: 'One FAQ, both languages', params: idParams, response: { 200: faqDto } },
    },
    async (req) => service.get(principalOf(req), req.params.id),
  );

  app.post(
    '/api/faqs',
    {
      config: WRITE,
      schema: { tags, summary: 'Create a FAQ (traced)', body: faqFormSchema, response: { 201: faqDto } },
    },
    async (req, reply) => reply.code(201).send(await service.create(principalOf(req), req.body)),
  );

  app.patch(
    '/api/faqs/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Change a FAQ over the version read (409 with the current one on a concurrent change; force to overwrite)',
        params: idParams,
        body: faqPatchSchema,
        response: { 200: faqDto },
      },
    },
    async (req) => service.update(principalOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/faqs/:id/move',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Move a FAQ one place up or down within its category (traced)',
        params: idParams,
        body: z.object({ direction: z.enum(['up', 'down']) }),
        response: { 200: faqDto },
      },
    },
    async (req) => service.move(principalOf(req), req.params.id, req.body.direction),
  );

  app.delete(
    '/api/faqs/:id',
    { config: WRITE, schema: { tags, summary: 'Remove a FAQ (traced)', params: idParams } },
    async (req, reply) => {
      await service.remove(principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
};
