import { createHash } from 'node:crypto';
import { AppError, EMAIL_PATTERN, type ErrorName, USERNAME_PATTERN } from '@ov/domain';
import type { Executor } from '../../db/client';
import { DEFAULT_SPACE } from '../../db/seed';
import { burnPasswordTime, verifyPassword } from '../../lib/passwords';
import type { AuthRepository } from './auth.repository';
import { createDeviceTokens, type SignInThrottle } from './sign-in-throttle';
import { hashToken, newRefreshToken, type SecondFactorStage, type TokenSigner } from './tokens';

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

/** What a sign-in names: the login as typed is kept bounded in the security log. */
const LOGIN_LOGGED_MAX = 120;

/**
 * The sign-in name the security log may keep: an account's own e-mail or username, or a typed name of
 * that shape. Anything else (a password typed in the wrong box, a sentence) is never stored: the log
 * keeps an empty name, and the throttle's key for it is a hash.
 */
export function loggableLogin(login: string): string {
  const typed = login.trim();
  if (typed.length > LOGIN_LOGGED_MAX) return '';
  return EMAIL_PATTERN.test(typed) || USERNAME_PATTERN.test(typed) ? typed : '';
}

/** What sign-in needs to know of an account. */
interface SignInUser {
  id: string;
  space: string;
  passwordHash: string | null;
  status: string;
  deletedAt: Date | null;
}

/**
 * The accounts sign-in reads: the users repository, handed in by the container (auth does not
 * import users: users reaches auth through notifications, so imports keep one way).
 */
export interface SignInAccounts {
  /** A live user by e-mail or username (case-insensitive). */
  findByLogin(login: string): Promise<SignInUser | undefined>;
  findById(space: string, id: string): Promise<SignInUser | undefined>;
}

/**
 * What a sign-in still owes after the password (issue 30), decided by the factors module (handed in
 * by the container: factors builds on auth, not the other way round). Null: nothing, a whole sign-in.
 */
export type SecondFactorMethod = 'passkey' | 'totp' | 'recovery';

export interface SecondStepPolicy {
  stageFor(
    userId: string,
    rememberedBrowsers?: readonly string[],
  ): Promise<{ stage: SecondFactorStage; methods: SecondFactorMethod[] } | null>;
}

