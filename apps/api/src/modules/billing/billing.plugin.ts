import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingCallsRoutes } from './billing.routes';
import type { BillingService } from './billing.service';
import { billingDocumentRoutes } from './documents.routes';
import type { BillingDocuments } from './documents.service';

/**
 * Client codes, debts, invoices, balances and documents (one line in app.ts), over the services the
 * container built.
 */
export const billingRoutes: FastifyPluginAsyncZod<{
  billing: BillingService;
  documents: BillingDocuments;
}> = async (app, { billing, documents }) => {
  await app.register(billingCallsRoutes, { billing });
  await app.register(billingDocumentRoutes, { billing, documents });
};
