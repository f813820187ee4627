import type { MailRepository } from './mail.repository';
import { type DrainOptions, drainOutbox } from './worker';

/** The mail capability: the outbox's delivery passes and the development mailbox. */
export function createMailService({ outbox }: { outbox: MailRepository }) {
  return {
    /** The development mailbox: what was (or would have been) sent, newest first (`to`: one address). */
    mailbox: (opts: { to?: string; limit?: number } = {}) => outbox.mailbox(opts),
    /** One delivery pass over the due mails (see `drainOutbox`). */
    drainOnce: (options: DrainOptions) => drainOutbox(outbox, options),
  };
}
export type MailService = ReturnType<typeof createMailService>;
