import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { insertOf, type PendingInsert, pendingInsert } from '../../lib/batch';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is about, e.g. 'verify-signup'; for logs and the dev mailbox. */
  kind?: string;
}

/**
 * Queues a mail. Call it with the transaction that makes the change the mail talks about, so the
 * mail is sent if and only if the change is committed. The mail worker delivers it later.
 */
export async function enqueueMail(ex: Executor, mail: OutgoingMail): Promise<void> {
  await mailInsert(ex, mail);
}

/** The outbox INSERT, not yet run (to batch it with others, see lib/batch.ts). */
export function mailInsert(ex: Executor, mail: OutgoingMail) {
  return insertOf(ex, pendingMail(mail));
}

/** The e-mail as a pending row of the outbox (lib/batch.ts). */
export function pendingMail(mail: OutgoingMail): PendingInsert {
  return pendingInsert(mailOutbox, {
    to: mail.to.trim(),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    kind: mail.kind ?? 'generic',
  });
}

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  status: string;
  createdAt: string;
}

/** The development mailbox: what was (or would have been) sent, newest first. */
export async function listMailbox(ex: Executor, opts: { to?: string; limit?: number } = {}) {
  const rows = await ex
    .select()
    .from(mailOutbox)
    .where(opts.to ? and(eq(sql`lower(${mailOutbox.to})`, opts.to.trim().toLowerCase())) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(opts.limit ?? 200);
  return rows.map(
    (r): MailboxEntry => ({
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      kind: r.kind,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    }),
  );
}
