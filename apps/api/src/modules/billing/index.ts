/** What other modules (payments) use from billing. */
export { billingRoutes } from './billing.plugin';
export { provesOwnership } from './billing.service';
export * from './commercial-system';
export { type BillingDocuments, createBillingDocuments } from './documents.service';
export { createLedgerCommercialSystem } from './ledger';
