import { AppError } from '@ov/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client';

/**
 * The one rate limiter of the API. Every limit is a row of `rate_limits` (key + window) moved by a
 * single atomic upsert, so parallel requests cannot slip past a limit (no check-then-insert) and every
 * API process shares the count through PostgreSQL. Limits are chosen so that a stranger's requests
 * never lock the real user out: what a stranger can exhaust is counted per stranger (their address)
 * or dropped silently, and the owner's own path has its own bucket (see auth/sign-in-throttle.ts).
 */
export interface RateRule {
  windowMs: number;
  max: number;
}

/** At most one mail a minute and five a day per address and kind (verification, recovery). */
export const MAIL_RATE: RateRule[] = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 24 * 3600_000, max: 5 },
];

/** Mail requests (recovery, verification) from one network address: 20 an hour, answered 429. */
export const MAIL_IP_RATE: RateRule[] = [{ windowMs: 3600_000, max: 20 }];

/**
 * Wrong ownership proofs (associate-cc) per customer: 5 in 15 minutes, then refused for the rest of
 * the window, so contract and invoice numbers cannot be guessed by brute force.
 */
export const OWNERSHIP_PROOF_RATE: RateRule[] = [{ windowMs: 15 * 60_000, max: 5 }];

/**
 * Client codes checked per customer (validate-ccs): 30 codes in 15 minutes, unknown ones 10, so the
 * code space cannot be enumerated while a customer with several supplies still adds them all.
 */
export const CODE_CHECK_RATE: RateRule[] = [{ windowMs: 15 * 60_000, max: 30 }];
export const UNKNOWN_CODE_RATE: RateRule[] = [{ windowMs: 15 * 60_000, max: 10 }];

/** Accounts created from one address: 20 an hour (a shared office or school network still fits). */
export const SIGNUP_IP_RATE: RateRule[] = [{ windowMs: 3600_000, max: 20 }];

/** Image uploads per user: 20 in 10 minutes (each is re-encoded, which costs memory and CPU). */
export const UPLOAD_RATE: RateRule[] = [{ windowMs: 10 * 60_000, max: 20 }];

/** A 429 that carries how long to wait; `Retry-After` is set from it in plugins/errors.ts only. */
export class ThrottledError extends AppError {
  constructor(
    public readonly retryAfterSeconds: number,
    reference = 429,
  ) {
    super('TOOMANYREQUESTSERROR', reference);
  }
}

/** The rows of a raw statement on either driver (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const keyOf = (key: string, rule: RateRule) => `${key}@${rule.windowMs}`;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one hit of `key` in each rule's fixed window and answers, per rule, whether it still fits
 * and how long until its window ends. One statement per rule; the row lock of ON CONFLICT serialises
 * concurrent hits of the same key.
 */
async function hit(ex: Executor, key: string, rules: RateRule[]) {
  const out: { fits: boolean; waitMs: number }[] = [];
  for (const rule of rules) {
    const [row] = await rowsOf<{ hits: number; wait_ms: string | number }>(
      ex,
      sql`
      insert into rate_limits as r (key, hits, window_ends)
      values (${keyOf(key, rule)}, 1, now() + ${rule.windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
        window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
      returning hits, extract(epoch from (window_ends - now())) * 1000 as wait_ms`,
    );
    out.push({ fits: Number(row.hits) <= rule.max, waitMs: Number(row.wait_ms) });
  }
  // A refused hit is not counted: the excess neither extends a limit nor uses up a longer window.
  if (out.some((r) => !r.fits)) await refund(ex, key, rules);
  if (Math.random() < 0.01) await sweep(ex);
  return out;
}

/** Forgets windows that ended more than an hour ago (a bounded batch, now and then). */
async function sweep(ex: Executor) {
  await ex.execute(sql`
    delete from rate_limits where key in (
      select key from rate_limits
      where window_ends < now() - interval '1 hour'
        and (blocked_until is null or blocked_until < now() - interval '1 hour')
      limit 1000)`);
}

/** Counts a hit; over any rule it throws ThrottledError with the seconds until that window ends. */
export async function consume(ex: Executor, key: string, rules: RateRule[], reference = 429) {
  const over = (await hit(ex, key, rules)).filter((r) => !r.fits);
  if (over.length) throw new ThrottledError(seconds(Math.max(...over.map((r) => r.waitMs))), reference);
}

/** Counts a hit and answers whether it fitted, for limits whose excess is dropped silently. */
export async function tryConsume(ex: Executor, key: string, rules: RateRule[]): Promise<boolean> {
  return (await hit(ex, key, rules)).every((r) => r.fits);
}

/**
 * Gives back a hit counted by `consume`: limits on failures (wrong proofs, unknown codes) count every
 * attempt up front, so parallel attempts cannot pass together, and refund the ones that succeeded.
 */
export async function refund(ex: Executor, key: string, rules: RateRule[]) {
  await ex.execute(sql`
    update rate_limits set hits = greatest(hits - 1, 0)
    where key in (${sql.join(
      rules.map((rule) => sql`${keyOf(key, rule)}`),
      sql`, `,
    )}) and window_ends > now()`);
}

/** Backoff of attempts at one door (sign-in of one account): free tries, then a doubling delay. */
export interface BackoffRule {
  windowMs: number;
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Claims one attempt at `key`: refused (ThrottledError) while the delay earned by the previous
 * attempts runs; otherwise counted, and the next attempt must wait `base · 2^(attempts − free)`
 * (capped). A single conditional upsert, so two parallel attempts cannot both pass. `clear` after a
 * success forgets the attempts.
 */
export async function claimAttempt(ex: Executor, key: string, rule: BackoffRule, reference = 429) {
  const delay = (hits: ReturnType<typeof sql>) =>
    sql`case when ${hits} < ${rule.free} then null else now() + least(${rule.maxDelayMs}::float8,
      ${rule.baseDelayMs}::float8 * power(2::float8, (${hits} - ${rule.free})::float8)) * interval '1 millisecond' end`;
  const fresh = sql`r.window_ends <= now()`;
  const claimed = await rowsOf<{ hits: number }>(
    ex,
    sql`
    insert into rate_limits as r (key, hits, window_ends, blocked_until)
    values (${key}, 1, now() + ${rule.windowMs} * interval '1 millisecond', ${delay(sql`1`)})
    on conflict (key) do update set
      hits = case when ${fresh} then 1 else r.hits + 1 end,
      window_ends = case when ${fresh} then excluded.window_ends
        else greatest(r.window_ends, now() + ${rule.windowMs} * interval '1 millisecond') end,
      blocked_until = case when ${fresh} then excluded.blocked_until else ${delay(sql`(r.hits + 1)`)} end
    where ${fresh} or r.blocked_until is null or r.blocked_until <= now()
    returning hits`,
  );
  if (claimed.length) return;
  const [wait] = await rowsOf<{ wait_ms: string | number }>(
    ex,
    sql`select extract(epoch from (blocked_until - now())) * 1000 as wait_ms from rate_limits where key = ${key}`,
  );
  throw new ThrottledError(seconds(Number(wait?.wait_ms ?? 1000)), reference);
}

/** Forgets the attempts at `key` (after a successful sign-in). */
export async function clearAttempts(ex: Executor, key: string) {
  await ex.execute(sql`delete from rate_limits where key = ${key}`);
}

/** The `Retry-After` of a throttled answer, set by the error handler (the one place). */
export function setRetryAfter(reply: FastifyReply, err: unknown) {
  if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
}
