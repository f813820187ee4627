import { AppError } from '@ov/domain';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client';
import { rateEvents } from '../db/schema';

export interface RateRule {
  windowMs: number;
  max: number;
}

/** At most one mail a minute and five a day per address (verification resend, password recovery). */
export const MAIL_RATE: RateRule[] = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 24 * 3600_000, max: 5 },
];

/**
 * Wrong ownership proofs (associate-cc) per customer: 5 in 15 minutes, then refused for the rest of
 * the window, so contract and invoice numbers cannot be guessed by brute force.
 */
export const OWNERSHIP_PROOF_RATE: RateRule[] = [{ windowMs: 15 * 60_000, max: 5 }];

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
 * Throws ThrottledError, with the seconds until the oldest event of the violated window leaves it,
 * when `key` already has as many events as a rule allows. Counts nothing.
 */
export async function checkRate(ex: Executor, key: string, rules: RateRule[]): Promise<void> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
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
}

/** Counts one event for `key`, forgetting its events older than every rule's window. */
export async function countRate(ex: Executor, key: string, rules: RateRule[]): Promise<void> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  await ex.delete(rateEvents).where(and(eq(rateEvents.key, key), lt(rateEvents.createdAt, ago(longest))));
  await ex.insert(rateEvents).values({ key, createdAt: new Date() });
}

/**
 * Counts an event for `key` unless a rule is exceeded (then ThrottledError). Kept in PostgreSQL so
 * every API process shares the count.
 */
export async function takeRate(ex: Executor, key: string, rules: RateRule[]): Promise<void> {
  await checkRate(ex, key, rules);
  await countRate(ex, key, rules);
}

/** A throttled call answers 429 with `Retry-After` in seconds. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

export const ago = (ms: number) => new Date(Date.now() - ms);
