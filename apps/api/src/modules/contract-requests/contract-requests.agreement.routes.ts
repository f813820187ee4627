import { agreementApprovalSchema, agreementRejectionSchema, agreementRequestSchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language';
import { principalOf } from '../../plugins/access';
import { agreementOptionsSchema, fullDtoSchema, idParams } from './contract-requests.schemas';
import type { ContractRequestsService } from './contract-requests.service';

const tags = ['contract-requests'];

/**
 * Payment agreements (issue 30): the holder of a code asks from the code's page; staff of the code's
 * sector approve (as asked or changed) or reject. The request is followed like any contract request
 * (`/api/contract-requests/:requestId`), and its document is `GET /api/contract-requests/:requestId/contract`.
 */
export const agreementRoutes: FastifyPluginAsyncZod<{ requests: ContractRequestsService }> = async (
  app,
  { requests },
) => {
  app.get(
    '/api/payment-agreements/options/:cc',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'What the agreement form needs for one of the caller’s codes: limits in force, the invoices that may be agreed, an open request (641 not the holder)',
        params: z.object({ cc: z.string().max(40) }),
        response: { 200: agreementOptionsSchema },
      },
    },
    async (req) => requests.agreementOptions(principalOf(req), req.params.cc),
  );

  app.post(
    '/api/payment-agreements',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Ask for a payment agreement on a code the caller holds: 630 no invoice, 631–634 outside the limits, 635 no reason, 636 an invoice that cannot be agreed, 637 one open already, 641 not the holder',
        body: agreementRequestSchema,
        response: {
          201: z.object({ requestId: z.string(), status: z.literal('NEW'), createdAt: z.string() }),
        },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await requests.askAgreement(principalOf(req), req.body, requestLanguage(req))),
  );

  app.post(
    '/api/contract-requests/:requestId/agreement/approve',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Approve a payment agreement (staff of the sector), with the plan as asked or changed: 631–634 outside the limits, 638 not an agreement, 640 closed or its invoices changed',
        params: idParams,
        body: agreementApprovalSchema,
        response: { 200: fullDtoSchema },
      },
    },
    async (req) => requests.approveAgreement(principalOf(req), req.params.requestId, req.body),
  );

  app.post(
    '/api/contract-requests/:requestId/agreement/reject',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Reject a payment agreement with a reason (staff of the sector): 639 no reason, 638 not an agreement, 640 closed',
        params: idParams,
        body: agreementRejectionSchema,
        response: { 200: fullDtoSchema },
      },
    },
    async (req) => requests.rejectAgreement(principalOf(req), req.params.requestId, req.body),
  );
};
