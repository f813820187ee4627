/** What other modules (payments) use from billing. */
export { billingRoutes } from './billing.plugin';
export { type BillingRepository, createBillingRepository } from './billing.repository';
export { type BillingService, createBillingService, provesOwnership } from './billing.service';
export * from './commercial-system';
export { field, header, render, UTILITY_HEADER } from './documents.pdf';
export { createDocumentsRepository } from './documents.repository';
export { type BillingDocuments, createBillingDocuments } from './documents.service';
export { createImporterRepository, type ImporterRepository, importBilling } from './importer';
export { createLedgerCommercialSystem } from './ledger';
export { formatAddress } from './ledger.mappers';