export function createAuthService({
  users,
  sessions,
  throttle,
  signer,
  deviceSecret,
  secondStep,
}: {
  users: SignInAccounts;
  /** Refresh tokens and the security log. */
  sessions: AuthRepository;
  throttle: SignInThrottle;
  signer: TokenSigner;
  deviceSecret: string;
  secondStep: SecondStepPolicy;
}) {
  const devices = createDeviceTokens(deviceSecret);

  async function issue(
    userId: string,
    space: string,
    familyId: string,
    absoluteExpiresAt: Date,
    stage: SecondFactorStage | null = null,
  ) {
    const { token, hash } = newRefreshToken();
    const expiresAt = new Date(Math.min(Date.now() + REFRESH_IDLE_MS, absoluteExpiresAt.getTime()));
    await sessions.insertRefreshToken({
      userId,
      familyId,
      tokenHash: hash,
      expiresAt,
      absoluteExpiresAt,
      secondFactor: stage,
    });
    return {
      accessToken: await signer.sign({ sub: userId, space, sid: familyId, ...(stage ? { stage } : {}) }),
      refreshToken: token,
      space,
    };
  }

  return {
    /**
     * Checks the password, then the status (told only to someone who knows the password). Attempts
     * are throttled per account (or per known device of it) and per address, see sign-in-throttle.ts;
     * every outcome goes to the security log. A successful sign-in hands out a device token that
     * gives this browser its own door next time.
     */
    async signin(
      login: string,
      password: string,
      ip = 'unknown',
      deviceTokens?: readonly string[],
      rememberedBrowsers?: readonly string[],
    ): Promise<
      SessionTokens & {
        userId: string;
        deviceToken: string;
        secondFactor?: { stage: SecondFactorStage; methods: SecondFactorMethod[] };
      }
    > {
      const user = await users.findByLogin(login);
      const shown = user ? login.trim().slice(0, LOGIN_LOGGED_MAX) : loggableLogin(login);
      const account = user
        ? user.id
        : `login:${shown ? shown.toLowerCase() : createHash('sha256').update(login.trim().toLowerCase()).digest('hex')}`;
      const device = user ? devices.deviceOf(user.id, deviceTokens) : null;
      const door = { account, device };
      const log = (event: string, result: 'ok' | 'refused', reason?: string) =>
        sessions.logSecurityEvent({
          space: user?.space ?? DEFAULT_SPACE,
          event,
          result,
          userId: user?.id ?? null,
          login: shown,
          ip,
          reason: reason ?? null,
        });
      try {
        await throttle.claim(door, ip);
      } catch (err) {
        await log('signin', 'refused', 'throttled');
        throw err;
      }
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await burnPasswordTime(password).then(() => false);
      if (!user || !ok) {
        await log('signin', 'refused', user ? 'password' : 'unknown-account');
        throw new AppError('BADCREDENTIALSERROR', 490);
      }
      await throttle.succeed(door, ip);
      if (user.status !== 'ACTIVE') {
        await log('signin', 'refused', `status:${user.status}`);
        const [name, reference] = STATUS_ERRORS[user.status] ?? ['BADCREDENTIALSERROR', 490];
        throw new AppError(name, reference);
      }
      // Staff owe a second factor (issue 30): the session starts limited to the second step.
      const owed = await secondStep.stageFor(user.id, rememberedBrowsers);
      const tokens = await this.startSession(user.id, user.space, owed?.stage ?? null);
      await log('signin', 'ok', owed ? `second-factor:${owed.stage}` : device ? 'known-device' : undefined);
      return {
        ...tokens,
        userId: user.id,
        deviceToken: devices.issue(user.id, device ?? undefined),
        ...(owed ? { secondFactor: owed } : {}),
      };
    },

    /**
     * A new sign-in (token family) for a user whose identity was just proven; `stage`: the second
     * factor it still owes (its tokens then reach only the second-step routes).
     */
    async startSession(
      userId: string,
      space: string,
      stage: SecondFactorStage | null = null,
    ): Promise<SessionTokens> {
      return issue(userId, space, crypto.randomUUID(), new Date(Date.now() + REFRESH_ABSOLUTE_MS), stage);
    },

    /**
     * The second step is done: the limited sign-in ends and a whole one starts (a new family, so no
     * token of the limited one reaches further than before).
     */
    async completeSecondStep(userId: string, space: string, limitedSessionId: string | undefined) {
      if (limitedSessionId) await sessions.revokeFamily(limitedSessionId);
      return this.startSession(userId, space);
    },

    /**
     * Ends every sign-in of the user; answers how many refresh tokens were revoked. `ex`: the caller's
     * transaction (a password change ends the sessions with it).
     */
    async signoutAll(userId: string, ex?: Executor) {
      return sessions.revokeUserSessions(userId, ex);
    },

    /** Rotation: each refresh token works once; presenting a spent one revokes its whole sign-in. */
    async refresh(refresh: string, space: string): Promise<SessionTokens> {
      const hash = hashToken(refresh);
      const row = await sessions.refreshTokenByHash(hash);
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
      if (!(await sessions.spendRefreshToken(row.id))) {
        await this.revokeFamily(row.familyId);
        throw new AppError('AUTHENTICATIONERROR', 0);
      }
      return issue(user.id, user.space, row.familyId, row.absoluteExpiresAt, row.secondFactor ?? null);
    },

    async signout(refresh: string) {
      const row = await sessions.refreshTokenByHash(hashToken(refresh));
      if (row) await this.revokeFamily(row.familyId);
    },

    async revokeFamily(familyId: string) {
      await sessions.revokeFamily(familyId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
