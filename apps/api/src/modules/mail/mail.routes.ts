import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { listMailbox } from './outbox';
import { createMailboxTransport, createSmtpTransport, type MailTransport } from './transport';
import { startMailWorker } from './worker';

const mailboxEntrySchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** Whether `GET /api/dev/mailbox` exists: only without SMTP and outside production. */
export const devMailboxEnabled = (config: Pick<Config, 'SMTP_URL' | 'NODE_ENV'>) =>
  !config.SMTP_URL && config.NODE_ENV !== 'production';

/**
 * The mail capability: the outbox worker (not under tests, which call drainOutboxOnce) and, on a
 * development machine without SMTP, the mailbox that lets a new user follow a verification link.
 */
export const mailRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  transport?: MailTransport;
}> = async (app, { db, config, transport }) => {
  if (devMailboxEnabled(config)) {
    app.get(
      '/api/dev/mailbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['dev'],
          summary: 'Development only (no SMTP_URL): the mails the product sent, newest first',
          querystring: z.object({ to: z.string().trim().max(320).optional() }),
          response: { 200: z.array(mailboxEntrySchema) },
        },
      },
      async (req) => listMailbox(db, { to: req.query.to || undefined }),
    );
  }

  if (config.NODE_ENV !== 'test') {
    const log = app.log.child({ module: 'mail' });
    const chosen =
      transport ??
      (config.SMTP_URL
        ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
        : createMailboxTransport((msg, meta) => log.debug(meta, msg)));
    const worker = startMailWorker({ db, transport: chosen, logger: log, intervalMs: config.MAIL_POLL_MS });
    app.addHook('onClose', () => worker.stop());
  }
};
