import type { FastifyPluginAsync } from 'fastify';
import { type Config, hasRole } from '../config';
import { type Database, LOCKS } from '../db/client';
import type { CommercialFeed, PostingsService } from '../modules/commercial';
import type { DashboardService } from '../modules/dashboard';
import type { MailService, MailTransport } from '../modules/mail';
import type { PaymentsService } from '../modules/payments';
import { type Job, startJobRunner } from './runner';

/**
 * The background work of a process with the `jobs` role (PROCESS_ROLES; not under NODE_ENV=test,
 * where tests call each pass themselves): the mail outbox every MAIL_POLL_MS and payment
 * reconciliation and expiry every RECONCILE_INTERVAL_MS, with COMMERCIAL_SYSTEM=http the commercial
 * system's change feed every COMMERCIAL_FEED_INTERVAL_MS and the posting outbox every
 * COMMERCIAL_POSTING_INTERVAL_MS, and the dashboard's rollup fold every ROLLUP_FOLD_INTERVAL_MS, each
 * pass under its advisory lock. The
 * payments and mail services and the mail transport are the container's (built once, src/container.ts).
 */
export const jobsPlugin: FastifyPluginAsync<{
  database: Database;
  config: Config;
  payments: PaymentsService;
  postings: PostingsService;
  dashboard: DashboardService;
  mail: MailService;
  transport: MailTransport;
  /** The commercial system's change feed reader (COMMERCIAL_SYSTEM=http only). */
  commercialFeed: CommercialFeed | null;
}> = async (app, { database, config, payments, postings, dashboard, mail, transport, commercialFeed }) => {
  if (config.NODE_ENV === 'test' || !hasRole(config, 'jobs')) return;
  const log = app.log.child({ module: 'jobs' });
  const mailLog = app.log.child({ module: 'mail' });
  const jobs: Job[] = [
    {
      name: 'mail-outbox',
      lock: LOCKS.mailOutbox,
      intervalMs: config.MAIL_POLL_MS,
      run: () => mail.drainOnce({ transport, logger: mailLog }),
    },
    {
      name: 'rollup-fold',
      // payment_rollups_fold takes LOCKS.rollupFold itself (without waiting).
      intervalMs: config.ROLLUP_FOLD_INTERVAL_MS,
      run: () => dashboard.foldRollups(),
      worthLogging: (r) => Boolean((r as { folded?: number }).folded),
    },
  ];
  if (config.PAYMENTS_ENABLED)
    jobs.push({
      name: 'payment-reconciliation',
      lock: LOCKS.paymentReconciliation,
      intervalMs: config.RECONCILE_INTERVAL_MS,
      run: () => payments.reconcileOnce(),
      worthLogging: (r) => Boolean((r as { checked?: number }).checked),
    });
  if (commercialFeed)
    jobs.push({
      name: 'commercial-feed',
      // readFeedOnce takes LOCKS.commercialFeed itself (without waiting).
      intervalMs: config.COMMERCIAL_FEED_INTERVAL_MS,
      run: () => commercialFeed.readFeedOnce(),
      worthLogging: (r) => Boolean((r as { events?: number }).events),
    });
  if (config.COMMERCIAL_SYSTEM === 'http')
    jobs.push({
      name: 'commercial-postings',
      lock: LOCKS.commercialPostings,
      intervalMs: config.COMMERCIAL_POSTING_INTERVAL_MS,
      run: () => postings.postOnce(),
      worthLogging: (r) => {
        const p = r as { posted: number; refused: number; retried: number };
        return p.posted + p.refused + p.retried > 0;
      },
    });
  const runner = startJobRunner(database, jobs, log);
  log.info({ jobs: jobs.map((j) => j.name) }, 'background jobs started');
  // The transport is closed with the container (app.ts), after the passes in flight.
  app.addHook('onClose', async () => runner.stop());
};
