import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  type AccountTokenPurpose,
  accountTokens,
  refreshTokens,
  rememberedBrowsers,
  securityEvents,
  users,
} from '../../db/schema';

export type { AccountTokenPurpose };
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewSecurityEvent = typeof securityEvents.$inferInsert;

/** All the SQL of sign-in: refresh tokens (sessions), e-mailed link tokens and the security log. */
export function createAuthRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    // ---- refresh tokens (one family per sign-in) ----

    async insertRefreshToken(
      values: {
        userId: string;
        familyId: string;
        tokenHash: string;
        expiresAt: Date;
        absoluteExpiresAt: Date;
        secondFactor?: 'verify' | 'enrol' | null;
      },
      ex: Executor = db,
    ) {
      await ex.insert(refreshTokens).values(values);
    },

    async refreshTokenByHash(tokenHash: string, ex: Executor = db): Promise<RefreshTokenRow | undefined> {
      const [row] = await ex
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Spends a live refresh token; false when it was spent or revoked meanwhile. */
    async spendRefreshToken(id: string, ex: Executor = db): Promise<boolean> {
      const spent = await ex
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return spent.length > 0;
    },

    async revokeFamily(familyId: string, ex: Executor = db) {
      await ex
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /**
     * Ends every sign-in of a user, and forgets the browsers remembered for the second factor (issue
     * 30); answers how many refresh tokens were revoked.
     */
    async revokeUserSessions(userId: string, ex: Executor = db): Promise<number> {
      await ex.update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, userId));
      await ex
        .update(rememberedBrowsers)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(rememberedBrowsers.userId, userId), isNull(rememberedBrowsers.revokedAt)));
      const rows = await ex
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length;
    },

    // ---- the security log ----

    async logSecurityEvent(values: NewSecurityEvent, ex: Executor = db) {
      await ex.insert(securityEvents).values(values);
    },

    // ---- single-use e-mailed links (only their hash is stored) ----

    async insertLinkToken(
      values: {
        userId: string;
        purpose: AccountTokenPurpose;
        tokenHash: string;
        email: string | null;
        expiresAt: Date;
      },
      ex: Executor = db,
    ) {
      await ex.insert(accountTokens).values(values);
    },

    async linkTokenByHash(tokenHash: string, purpose: AccountTokenPurpose, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
        .limit(1);
      return row;
    },

    /** Spends a link token; false when a concurrent request spent it first. */
    async spendLinkToken(id: string, ex: Executor = db): Promise<boolean> {
      const spent = await ex
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
        .returning({ id: accountTokens.id });
      return spent.length > 0;
    },

    /** Spends the user's other open links of the same purpose. */
    async spendOtherLinkTokens(
      userId: string,
      purpose: AccountTokenPurpose,
      exceptId: string,
      ex: Executor = db,
    ) {
      await ex
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            ne(accountTokens.id, exceptId),
          ),
        );
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
