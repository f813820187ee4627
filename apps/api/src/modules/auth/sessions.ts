import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';

/** Ends every sign-in of a user (password change or reset, "sign out everywhere"). */
export async function revokeUserSessions(ex: Executor, userId: string): Promise<number> {
  await ex.update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, userId));
  const rows = await ex
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}
