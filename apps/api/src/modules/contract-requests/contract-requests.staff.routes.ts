import { contractAnnulSchema, contractStaffPatchSchema, contractTransitionSchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access';
import { fullDtoSchema, idParams } from './contract-requests.schemas';
import type { ContractRequestsService } from './contract-requests.service';
import { sendPdf } from './contract-requests.upload';

const tags = ['contract-requests'];
const base = '/api/contract-requests';

/** What staff do with a request (move, answer, annul, fill the contract fields) and the contract PDF. */
export const contractRequestsStaffRoutes: FastifyPluginAsyncZod<{
  requests: ContractRequestsService;
}> = async (app, { requests }) => {
  app.post(
    `${base}/:requestId/transition`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Move along the status machine with an optional answer (staff of the sector): 437 not allowed from here, 432 annulled, 425/426 office or place missing, 459 no model, 460 generation failed; `to` = the current status answers without moving',
        params: idParams,
        body: contractTransitionSchema.extend({ version: z.number().int().min(0).optional() }),
        response: { 200: fullDtoSchema },
      },
    },
    async (req) => requests.transition(principalOf(req), req.params.requestId, req.body),
  );

  app.post(
    `${base}/:requestId/annul`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Annul with a reason (residential only): 454 no reason, 455 not residential, 457 already annulled, 435 signed',
        params: idParams,
        body: contractAnnulSchema.extend({ version: z.number().int().min(0).optional() }),
        response: { 200: fullDtoSchema },
      },
    },
    async (req) => requests.annul(principalOf(req), req.params.requestId, req.body),
  );

  app.patch(
    `${base}/:requestId`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Staff fields over the version read (409 with the current request; force to overwrite); 432 annulled, 427 date',
        params: idParams,
        body: contractStaffPatchSchema,
        response: { 200: fullDtoSchema },
      },
    },
    async (req) => requests.patch(principalOf(req), req.params.requestId, req.body),
  );

  app.get(
    `${base}/:requestId/contract`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The contract PDF: staff from SIGNATURE_READY, the owner once SIGNED (461 otherwise)',
        params: idParams,
      },
    },
    async (req, reply) => {
      const { pdf, name } = await requests.contract(principalOf(req), req.params.requestId);
      return sendPdf(reply, name, pdf);
    },
  );
};
