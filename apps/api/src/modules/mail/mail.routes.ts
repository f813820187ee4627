import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { MailService } from './mail.service';

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
 * The mail capability's routes: on a development machine without SMTP, the mailbox that lets a new
 * user follow a verification link.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService; config: Config }> = async (
  app,
  { mail, config },
) => {
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
      async (req) => mail.mailbox({ to: req.query.to || undefined }),
    );
  }
  // The outbox worker is a background job (src/jobs), run by processes with the `jobs` role.
};
