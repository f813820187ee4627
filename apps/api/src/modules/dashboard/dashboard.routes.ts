import {
  dashboardFiltersSchema,
  PERMISSIONS,
  paymentByStatusSchema,
  paymentDataSchema,
  paymentHistogramSchema,
  postingSummarySchema,
  usersQuantitySchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, principalOf } from '../../plugins/access';
import type { DashboardService } from './dashboard.service';

const tags = ['dashboard'];
const admin: { access: Access } = { access: { anyOf: [PERMISSIONS.ADMIN] } };
const body = dashboardFiltersSchema;

/** The administrator's dashboard: the four calls of spec §7 (amounts in cents). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
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
    async (req) => dashboard.paymentData(principalOf(req).space, req.body.filters),
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
    async (req) => dashboard.histogram(principalOf(req).space, req.body.filters),
  );

  app.post(
    '/api/payment-request/payment-by-status',
    {
      config: admin,
      schema: { tags, summary: 'Payments per status', body, response: { 200: paymentByStatusSchema } },
    },
    async (req) => dashboard.byStatus(principalOf(req).space, req.body.filters),
  );

  app.get(
    '/api/dashboard/commercial-postings',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Postings to the commercial system waiting and refused (COMMERCIAL_SYSTEM=http; enabled false with the built-in ledger)',
        response: { 200: postingSummarySchema },
      },
    },
    async (req) => dashboard.commercialPostings(principalOf(req).space),
  );

  app.post(
    '/api/users/reports/users-quantity',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Customers per client type (created in the range)',
        body,
        response: { 200: usersQuantitySchema },
      },
    },
    async (req) => dashboard.usersQuantity(principalOf(req).space, req.body.filters),
  );
};
