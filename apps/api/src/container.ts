import type { CcDebt } from '@ov/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { DEFAULT_SPACE } from './db/seed';
import type { InvalidatedCache } from './lib/cache';
import { createAppCaches } from './lib/cache';
import { createObjectStore } from './lib/storage';
import { createAccessRequestsRepository, createAccessRequestsService } from './modules/access-requests';
import { createAccountRepository, createAccountService, createProfileService } from './modules/account';
import {
  createAuthRepository,
  createAuthService,
  createLinkTokens,
  createSignInThrottle,
  createTokenSigner,
} from './modules/auth';
import {
  type CommercialSystem,
  createBillingDocuments,
  createBillingRepository,
  createBillingService,
  createDocumentsRepository,
  createLedgerCommercialSystem,
} from './modules/billing';
import {
  createClaimsRepository,
  createCommercialClient,
  createCommercialFeed,
  createCommercialStatus,
  createDirectoryRepository,
  createFeedRepository,
  createHttpCommercialSystem,
  createLastKnownRepository,
  createPostingsRepository,
  createPostingsService,
} from './modules/commercial';
import {
  createCommercialOfficesRepository,
  createCommercialOfficesService,
} from './modules/commercial-offices';
import {
  createContractRequestsRepository,
  createContractRequestsService,
  releaseWhenDebtsPaid,
} from './modules/contract-requests';
import { createDashboardRepository, createDashboardService } from './modules/dashboard';
import {
  createFactorsRepository,
  createFactorsService,
  createPasskeyCeremonies,
  createSecondStepPolicy,
  createSecretBox,
  relyingPartyOf,
} from './modules/factors';
import { createFaqsRepository, createFaqsService } from './modules/faqs';
import { createFilesRepository, createFilesService, documentStorage, imageStorage } from './modules/files';
import { createHealthRepository, createHealthService } from './modules/health';
import {
  createMailboxTransport,
  createMailRepository,
  createMailService,
  createSmtpTransport,
} from './modules/mail';
import { createMunicipalitiesRepository, createMunicipalitiesService } from './modules/municipalities';
import {
  createNotificationChannel,
  createNotificationHub,
  createNotificationStreams,
  createNotificationsRepository,
  createNotificationsService,
} from './modules/notifications';
import { createGateways, createPaymentsRepository, createPaymentsService } from './modules/payments';
import { createSecurityRepository, createSecurityService } from './modules/security';
import { createSettingsRepository, createSettingsStore } from './modules/settings';
import { createTracesRepository, createTracesService } from './modules/traces';
import { createUsersAdminService, createUsersRepository, createUsersService } from './modules/users';
import { tokenPrincipals } from './plugins/access';

export interface ContainerDeps {
  config: Config;
  database: Database;
  /** The app's logger: adapters that report on their own (the notification listener), payments, mail. */
  log: FastifyBaseLogger;
}

/**
 * The utility's commercial system (design §7): the built-in ledger on our own tables
 * (COMMERCIAL_SYSTEM=ledger), or the utility's system over HTTP (COMMERCIAL_SYSTEM=http, its URL and
 * token). The ONE place a commercial system is constructed: the container below, and the first seed,
 * which runs before the app is built, take theirs from here. `close` releases what the HTTP adapter
 * holds (its subscription to the cross-process invalidations).
 */
export function buildCommercialSystem(
  config: Config,
  database: Database,
  opts: { debtsCache?: InvalidatedCache<CcDebt>; log?: FastifyBaseLogger } = {},
): CommercialSystem & { close?(): void } {
  const db = database.db;
  if (config.COMMERCIAL_SYSTEM === 'ledger') return createLedgerCommercialSystem(db, opts);
  return createHttpCommercialSystem({
    client: createCommercialClient({
      url: config.COMMERCIAL_SYSTEM_URL,
      token: config.COMMERCIAL_SYSTEM_TOKEN,
      timeoutMs: config.COMMERCIAL_TIMEOUT_MS,
    }),
    lastKnown: createLastKnownRepository(db),
    claims: createClaimsRepository(db),
    postings: createPostingsRepository(db),
    directory: createDirectoryRepository(db),
    invalidations: database,
    space: DEFAULT_SPACE,
    keep: config.DEBTS_CACHE,
    breaker: { failures: config.COMMERCIAL_BREAKER_FAILURES, openMs: config.COMMERCIAL_BREAKER_OPEN_MS },
    log: opts.log?.child({ module: 'commercial' }),
  });
}

