import type { FastifyPluginAsync } from 'fastify';
import { type Config, hasRole } from '../config';
import { type Database, LOCKS } from '../db/client';
import {
  createMailboxTransport,
  createSmtpTransport,
  drainOutboxOnce,
  type MailTransport,
} from '../modules/mail';
import { type Job, startJobRunner } from './runner';

/**
 * The background work of a process with the `jobs` role (PROCESS_ROLES; not under NODE_ENV=test,
 * where tests call each pass themselves): the mail outbox every MAIL_POLL_MS and payment
 * reconciliation and expiry every RECONCILE_INTERVAL_MS, each pass under its advisory lock.
 */
export const jobsPlugin: FastifyPluginAsync<{
  database: Database;
  config: Config;
  transport?: MailTransport;
}> = async (app, { database, config, transport }) => {
  if (config.NODE_ENV === 'test' || !hasRole(config, 'jobs')) return;
  const log = app.log.child({ module: 'jobs' });
  const mailLog = app.log.child({ module: 'mail' });
  const mail =
    transport ??
    (config.SMTP_URL
      ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
      : createMailboxTransport((msg, meta) => mailLog.debug(meta, msg)));
  const jobs: Job[] = [
    {
      name: 'mail-outbox',
      lock: LOCKS.mailOutbox,
      intervalMs: config.MAIL_POLL_MS,
      run: () => drainOutboxOnce({ db: database.db, transport: mail, logger: mailLog }),
    },
  ];
  const payments = app.payments;
  if (config.PAYMENTS_ENABLED && payments)
    jobs.push({
      name: 'payment-reconciliation',
      lock: LOCKS.paymentReconciliation,
      intervalMs: config.RECONCILE_INTERVAL_MS,
      run: () => payments.reconcileOnce(),
      worthLogging: (r) => Boolean((r as { checked?: number }).checked),
    });
  const runner = startJobRunner(database, jobs, log);
  log.info({ jobs: jobs.map((j) => j.name) }, 'background jobs started');
  app.addHook('onClose', async () => {
    await runner.stop();
    mail.close();
  });
};
