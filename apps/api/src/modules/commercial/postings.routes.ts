import {
  PERMISSIONS,
  postingChoiceBodySchema,
  postingChoiceResultSchema,
  reconciliationQuerySchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access';
import type { PostingsService } from './postings.service';

const tags = ['payments'];
const idParams = z.object({ id: z.string().uuid() });

/**
 * The posting outbox's routes (design §7): the payer's choice after the commercial system refused a
 * payment, the same choice by staff, and the daily reconciliation report.
 */
export const postingsRoutes: FastifyPluginAsyncZod<{ postings: PostingsService }> = async (
  app,
  { postings },
) => {
  app.post(
    '/api/payments/:id/posting/choice',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'The payer chooses what happens to a payment the commercial system refused: REFUND (through its gateway) or ADVANCE (kept as an advance on the code). 415 not theirs, 487 not waiting for a choice',
        params: idParams,
        body: postingChoiceBodySchema,
        response: { 200: postingChoiceResultSchema },
      },
    },
    async (req) => postings.choose(principalOf(req), req.params.id, req.body.choice, 'owner'),
  );

  app.post(
    '/api/payments/:id/posting/settle',
    {
      config: { access: { anyOf: [PERMISSIONS.TRANSFERMOVIL_WRITE] } },
      schema: {
        tags,
        summary:
          'Staff settle a refused posting when the payer does not answer: REFUND or ADVANCE (487 not waiting for a choice)',
        params: idParams,
        body: postingChoiceBodySchema,
        response: { 200: postingChoiceResultSchema },
      },
    },
    async (req) => postings.choose(principalOf(req), req.params.id, req.body.choice, 'staff'),
  );

  app.get(
    '/api/payments/reconciliation.csv',
    {
      config: { access: { anyOf: [PERMISSIONS.TRANSFERMOVIL_READ, PERMISSIONS.INVOICE_READ] } },
      schema: {
        tags,
        summary:
          'Daily reconciliation (a Havana day): the payments settled that day beside their postings in the commercial system, mismatches first, as CSV',
        querystring: reconciliationQuerySchema,
      },
    },
    async (req, reply) => {
      const csv = await postings.reconciliation.csv(principalOf(req), req.query.date);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conciliacion-${req.query.date}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
