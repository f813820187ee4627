import { AppError } from '@ov/domain';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateEvents } from '../../db/schema';

export interface RateRule {
  windowMs: number;
  max: number;
}

/** At most one mail a minute and five a day per address (verification resend, password recovery). */
export const MAIL_RATE: RateRule[] = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 24 * 3600_000, max: 5 },
];

/** Accounts created from one address: 20 an hour (a shared office or school network still fits). */
export const SIGNUP_IP_RATE: RateRule[] = [{ windowMs: 3600_000, max: 20 }];

/** A 429 that carries how long to wait; the routes copy it into `Retry-After`. */
export class ThrottledError extends AppError {
  constructor(
    public readonly retryAfterSeconds: number,
    reference = 429,
  ) {
    super('TOOMANYREQUESTSERROR', reference);
  }
}

/**
 * Counts an event for `key` unless a rule is exceeded; then throws ThrottledError with the seconds
 * until the oldest event of the violated window leaves it. Kept in PostgreSQL so every API process
 * shares the count.
 */
export async function takeRate(ex: Executor, key: string, rules: RateRule[]): Promise<void> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  await ex.delete(rateEvents).where(and(eq(rateEvents.key, key), lt(rateEvents.createdAt, ago(longest))));
  const events = await ex
    .select({ at: rateEvents.createdAt })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, ago(longest))))
    .orderBy(asc(rateEvents.createdAt));
  let wait = 0;
  const now = Date.now();
  for (const rule of rules) {
    const inWindow = events.filter((e) => e.at.getTime() > now - rule.windowMs);
    if (inWindow.length >= rule.max) {
      const freesAt = inWindow[inWindow.length - rule.max].at.getTime() + rule.windowMs;
      wait = Math.max(wait, freesAt - now);
    }
  }
  if (wait > 0) throw new ThrottledError(Math.max(1, Math.ceil(wait / 1000)));
  await ex.insert(rateEvents).values({ key, createdAt: new Date(now) });
}

export const ago = (ms: number) => new Date(Date.now() - ms);
