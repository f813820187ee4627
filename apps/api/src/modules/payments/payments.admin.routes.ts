import {
  dashboardFiltersSchema,
  PERMISSIONS,
  paymentByStatusSchema,
  paymentDataSchema,
  paymentDtoSchema,
  paymentHistogramSchema,
  refundBodySchema,
  searchQuerySchema,
  usersQuantitySchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language';
import { type Access, principalOf } from '../../plugins/access';
import { toPaymentDto } from './payments.repository';
import type { PaymentsService } from './payments.service';

const tags = ['payments'];
const idParams = z.object({ id: z.string().uuid() });

/** Staff: CSV export, refunds, and the dashboard calls of spec §7 (amounts in cents). */
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

  const admin: { access: Access } = { access: { anyOf: [PERMISSIONS.ADMIN] } };
  const body = dashboardFiltersSchema;

  app.post(
    '/api/payment-request/payment-data',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Dashboard cards (PAYED payments; cents)',
        body,
        response: { 200: paymentDataSchema },
      },
    },
    async (req) => payments.records.paymentData(principalOf(req).space, req.body.filters),
  );

  app.post(
    '/api/payment-request/payment-histogram',
    {
      config: admin,
      schema: {
        tags,
        summary: 'PAYED payments per day (Havana): count and total (cents)',
        body,
        response: { 200: paymentHistogramSchema },
      },
    },
    async (req) => payments.records.histogram(principalOf(req).space, req.body.filters),
  );

  app.post(
    '/api/payment-request/payment-by-status',
    {
      config: admin,
      schema: { tags, summary: 'Payments per status', body, response: { 200: paymentByStatusSchema } },
    },
    async (req) => payments.records.byStatus(principalOf(req).space, req.body.filters),
  );

  app.post(
    '/api/users/reports/users-quantity',
    {
      config: admin,
      schema: {
        tags: ['dashboard'],
        summary: 'Customers per client type (created in the range)',
        body,
        response: { 200: usersQuantitySchema },
      },
    },
    async (req) => payments.records.usersQuantity(principalOf(req).space, req.body.filters),
  );
};
