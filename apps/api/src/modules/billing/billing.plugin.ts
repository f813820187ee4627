import type { CcDebt } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { InvalidatedCache, LinkedCodes } from '../../lib/cache';
import { type CodePattern, fixedCodePattern } from '../settings';
import { billingCallsRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import type { CommercialSystem } from './commercial-system';
import { billingDocumentRoutes } from './documents.routes';
import { type BillingDocuments, createBillingDocuments } from './documents.service';
import { createLedgerCommercialSystem } from './ledger';

export interface BillingDeps {
  db: Db;
  config: Pick<Config, 'CLIENT_CODE_PATTERN' | 'jwtSecret' | 'publicUrl'>;
  /** A customer's client codes, kept between requests (see lib/cache.ts). */
  linksCache?: InvalidatedCache<LinkedCodes>;
  /** Debt summaries kept between requests; used by the built-in ledger only (its tables announce). */
  debtsCache?: InvalidatedCache<CcDebt>;
  /** The client-code shape in force (the settings'); CLIENT_CODE_PATTERN without it. */
  codePattern?: CodePattern;
  /** Defaults to the built-in ledger on our database. */
  commercial?: CommercialSystem;
  /** Statements, receipts and their verification; defaults to documents over `commercial`. */
  documents?: BillingDocuments;
}

/** Client codes, debts, invoices, balances and documents (one line in app.ts). */
export const billingRoutes: FastifyPluginAsyncZod<BillingDeps> = async (
  app,
  { db, config, commercial, documents: given, linksCache, debtsCache, codePattern },
) => {
  const system = commercial ?? createLedgerCommercialSystem(db, { debtsCache });
  const billing = createBillingService({
    db,
    commercial: system,
    codePattern: codePattern ?? fixedCodePattern(config.CLIENT_CODE_PATTERN),
    linksCache,
  });
  const documents =
    given ??
    createBillingDocuments({
      db,
      commercial: system,
      secret: config.jwtSecret,
      publicUrl: config.publicUrl,
    });
  await app.register(billingCallsRoutes, { billing });
  await app.register(billingDocumentRoutes, { billing, documents });
};
