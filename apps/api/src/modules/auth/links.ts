import { randomBytes } from 'node:crypto';
import { AppError } from '@ov/domain';
import type { Executor } from '../../db/client';
import type { AccountTokenPurpose, AuthRepository } from './auth.repository';
import { hashToken } from './tokens';

export const LINK_TTL_MS: Record<AccountTokenPurpose, number> = {
  VERIFY_SIGNUP: 24 * 3600_000,
  VERIFY_EMAIL: 24 * 3600_000,
  RESET_PASSWORD: 3600_000,
};

/**
 * Single-use e-mailed links (sign-up verification, password recovery, e-mail change), used by the
 * account flows and by the users administration's e-mail change. Each call runs in the caller's
 * transaction (`ex`).
 */
export function createLinkTokens({ tokens }: { tokens: AuthRepository }) {
  return {
    /** A new single-use link token (32 random bytes); only its SHA-256 is stored. */
    async issue(
      ex: Executor,
      input: { userId: string; purpose: AccountTokenPurpose; email?: string },
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await tokens.insertLinkToken(
        {
          userId: input.userId,
          purpose: input.purpose,
          tokenHash: hashToken(token),
          email: input.email ?? null,
          expiresAt: new Date(Date.now() + LINK_TTL_MS[input.purpose]),
        },
        ex,
      );
      return token;
    },

    /**
     * Spends a link token: unknown or already used → 470, expired → 471. The other open links of the
     * same user and purpose are spent with it, so an older e-mail cannot be replayed afterwards.
     */
    async consume(ex: Executor, token: string, purpose: AccountTokenPurpose) {
      const row = await tokens.linkTokenByHash(hashToken(token), purpose, ex);
      if (!row || row.usedAt) throw new AppError('BADREQUESTERROR', 470);
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError('BADREQUESTERROR', 471);
      // spent by a concurrent request
      if (!(await tokens.spendLinkToken(row.id, ex))) throw new AppError('BADREQUESTERROR', 470);
      await tokens.spendOtherLinkTokens(row.userId, purpose, row.id, ex);
      return row;
    },
  };
}
export type LinkTokens = ReturnType<typeof createLinkTokens>;
