import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Gateways } from './gateways';
import { paymentsAdminRoutes } from './payments.admin.routes';
import type { PaymentsContext } from './payments.context';
import { paymentsGatewayRoutes } from './payments.gateway.routes';
import { paymentsCustomerRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsDeps } from './payments.service';

export interface PaymentsPluginDeps {
  db: Db;
  config: Config;
  gateways?: Gateways;
  settings?: PaymentsContext['settings'];
  /** The app's ledger and documents (built once in app.ts); each defaults to its own. */
  commercial?: PaymentsDeps['commercial'];
  documents?: PaymentsDeps['documents'];
}

/**
 * Payments (one line in app.ts): routes for customers, gateways and staff. `app.payments` is what
 * the reconciliation job (src/jobs) and tests call (`reconcileOnce`).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsPluginDeps> = async (
  app,
  { db, config, gateways, settings, commercial, documents },
) => {
  const payments = createPaymentsService({
    db,
    config,
    gateways,
    settings,
    commercial,
    documents,
    log: app.log,
  });
  app.decorate('payments', payments);
  await app.register(paymentsCustomerRoutes, { payments });
  await app.register(paymentsGatewayRoutes, { payments });
  await app.register(paymentsAdminRoutes, { payments });
  // Reconciliation runs as a background job (src/jobs) in processes with the `jobs` role.
};

declare module 'fastify' {
  interface FastifyInstance {
    payments?: ReturnType<typeof createPaymentsService>;
  }
}

// Not encapsulated (what fastify-plugin does), so `app.payments` is reachable from the root instance:
// tests and tools call `app.payments.reconcileOnce()`.
(paymentsRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
