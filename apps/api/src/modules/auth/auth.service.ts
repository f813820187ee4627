import { AppError, type ErrorName } from '@ov/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { DEFAULT_SPACE } from '../../db/seed';
import { burnPasswordTime, verifyPassword } from '../../lib/passwords';
import { writeTrace } from '../../lib/traces';
import { createUsersRepository } from '../users/users.repository';
import { createLoginThrottle } from './login-throttle';
import { revokeUserSessions } from './sessions';
import { hashToken, newRefreshToken, type TokenSigner } from './tokens';

const REFRESH_IDLE_MS = 7 * 24 * 3600 * 1000;
const REFRESH_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;

const STATUS_ERRORS: Record<string, [ErrorName, number]> = {
  UNVERIFIED: ['USERNOTVERIFIEDERROR', 491],
  LOCK: ['USERNOTLOCKERROR', 492],
};

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  space: string;
}

export function createAuthService({ db, signer }: { db: Db; signer: TokenSigner }) {
  const users = createUsersRepository(db);
  const throttle = createLoginThrottle(db);

  async function issue(userId: string, space: string, familyId: string, absoluteExpiresAt: Date) {
    const { token, hash } = newRefreshToken();
    const expiresAt = new Date(Math.min(Date.now() + REFRESH_IDLE_MS, absoluteExpiresAt.getTime()));
    await db
      .insert(refreshTokens)
      .values({ userId, familyId, tokenHash: hash, expiresAt, absoluteExpiresAt });
    return {
      accessToken: await signer.sign({ sub: userId, space, sid: familyId }),
      refreshToken: token,
      space,
    };
  }

  return {
    /**
     * Checks the password, then the status (told only to someone who knows the password). Failures
     * count per account and IP; over the limit the answer is 429 before any password is checked.
     */
    async signin(
      login: string,
      password: string,
      ip = 'unknown',
    ): Promise<SessionTokens & { userId: string }> {
      const user = await users.findByLogin(login);
      const account = user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`;
      const audit = (section: string, reason?: string) =>
        writeTrace(db, {
          space: user?.space ?? DEFAULT_SPACE,
          type: 'UPDATE',
          owner: user?.id ?? null,
          module: 'auth',
          section,
          entityId: user?.id ?? null,
          after: { ip, ...(reason ? { reason } : {}) },
        });
      try {
        await throttle.check(account, ip);
      } catch (err) {
        await audit('signin-throttled');
        throw err;
      }
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await burnPasswordTime(password).then(() => false);
      if (!user || !ok) {
        await throttle.fail(account, ip);
        await audit('signin-failed', user ? 'password' : 'unknown-account');
        throw new AppError('BADCREDENTIALSERROR', 490);
      }
      await throttle.succeed(account, ip);
      if (user.status !== 'ACTIVE') {
        await audit('signin-refused', user.status);
        const [name, reference] = STATUS_ERRORS[user.status] ?? ['BADCREDENTIALSERROR', 490];
        throw new AppError(name, reference);
      }
      const tokens = await this.startSession(user.id, user.space);
      await audit('signin');
      return { ...tokens, userId: user.id };
    },

    /** A new sign-in (token family) for a user whose identity was just proven. */
    async startSession(userId: string, space: string): Promise<SessionTokens> {
      return issue(userId, space, crypto.randomUUID(), new Date(Date.now() + REFRESH_ABSOLUTE_MS));
    },

    /** Ends every sign-in of the user; answers how many refresh tokens were revoked. */
    async signoutAll(userId: string) {
      return revokeUserSessions(db, userId);
    },

    /** Rotation: each refresh token works once; presenting a spent one revokes its whole sign-in. */
    async refresh(refresh: string, space: string): Promise<SessionTokens> {
      const hash = hashToken(refresh);
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
      if (!row) throw new AppError('AUTHENTICATIONERROR', 0);
      const user = await users.findById(space, row.userId);
      if (!user || user.space !== space) throw new AppError('AUTHENTICATIONERROR', 0);
      if (row.usedAt || row.revokedAt) {
        await this.revokeFamily(row.familyId);
        throw new AppError('AUTHENTICATIONERROR', 0);
      }
      if (row.expiresAt.getTime() <= Date.now() || user.status !== 'ACTIVE' || user.deletedAt) {
        throw new AppError('AUTHENTICATIONERROR', 0);
      }
      const spent = await db
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      if (!spent.length) {
        await this.revokeFamily(row.familyId);
        throw new AppError('AUTHENTICATIONERROR', 0);
      }
      return issue(user.id, user.space, row.familyId, row.absoluteExpiresAt);
    },

    async signout(refresh: string) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refresh)))
        .limit(1);
      if (row) await this.revokeFamily(row.familyId);
    },

    async revokeFamily(familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
