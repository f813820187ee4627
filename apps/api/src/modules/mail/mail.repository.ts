import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
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

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  status: string;
  createdAt: string;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A claimed mail is invisible to other workers for this long (a crashed worker's mail comes back). */
const LEASE = sql`interval '10 minutes'`;

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

/**
 * Queues a mail with the executor of the caller's transaction (other modules' changes, through
 * `enqueueMail`): the mail is sent if and only if the change is committed.
 */
export async function insertMail(ex: Executor, mail: OutgoingMail): Promise<void> {
  await insertOf(ex, pendingMail(mail));
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

/** The mail outbox: mails queued with the changes they talk about, claimed and delivered by the worker. */
export function createMailRepository(db: Db) {
  return {
    enqueue: (mail: OutgoingMail, ex: Executor = db) => insertMail(ex, mail),

    mailbox: (opts: { to?: string; limit?: number } = {}, ex: Executor = db) => listMailbox(ex, opts),

    /**
     * Claims up to `batch` due mails (FOR UPDATE SKIP LOCKED, so several processes never claim one
     * twice): one attempt more, and out of sight for the lease.
     */
    claimDue(batch: number, ex: Executor = db): Promise<OutboxRow[]> {
      const due = ex
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      return ex
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${LEASE}` })
        .where(inArray(mailOutbox.id, due))
        .returning();
    },

    async markSent(id: number, ex: Executor = db) {
      await ex
        .update(mailOutbox)
        .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    /** A failed attempt: tried again at `nextAttemptAt`, or FAILED for good. */
    async markFailed(
      id: number,
      outcome: { giveUp: boolean; error: string; nextAttemptAt: Date },
      ex: Executor = db,
    ) {
      await ex
        .update(mailOutbox)
        .set({
          status: outcome.giveUp ? 'FAILED' : 'PENDING',
          lastError: outcome.error,
          nextAttemptAt: outcome.nextAttemptAt,
        })
        .where(eq(mailOutbox.id, id));
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
