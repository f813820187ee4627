import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { buildContainer } from './container';
import type { Database } from './db/client';
import { jobsPlugin } from './jobs/jobs.plugin';
import { loggerOptions } from './logging';
import { accessRequestsRoutes } from './modules/access-requests';
import { accountRoutes } from './modules/account';
import { authRoutes } from './modules/auth';
import { billingRoutes } from './modules/billing';
import { postingsRoutes } from './modules/commercial';
import { commercialOfficesRoutes } from './modules/commercial-offices';
import { contractRequestsRoutes } from './modules/contract-requests';
import { dashboardRoutes } from './modules/dashboard';
import { factorsRoutes } from './modules/factors';
import { faqsRoutes } from './modules/faqs';
import { filesRoutes } from './modules/files';
import { healthRoutes } from './modules/health';
import { mailRoutes } from './modules/mail';
import { municipalitiesRoutes } from './modules/municipalities';
import { notificationsRoutes } from './modules/notifications';
import { paymentsRoutes } from './modules/payments';
import { securityRoutes } from './modules/security';
import { settingsRoutes } from './modules/settings';
import { securityLogRoutes, tracesRoutes } from './modules/traces';
import { usersRoutes } from './modules/users';
import { registerAccessControl } from './plugins/access';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { clientErrorHandler, registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestId, requestId } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: boolean | object;
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count believes that many proxies from the right of
 * X-Forwarded-For (the client's own entries further left are ignored), a list only those addresses.
 */
export function trustProxyOption(value: false | number | string[]) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}

/** The table of contents: plugins first, then one line per capability. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await composeApp(deps)).app;
}

/** The app and the container it was built from (tests and tools reach services through `container`). */
export async function composeApp({ config, database, logger }: AppDeps) {
  const app = Fastify({
    // JSON lines in production or to LOG_FILE; readable lines on the development console, where
    // requests are logged at `debug` only (logging.ts).
    ...(logger === undefined ? loggerOptions(config) : { logger }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { maxParamLength: 500 },
    // x-request-id from the load balancer (when safe) or a new UUID; returned on every answer.
    requestIdHeader: false,
    genReqId: requestId,
    // Plugins such as swagger-ui load their files at start: on a loaded machine 10 s was too short.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const c = await buildContainer({ config, database, log: app.log });
  const { db } = c;

  registerErrorHandling(app);
  registerRequestId(app);
  registerInputGuard(app);
  // Once closing, answers go out with `Connection: close`: a kept-alive connection (nginx's upstream
  // pool) ends with the request in flight instead of holding the stopping process past its deadline.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => c.close());
  // Headers first: a request refused by access control (401/403) still gets them.
  await registerSecurityHeaders(app);
  registerAccessControl(app, c.principals);
  await app.register(cors, { origin: false, exposedHeaders: ['x-total-count'] });
  // JSON and text above 1 KB go out as brotli or gzip, whichever the caller accepts (Vary: Accept-
  // Encoding); the live notifications stream (hijacked) and PDFs are left alone, and the web app's
  // files were compressed at build time (plugins/spa.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerOpenApi(app);

  await app.register(healthRoutes, { health: c.health });
  await app.register(settingsRoutes, { settings: c.settings });
  await app.register(authRoutes, { auth: c.auth });
  await app.register(factorsRoutes, { factors: c.factors });
  await app.register(usersRoutes, { users: c.users, admin: c.usersAdmin });
  await app.register(securityRoutes, { security: c.security });
  await app.register(notificationsRoutes, {
    notifications: c.notifications,
    streams: c.notificationStreams,
  });
  await app.register(accessRequestsRoutes, { requests: c.accessRequests });
  await app.register(tracesRoutes, { traces: c.traces });
  await app.register(securityLogRoutes, { traces: c.traces });
  await app.register(faqsRoutes, { faqs: c.faqs });
  await app.register(commercialOfficesRoutes, { offices: c.commercialOffices });
  await app.register(municipalitiesRoutes, { municipalities: c.municipalities });
  await app.register(billingRoutes, { billing: c.billing, documents: c.documents });
  await app.register(mailRoutes, { mail: c.mail, config });
  await app.register(accountRoutes, { account: c.account, profile: c.profile, settings: c.settings });
  await app.register(filesRoutes, { images: c.files });
  await app.register(paymentsRoutes, { payments: c.payments });
  await app.register(dashboardRoutes, { dashboard: c.dashboard });
  await app.register(postingsRoutes, { postings: c.postings });
  await app.register(contractRequestsRoutes, { requests: c.contractRequests });
  // Background work (mail outbox, payment reconciliation) in processes with the `jobs` role.
  await app.register(jobsPlugin, {
    database,
    config,
    payments: c.payments,
    postings: c.postings,
    dashboard: c.dashboard,
    mail: c.mail,
    transport: c.mailTransport,
    commercialFeed: c.commercialFeed,
  });

  await registerSpa(app, config.WEB_DIST);
  return { app: app as FastifyInstance, container: c };
}
