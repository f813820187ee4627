import multipart from '@fastify/multipart';
import {
  ATTACHMENT_MAX_BYTES,
  contractRequestInputSchema,
  searchQuerySchema,
  validateReqSchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import { agreementRoutes } from './contract-requests.agreement.routes';
import {
  attachmentDtoSchema,
  fullDtoSchema,
  idParams,
  publicDtoSchema,
  sector,
  status,
  summaryDtoSchema,
} from './contract-requests.schemas';
import type { ContractRequestsService } from './contract-requests.service';
import { contractRequestsStaffRoutes } from './contract-requests.staff.routes';
import { readAttachment, sendPdf } from './contract-requests.upload';

const tags = ['contract-requests'];
const base = '/api/contract-requests';

/**
 * Contract requests (design §5): the form, the lookup by ID, the queues and the steps to a contract
 * (contract-requests.staff.routes.ts). The service is built once by the composition root (container.ts).
 */
export const contractRequestsRoutes: FastifyPluginAsyncZod<{ requests: ContractRequestsService }> = async (
  app,
  { requests },
) => {
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 100 },
  });

  app.post(
    base,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Send a contract request (anonymous or signed in): 410–436 missing or invalid fields, 420 an open request for the code and procedure, 430 unknown or inactive code, 499 wrong ownership proof',
        body: contractRequestInputSchema,
        response: {
          201: z.object({
            requestId: z.string(),
            status: z.literal('NEW'),
            createdAt: z.string(),
            uploadToken: z.string(),
          }),
        },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await requests.create(req.principal, req.body, requestLanguage(req), req.ip)),
  );

  app.get(
    `${base}/lookup/:requestId`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Where a request stands, for anyone with its ID (nothing personal); 404 · 415 unknown; 60 / 15 min per address',
        params: idParams,
        response: { 200: publicDtoSchema },
      },
    },
    async (req) => requests.lookup(req.params.requestId, req.ip),
  );

  app.get(
    `${base}/lookup/:requestId/receipt.pdf`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The request’s receipt as PDF (name masked); `lang` picks the language of a plain link',
        params: idParams,
        querystring: z.object({ lang: z.enum(['es', 'en']).optional() }),
      },
    },
    async (req, reply) => {
      const lang = req.query.lang ?? requestLanguage(req);
      const { requestId, pdf } = await requests.receipt(req.params.requestId, req.ip, lang);
      return sendPdf(reply, `solicitud-${requestId}.pdf`, pdf);
    },
  );

  app.post(
    `${base}/search`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Requests (list protocol, oldest first). Staff: the sectors of their process permissions (452 for another) and their municipality (456); customers: their own',
        body: searchQuerySchema,
        response: { 200: z.array(summaryDtoSchema) },
      },
    },
    async (req, reply) => sendPage(reply, await requests.search(principalOf(req), req.body)),
  );

  app.post(
    `${base}/counts`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'How many requests of each status match the same search (status filter aside)',
        body: searchQuerySchema,
        response: { 200: z.array(z.object({ status, count: z.number() })) },
      },
    },
    async (req) => requests.counts(principalOf(req), req.body),
  );

  app.get(
    `${base}/:requestId`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The whole request: its owner, or staff of its sector and municipality',
        params: idParams,
        response: { 200: fullDtoSchema },
      },
    },
    async (req) => requests.get(principalOf(req), req.params.requestId),
  );

  app.post(
    `${base}/:requestId/claim-code`,
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Ask for a code to claim a request sent anonymously: e-mailed to the request’s address (valid 30 min). 415 unknown or someone else’s, 495 already yours, 496 no e-mail; 10 asks an hour per account (429); per request and account 1 mail a minute and 5 a day, the excess dropped silently',
        params: idParams,
        response: { 202: z.object({ sent: z.literal(true) }) },
      },
    },
    async (req, reply) => {
      await requests.askClaimCode(principalOf(req), req.params.requestId);
      return reply.code(202).send({ sent: true });
    },
  );

  app.post(
    `${base}/:requestId/claim`,
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Claim a request sent anonymously with the code e-mailed to its address: it becomes the caller’s (its upload token stops working). 493 wrong or spent code, 494 expired, 495 already yours; 5 wrong codes in 15 min per account (429)',
        params: idParams,
        body: z.object({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/),
        }),
        response: { 200: fullDtoSchema },
      },
    },
    async (req) => requests.claim(principalOf(req), req.params.requestId, req.body.code),
  );

  // Staff's steps (and the contract PDF), registered here to keep the routes in their order.
  await app.register(contractRequestsStaffRoutes, { requests });
  await app.register(agreementRoutes, { requests });

  app.post(
    `${base}/:requestId/attachments`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Attach an identity document or property title (multipart `file`, field `kind`): the owner, or the `x-upload-token` given at creation (438); JPEG/PNG/WebP re-encoded or PDF, 5 MB (478), 5 at most (442)',
        consumes: ['multipart/form-data'],
        params: idParams,
        headers: z.object({ 'x-upload-token': z.string().max(100).optional() }).passthrough(),
        response: { 201: attachmentDtoSchema },
      },
    },
    async (req, reply) => {
      const token = req.headers['x-upload-token'];
      const attached = await requests.attach(
        req.principal,
        req.ip,
        req.params.requestId,
        typeof token === 'string' ? token : undefined,
        () => readAttachment(req),
      );
      return reply.code(201).send(attached);
    },
  );

  app.get(
    `${base}/:requestId/attachments/:attachmentId`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'One attachment (owner or staff of the sector), as a download (`Content-Disposition: attachment`, nosniff, sandboxed)',
        params: idParams.extend({ attachmentId: z.uuid() }),
      },
    },
    async (req, reply) => {
      const a = await requests.attachment(principalOf(req), req.params.requestId, req.params.attachmentId);
      return (
        reply
          .type(a.contentType)
          // Downloaded, never shown in our origin: a document cannot run as a page of the back office.
          .header(
            'content-disposition',
            `attachment; filename="${a.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(a.fileName)}`,
          )
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(a.bytes)
      );
    },
  );

  app.post(
    '/api/ahab-requests/validate-req',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Check a client code before sending a request: {valid, active} for anyone; hasDebt and openRequestId for its owner or with the right proof. 30 / 15 min, 10 unknown (429)',
        body: validateReqSchema,
        response: {
          200: z.object({
            valid: z.boolean(),
            active: z.boolean(),
            clientType: sector.optional(),
            hasDebt: z.boolean().optional(),
            openRequestId: z.string().nullable().optional(),
          }),
        },
      },
    },
    async (req) => requests.validateReq(req.principal, req.body, req.ip),
  );
};
