import type { Executor } from '../../db/client';
import { insertMail, type OutgoingMail } from './mail.repository';

export {
  listMailbox,
  type MailboxEntry,
  type OutgoingMail,
  pendingMail,
} from './mail.repository';

/**
 * Queues a mail. Call it with the transaction that makes the change the mail talks about, so the
 * mail is sent if and only if the change is committed. The mail worker delivers it later.
 */
export async function enqueueMail(ex: Executor, mail: OutgoingMail): Promise<void> {
  await insertMail(ex, mail);
}
