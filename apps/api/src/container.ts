import type { Config } from './config';
import type { Database } from './db/client';
import { createAppCaches } from './lib/cache';
import { createObjectStore } from './lib/storage';
import { createAccessRequestsService } from './modules/access-requests';
import { createAuthService, createTokenSigner } from './modules/auth';
import { createBillingDocuments, createLedgerCommercialSystem } from './modules/billing';
import { documentStorage, imageStorage } from './modules/files';
import { createGateways } from './modules/payments';
import { createSecurityService } from './modules/security';
import { createSettingsStore } from './modules/settings';
import { createUsersAdminService, createUsersService } from './modules/users';

export interface ContainerDeps {
  config: Config;
  database: Database;
}

/**
 * The composition root: every adapter, repository and service of the API is built here, once, and
 * handed to the route plugins (app.ts) and the background jobs. Nothing else constructs one: a
 * module's routes take what they need from this object, never a fallback of their own.
 */
export async function buildContainer({ config, database }: ContainerDeps) {
  const db = database.db;

  // ---- adapters ----
  const caches = createAppCaches(database);
  const settings = createSettingsStore(database, config);
  const signer = createTokenSigner(config.jwtSecret);
  // Uploaded images and documents: PostgreSQL (default), a local folder or S3 (STORAGE, lib/storage).
  const store = await createObjectStore(config, db);
  const images = imageStorage(store);
  const documentFiles = documentStorage(store);
  // The utility's commercial system: today the built-in ledger (with its debt summaries kept between
  // requests). The only place one is built.
  const commercial = createLedgerCommercialSystem(db, {
    debtsCache: config.DEBTS_CACHE ? caches.debts : undefined,
  });
  // The payment gateways configuration switches on (EnZona, Transfermóvil: the real ones or the sandbox).
  const gateways = createGateways(config);

  // ---- services, by capability ----
  const documents = createBillingDocuments({
    db,
    commercial,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });
  const auth = createAuthService({ db, signer, deviceSecret: config.jwtSecret });
  const users = createUsersService({ db });
  const usersAdmin = createUsersAdminService({ db, publicUrl: config.publicUrl });
  const security = createSecurityService({ db });
  const accessRequests = createAccessRequestsService({ db });

  return {
    config,
    database,
    db,
    caches,
    settings,
    signer,
    images,
    documentFiles,
    commercial,
    gateways,
    documents,
    auth,
    users,
    usersAdmin,
    security,
    accessRequests,
    /** Releases what the adapters hold (listeners, timers). */
    async close() {
      settings.close();
      caches.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof buildContainer>>;