/**
 * The composition root: every adapter, repository and service of the API is built here, once, and
 * handed to the route plugins (app.ts) and the background jobs. Nothing else constructs one: a
 * module's routes take what they need from this object, never a fallback of their own.
 */
export async function buildContainer({ config, database, log }: ContainerDeps) {
  const db = database.db;

  // ---- adapters ----
  const caches = createAppCaches(database);
  const settings = createSettingsStore({
    settings: createSettingsRepository(db),
    config,
    invalidations: database,
  });
  const signer = createTokenSigner(config.jwtSecret);
  // Who a bearer token stands for now: access control on every route, and the notifications stream.
  const principals = tokenPrincipals({ db, signer, cache: caches.principal });
  // Uploaded images and documents: PostgreSQL (default), a local folder or S3 (STORAGE, lib/storage).
  const store = await createObjectStore(config, db);
  const images = imageStorage(store);
  const documentFiles = documentStorage(store);
  // The utility's commercial system: today the built-in ledger (with its debt summaries kept between
  // requests). The only place one is built.
  const commercial = buildCommercialSystem(config, database, {
    debtsCache: config.DEBTS_CACHE ? caches.debts : undefined,
    log,
  });
  // Live notifications: every process LISTENs on the database and fans the signals out to its streams.
  // (It starts listening once everything is built, below: nothing fails after it holds a connection.)
  const notificationHub = createNotificationHub(createNotificationChannel(database, log));
  // The payment gateways configuration switches on (EnZona, Transfermóvil: the real ones or the sandbox).
  const gateways = createGateways(config);
  // Where the mail outbox worker (jobs) hands mails over: SMTP, or the development mailbox.
  const mailLog = log.child({ module: 'mail' });
  const mailTransport = config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createMailboxTransport((msg, meta) => mailLog.debug(meta, msg));

  // ---- services, by capability ----
  // Our side of billing (links between customers and codes), a customer's codes kept between requests.
  const billingRepo = createBillingRepository(db, caches.links);
  const documents = createBillingDocuments({
    repo: createDocumentsRepository(db),
    commercial,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });
  const billing = createBillingService({
    db,
    repo: billingRepo,
    commercial,
    documents,
    codePattern: settings.codePattern,
  });
  const payments = createPaymentsService({
    db,
    repo: createPaymentsRepository(db),
    config,
    gateways,
    settings,
    commercial,
    documents,
    billingRepo,
    log,
  });
  // Users, sign-in and the own account: users ← auth ← account (each imports only the ones before).
  const usersRepository = createUsersRepository(db);
  const authRepository = createAuthRepository(db);
  const accountRepository = createAccountRepository(db);
  const links = createLinkTokens({ tokens: authRepository });
  const signInThrottle = createSignInThrottle(db);
  // Passkeys and the staff second factor (issue 30): the policy decides what a sign-in still owes.
  const factorsRepository = createFactorsRepository(db);
  const auth = createAuthService({
    users: usersRepository,
    sessions: authRepository,
    throttle: signInThrottle,
    signer,
    deviceSecret: config.jwtSecret,
    secondStep: createSecondStepPolicy({
      factors: factorsRepository,
      staffSecondFactor: config.STAFF_SECOND_FACTOR,
    }),
  });
  const factors = createFactorsService({
    factors: factorsRepository,
    auth,
    sessions: authRepository,
    throttle: signInThrottle,
    passkeys: createPasskeyCeremonies({ factors: factorsRepository, rp: relyingPartyOf(config) }),
    staffSecondFactor: config.STAFF_SECOND_FACTOR,
    secrets: createSecretBox(config.factorsEncryptionKey),
  });
  const users = createUsersService({ users: usersRepository });
  const usersAdmin = createUsersAdminService({ users: usersRepository, links, publicUrl: config.publicUrl });
  const account = createAccountService({
    accounts: accountRepository,
    users: usersRepository,
    auth,
    links,
    config,
    codePattern: settings.codePattern,
    commercial,
  });
  const profile = createProfileService({
    account,
    accounts: accountRepository,
    users: usersRepository,
    usersService: users,
    auth,
    links,
  });
  const security = createSecurityService({ roles: createSecurityRepository(db) });
  const accessRequests = createAccessRequestsService({ requests: createAccessRequestsRepository(db) });
  // The contract's HTTP client (COMMERCIAL_SYSTEM=http): the change feed and the posting outbox share it.
  const commercialClient =
    config.COMMERCIAL_SYSTEM === 'http'
      ? createCommercialClient({
          url: config.COMMERCIAL_SYSTEM_URL,
          token: config.COMMERCIAL_SYSTEM_TOKEN,
          timeoutMs: config.COMMERCIAL_TIMEOUT_MS,
        })
      : null;
  // The change feed of the commercial system over HTTP (design §7): read by the jobs processes.
  const feedRepository = createFeedRepository(db);
  const commercialFeed = commercialClient
    ? createCommercialFeed({
        feed: feedRepository,
        client: commercialClient,
        commercial,
        locks: database,
        publicUrl: config.publicUrl,
        space: DEFAULT_SPACE,
        log: log.child({ module: 'commercial-feed' }),
      })
    : null;
  const health = createHealthService({
    health: createHealthRepository(database),
    settings,
    space: DEFAULT_SPACE,
    commercial: createCommercialStatus({ feed: feedRepository, kind: config.COMMERCIAL_SYSTEM }),
  });
  const faqs = createFaqsService({ faqs: createFaqsRepository(db) });
  const traces = createTracesService({ traces: createTracesRepository(db) });
  const mail = createMailService({ outbox: createMailRepository(db) });
  const notifications = createNotificationsService({ notifications: createNotificationsRepository(db) });
  const notificationStreams = createNotificationStreams({
    // The same check as every route's access control (plugins/access); a sign-in still owing its
    // second factor gets no stream.
    authenticate: async (token) => {
      const principal = await principals(token);
      return principal?.secondFactor ? null : principal;
    },
    notifications,
    hub: notificationHub,
  });
  const files = createFilesService({ db, files: createFilesRepository(db), images });
  const contractRequests = createContractRequestsService({
    db,
    repo: createContractRequestsRepository(db),
    commercial,
    clientCodePattern: config.CLIENT_CODE_PATTERN,
    settings,
    publicUrl: config.publicUrl,
    storage: documentFiles,
  });
  const commercialOffices = createCommercialOfficesService({
    offices: createCommercialOfficesRepository(db),
  });
  // The posting outbox (COMMERCIAL_SYSTEM=http): every confirmed payment applied there once by the
  // jobs process; a refused one settled by the payer's choice (refund or advance).
  const postingsRepository = createPostingsRepository(db);
  const postings = createPostingsService({
    postings: postingsRepository,
    client: commercialClient,
    refunds: payments.refunds,
    publicUrl: config.publicUrl,
    // Longer than a posting's own timeout (three reads'), so a live pass never loses what it holds.
    leaseMs: config.COMMERCIAL_TIMEOUT_MS * 3 + 5000,
    log: log.child({ module: 'commercial-postings' }),
  });
  const dashboard = createDashboardService({ dashboard: createDashboardRepository(db), postings });
  const municipalities = createMunicipalitiesService({
    municipalities: createMunicipalitiesRepository(db),
  });

  // ---- listeners ----
  // Requests held for debt go on when the ledger announces the debt paid.
  const stopDebtRelease = releaseWhenDebtsPaid(database, contractRequests, log);

  await notificationHub.start();
  return {
    config,
    database,
    db,
    caches,
    settings,
    signer,
    principals,
    images,
    documentFiles,
    commercial,
    commercialFeed,
    gateways,
    mailTransport,
    documents,
    usersRepository,
    billing,
    payments,
    auth,
    factors,
    users,
    usersAdmin,
    account,
    profile,
    security,
    accessRequests,
    health,
    faqs,
    traces,
    mail,
    notifications,
    notificationHub,
    notificationStreams,
    files,
    contractRequests,
    commercialOffices,
    dashboard,
    municipalities,
    postingsRepository,
    postings,
    /** Releases what the adapters and listeners hold (subscriptions, timers). */
    async close() {
      stopDebtRelease();
      commercial.close?.();
      settings.close();
      caches.close();
      await notificationHub.close();
      mailTransport.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof buildContainer>>;
