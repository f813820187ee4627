import { randomBytes } from 'node:crypto';
import { AppError } from '@ov/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AccountTokenPurpose, accountTokens } from '../../db/schema';
import { hashToken } from '../auth';

export const LINK_TTL_MS: Record<AccountTokenPurpose, number> = {
  VERIFY_SIGNUP: 24 * 3600_000,
  VERIFY_EMAIL: 24 * 3600_000,
  RESET_PASSWORD: 3600_000,
};

/** A new single-use link token (32 random bytes); only its SHA-256 is stored. */
export async function issueLinkToken(
  ex: Executor,
  input: { userId: string; purpose: AccountTokenPurpose; email?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ex.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    email: input.email ?? null,
    expiresAt: new Date(Date.now() + LINK_TTL_MS[input.purpose]),
  });
  return token;
}

/**
 * Spends a link token: unknown or already used → 470, expired → 471. The other open links of the same
 * user and purpose are spent with it, so an older e-mail cannot be replayed afterwards.
 */
export async function consumeLinkToken(ex: Executor, token: string, purpose: AccountTokenPurpose) {
  const [row] = await ex
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt) throw new AppError('BADREQUESTERROR', 470);
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('BADREQUESTERROR', 471);
  const spent = await ex
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.id, row.id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  if (!spent.length) throw new AppError('BADREQUESTERROR', 470); // spent by a concurrent request
  await ex
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, row.userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        ne(accountTokens.id, row.id),
      ),
    );
  return row;
}
