import { PERMISSIONS, paymentDtoSchema, refundBodySchema, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language';
import { principalOf } from '../../plugins/access';
import { toPaymentDto } from './payments.repository';
import type { PaymentsService } from './payments.service';

const tags = ['payments'];
const idParams = z.object({ id: z.string().uuid() });

/** Staff: CSV export and refunds (the dashboard's calls are the dashboard module's). */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    '/api/payments/export.csv',
    {
      config: { access: { anyOf: [PERMISSIONS.TRANSFERMOVIL_READ, PERMISSIONS.INVOICE_READ] } },
      schema: {
        tags,
        summary: 'The payment records with the same filters, as a streamed CSV',
        body: searchQuerySchema,
      },
    },
    async (req, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      const csv = await payments.records.exportCsv(principalOf(req), req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pagos-${stamp}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/payments/:id/refund',
    {
      config: { access: { anyOf: [PERMISSIONS.TRANSFERMOVIL_WRITE] } },
      schema: {
        tags,
        summary:
          'Refund a PAYED payment (482 otherwise): EnZona refunds at once (REFUNDED); Transfermóvil waits in PENDING_REFUNDED for confirmation',
        params: idParams,
        body: refundBodySchema,
        response: { 200: paymentDtoSchema },
      },
    },
    async (req) =>
      toPaymentDto(
        await payments.refunds.request(principalOf(req), req.params.id, req.body.reason),
        requestLanguage(req),
      ),
  );

  app.post(
    '/api/payments/:id/refund/confirm',
    {
      config: { access: { anyOf: [PERMISSIONS.TRANSFERMOVIL_WRITE] } },
      schema: {
        tags,
        summary: 'Confirm a refund made by hand at the gateway: PENDING_REFUNDED → REFUNDED (483 otherwise)',
        params: idParams,
        response: { 200: paymentDtoSchema },
      },
    },
    async (req) =>
      toPaymentDto(await payments.refunds.confirm(principalOf(req), req.params.id), requestLanguage(req)),
  );
};
