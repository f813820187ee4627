import type { MailRepository } from './mail.repository';
import type { MailTransport } from './transport';

export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const MINUTE = 60_000;
/** Wait before attempt n+1 after n failures: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h. */
export const BACKOFF_MS = [
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  120 * MINUTE,
  360 * MINUTE,
  720 * MINUTE,
  1440 * MINUTE,
];
export const MAX_ATTEMPTS = 8;
export function backoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1];
}

export interface DrainOptions {
  transport: MailTransport;
  logger?: MailLogger;
  batch?: number;
}

/**
 * Claims due mails (FOR UPDATE SKIP LOCKED, so several API processes never send one twice), then
 * sends each outside the claiming transaction and records the outcome.
 */
export async function drainOutbox(outbox: MailRepository, { transport, logger, batch = 20 }: DrainOptions) {
  const claimed = await outbox.claimDue(batch);
  const result = { sent: 0, retried: 0, failed: 0 };
  for (const mail of claimed) {
    try {
      await transport.send(mail);
      await outbox.markSent(mail.id);
      result.sent++;
      logger?.info({ mailId: mail.id, kind: mail.kind, transport: transport.name }, 'mail sent');
    } catch (err) {
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      const wait = backoffMs(mail.attempts);
      await outbox.markFailed(mail.id, {
        giveUp,
        error: message,
        nextAttemptAt: new Date(Date.now() + wait),
      });
      if (giveUp) result.failed++;
      else result.retried++;
      const meta = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: message };
      if (giveUp) logger?.error(meta, 'mail failed for good');
      else logger?.warn({ ...meta, retryInMs: wait }, 'mail failed, will retry');
    }
  }
  return result;
}
