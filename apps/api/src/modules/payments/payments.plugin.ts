import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsAdminRoutes } from './payments.admin.routes';
import { paymentsGatewayRoutes } from './payments.gateway.routes';
import { paymentsGuestRoutes } from './payments.guest.routes';
import { paymentsCustomerRoutes } from './payments.routes';
import type { PaymentsService } from './payments.service';

/**
 * Payments (one line in app.ts): routes for customers, gateways and staff, over the service the
 * container built (the reconciliation job, src/jobs, gets the same service from the container).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  await app.register(paymentsCustomerRoutes, { payments });
  await app.register(paymentsGatewayRoutes, { payments });
  await app.register(paymentsAdminRoutes, { payments });
  await app.register(paymentsGuestRoutes, { payments });
};
