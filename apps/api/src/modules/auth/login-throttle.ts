import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { ThrottledError } from '../../lib/throttle';

/** More than 10 failed sign-ins for one account from one IP within 15 minutes → 429. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 10;

const since = () => new Date(Date.now() - LOGIN_WINDOW_MS);

/**
 * Keyed by account and IP, so someone guessing from elsewhere cannot lock the customer out; stored in
 * PostgreSQL so every API process sees the same count.
 */
export function createLoginThrottle(db: Executor) {
  return {
    /** Throws ThrottledError (TOOMANYREQUESTSERROR 490) with the seconds to wait when over the limit. */
    async check(account: string, ip: string) {
      const rows = await db
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.account, account),
            eq(loginAttempts.ip, ip),
            gt(loginAttempts.createdAt, since()),
          ),
        )
        .orderBy(asc(loginAttempts.createdAt));
      if (rows.length < LOGIN_MAX_FAILURES) return;
      const freesAt = rows[rows.length - LOGIN_MAX_FAILURES].at.getTime() + LOGIN_WINDOW_MS;
      throw new ThrottledError(Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)), 490);
    },
    async fail(account: string, ip: string) {
      await db
        .delete(loginAttempts)
        .where(
          and(
            eq(loginAttempts.account, account),
            eq(loginAttempts.ip, ip),
            lt(loginAttempts.createdAt, since()),
          ),
        );
      await db.insert(loginAttempts).values({ account, ip, createdAt: new Date() });
    },
    async succeed(account: string, ip: string) {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.account, account), eq(loginAttempts.ip, ip)));
    },
  };
}
