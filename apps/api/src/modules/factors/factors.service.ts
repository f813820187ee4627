import { randomBytes, randomInt } from 'node:crypto';
import { AppError } from '@ov/domain';
import { Secret, TOTP } from 'otpauth';
import type { Principal } from '../../core/principal';
import { writeTrace } from '../../lib/traces';
import type { AuthRepository, AuthService, SessionTokens, SignInThrottle } from '../auth';
import type { SecretBox } from './factors.crypto';
import { mailFactorsReset } from './factors.mail';
import type { PasskeyCeremonies } from './factors.passkeys';
import { hashSecret, methodsOf } from './factors.policy';
import type { FactorsRepository } from './factors.repository';

export const RECOVERY_CODE_COUNT = 10;
const REMEMBER_MS = 30 * 24 * 3600 * 1000;
const TOTP_PERIOD = 30;
/** A code of the previous or the next 30-second step is accepted too (clocks drift). */
const TOTP_WINDOW = 1;
const ISSUER = 'Aguas de La Habana';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface RememberInput {
  /** The name the person gives this browser ("Portátil de la oficina"). */
  name: string;
}

export type SecondStepInput =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'passkey'; challengeId: string; response: unknown };

/** A whole session handed out when the second step is done, and this browser's token if remembered. */
export interface SecondStepDone extends SessionTokens {
  rememberToken?: string;
}

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** The 30-second step a code belongs to, or null when it matches none within the window. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const recoveryHash = (userId: string, code: string) => hashSecret(`${userId}:${normalizeRecovery(code)}`);

function newRecoveryCode() {
  let raw = '';
  for (let i = 0; i < 10; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export function createFactorsService({
  factors,
  auth,
  sessions,
  throttle,
  passkeys,
  staffSecondFactor,
  secrets,
}: {
  factors: FactorsRepository;
  auth: AuthService;
  /** The security log (auth's repository). */
  sessions: AuthRepository;
  /** The sign-in throttle: the second step draws on the same budget as the password. */
  throttle: SignInThrottle;
  passkeys: PasskeyCeremonies;
  staffSecondFactor: boolean;
  /** Seals authenticator-app secrets at rest (FACTORS_ENCRYPTION_KEY). */
  secrets: SecretBox;
}) {
  const log = (p: { space: string; userId: string }, ip: string, result: 'ok' | 'refused', reason: string) =>
    sessions.logSecurityEvent({
      space: p.space,
      event: 'second-factor',
      result,
      userId: p.userId,
      login: '',
      ip,
      reason,
    });

  /** One attempt at the second step, throttled per account and per address like a password. */
  async function attempt<T>(p: Principal, ip: string, method: string, work: () => Promise<T | null>) {
    const door = { account: `second-factor:${p.userId}`, device: null };
    try {
      await throttle.claim(door, ip);
    } catch (err) {
      await log(p, ip, 'refused', 'throttled');
      throw err;
    }
    const result = await work();
    if (result === null) {
      await log(p, ip, 'refused', method);
      return null;
    }
    await throttle.succeed(door, ip);
    await log(p, ip, 'ok', method);
    return result;
  }

  /**
   * The app's secret of a stored row, or null when it does not open. A row kept in plain text before
   * secrets were sealed still works, and is sealed on the way (only if nobody changed it meanwhile).
   */
  async function secretOf(userId: string, stored: string) {
    const opened = secrets.open(userId, stored);
    if (opened?.legacy) await factors.resealTotp(userId, stored, secrets.seal(userId, opened.secret));
    return opened?.secret ?? null;
  }

  /** The code's 30-second step against the person's stored secret (null: no match, or unreadable). */
  async function stepOf(userId: string, stored: string, code: string) {
    const secret = await secretOf(userId, stored);
    return secret === null ? null : totpStep(secret, code);
  }

  async function newRecoveryCodes(userId: string) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await factors.replaceRecoveryCodes(
      userId,
      codes.map((c) => recoveryHash(userId, c)),
    );
    return codes;
  }

  /** When the caller's sign-in was limited to the second step: the whole session that replaces it. */
  async function finish(p: Principal, remember?: RememberInput): Promise<SecondStepDone | undefined> {
    if (!p.secondFactor) return undefined;
    const tokens = await auth.completeSecondStep(p.userId, p.space, p.sessionId);
    if (!remember) return tokens;
    const rememberToken = randomBytes(32).toString('base64url');
    await factors.rememberBrowser({
      userId: p.userId,
      tokenHash: hashSecret(rememberToken),
      name: remember.name.trim(),
      expiresAt: new Date(Date.now() + REMEMBER_MS),
    });
    return { ...tokens, rememberToken };
  }

  /** Staff with STAFF_SECOND_FACTOR on keep at least one factor (615). */
  async function assertMayRemove(p: Principal, removing: 'totp' | 'passkey') {
    if (!staffSecondFactor || !(await factors.isStaff(p.userId))) return;
    const methods = await methodsOf(factors, p.userId);
    const keys = (await factors.passkeysOf(p.userId)).length;
    const left = removing === 'totp' ? keys : (methods.includes('totp') ? 1 : 0) + Math.max(0, keys - 1);
    if (left < 1) throw new AppError('BADREQUESTERROR', 615);
  }

  /** Only a super-administrator touches another person's factors (452), in their own space (415). */
  async function assertMayReset(actor: Principal, userId: string) {
    if (!actor.isSuperAdmin) throw new AppError('BADREQUESTERROR', 452);
    const person = await factors.person(userId);
    if (!person || person.deletedAt || person.space !== actor.space) throw new AppError('NOTFOUND', 415);
    return person;
  }

  return {
    /** The caller's factors as the profile's Security section and the second-step page show them. */
    async status(p: Principal) {
      const [totp, keys, codesLeft, browsers, staff] = await Promise.all([
        factors.totp(p.userId),
        factors.passkeysOf(p.userId),
        factors.recoveryCodesLeft(p.userId),
        factors.rememberedBrowsersOf(p.userId),
        factors.isStaff(p.userId),
      ]);
      return {
        required: staffSecondFactor && staff,
        stage: p.secondFactor ?? null,
        totp: Boolean(totp?.confirmedAt),
        recoveryCodesLeft: totp?.confirmedAt ? codesLeft : 0,
        passkeys: keys.map((k) => ({
          id: k.id,
          name: k.name,
          createdAt: k.createdAt.toISOString(),
          lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        })),
        rememberedBrowsers: browsers.map((b) => ({
          id: b.id,
          name: b.name,
          createdAt: b.createdAt.toISOString(),
          expiresAt: b.expiresAt.toISOString(),
        })),
      };
    },

    /** A new authenticator-app secret, shown once as text and as an otpauth:// address (QR). */
    async startTotp(p: Principal) {
      const existing = await factors.totp(p.userId);
      if (existing?.confirmedAt) throw new AppError('BADREQUESTERROR', 614);
      const person = await factors.person(p.userId);
      const secret = new Secret({ size: 20 }).base32;
      await factors.startTotp(p.userId, secrets.seal(p.userId, secret));
      return { secret, uri: totpOf(secret, person?.email ?? '').toString() };
    },

    /**
     * The first code proves the app is set up: answers the ten recovery codes (shown once) and, when
     * the sign-in was waiting for it, the whole session.
     */
    async confirmTotp(p: Principal, code: string, ip: string, remember?: RememberInput) {
      const done = await attempt(p, ip, 'totp-setup', async () => {
        const row = await factors.totp(p.userId);
        if (!row) throw new AppError('BADREQUESTERROR', 616);
        if (row.confirmedAt) throw new AppError('BADREQUESTERROR', 614);
        const step = await stepOf(p.userId, row.secret, code);
        if (step === null || !(await factors.acceptTotpStep(p.userId, step, true))) return null;
        return true;
      });
      if (!done) throw new AppError('BADREQUESTERROR', 612);
      const recoveryCodes = await newRecoveryCodes(p.userId);
      const session = await finish(p, remember);
      return { recoveryCodes, ...(session ? { session } : {}) };
    },

    async removeTotp(p: Principal) {
      await assertMayRemove(p, 'totp');
      await factors.removeTotp(p.userId);
    },

    /** Ten new recovery codes (the old ones stop working). */
    async regenerateRecoveryCodes(p: Principal) {
      const row = await factors.totp(p.userId);
      if (!row?.confirmedAt) throw new AppError('BADREQUESTERROR', 616);
      return { recoveryCodes: await newRecoveryCodes(p.userId) };
    },

    /** Options for the passkey the caller will present at the second step. */
    async secondStepPasskeyOptions(p: Principal) {
      return passkeys.authenticationOptions(p.userId);
    },

    /** The second step: a code of the app, a recovery code (once) or a passkey. */
    async verify(p: Principal, input: SecondStepInput, ip: string, remember?: RememberInput) {
      if (p.secondFactor !== 'verify') throw new AppError('BADREQUESTERROR', 616);
      const ok = await attempt(p, ip, input.method, async () => {
        if (input.method === 'totp') {
          const row = await factors.totp(p.userId);
          if (!row?.confirmedAt) return null;
          const step = await stepOf(p.userId, row.secret, input.code);
          return step !== null && (await factors.acceptTotpStep(p.userId, step, false)) ? true : null;
        }
        if (input.method === 'recovery') {
          const row = await factors.totp(p.userId);
          if (!row?.confirmedAt) return null;
          return (await factors.spendRecoveryCode(p.userId, recoveryHash(p.userId, input.code)))
            ? true
            : null;
        }
        const who = await passkeys.authenticate(input.challengeId, input.response, p.userId);
        return who === p.userId ? true : null;
      });
      if (!ok) throw new AppError('BADREQUESTERROR', input.method === 'passkey' ? 613 : 612);
      return (await finish(p, remember))!;
    },

    /** Registration options for a new passkey of the caller. */
    async passkeyRegistrationOptions(p: Principal) {
      return passkeys.registrationOptions(p.userId);
    },

    /** Keeps the caller's new passkey; a sign-in waiting for a factor to be set up becomes whole. */
    async registerPasskey(
      p: Principal,
      input: { challengeId: string; response: unknown; name: string },
      remember?: RememberInput,
    ) {
      const passkey = await passkeys.register(p.userId, input.challengeId, input.response, input.name);
      const session = p.secondFactor === 'enrol' ? await finish(p, remember) : undefined;
      return { passkey, ...(session ? { session } : {}) };
    },

    async removePasskey(p: Principal, id: string) {
      const keys = await factors.passkeysOf(p.userId);
      if (!keys.some((k) => k.id === id)) throw new AppError('BADREQUESTERROR', 617);
      await assertMayRemove(p, 'passkey');
      await factors.removePasskey(p.userId, id);
    },

    /** Options for signing in with a passkey instead of a password (any account). */
    async passkeySignInOptions(ip: string) {
      await throttle.startPasskey(ip);
      return passkeys.authenticationOptions(null);
    },

    /**
     * Sign-in with a passkey: the passkey (something held, unlocked by the person) is a whole sign-in
     * on its own, for staff too. Throttled like a password sign-in, on the account's door.
     */
    async passkeySignIn(input: { challengeId: string; response: unknown }, ip: string) {
      const credentialId = passkeys.credentialIdOf(input.response);
      const owner = credentialId ? await factors.passkeyByCredential(credentialId) : undefined;
      const door = { account: owner?.userId ?? `passkey:${hashSecret(credentialId ?? '')}`, device: null };
      const person = owner ? await factors.person(owner.userId) : undefined;
      const space = person?.space ?? 'ahab';
      await throttle.claim(door, ip).catch(async (err) => {
        if (person) await log({ space, userId: person.id }, ip, 'refused', 'passkey-throttled');
        throw err;
      });
      const userId = owner ? await passkeys.authenticate(input.challengeId, input.response, null) : null;
      if (!person || !userId || userId !== person.id || person.deletedAt) {
        if (person) await log({ space, userId: person.id }, ip, 'refused', 'passkey');
        throw new AppError('BADREQUESTERROR', 613);
      }
      await throttle.succeed(door, ip);
      if (person.status !== 'ACTIVE') {
        await log({ space, userId: person.id }, ip, 'refused', `status:${person.status}`);
        throw person.status === 'LOCK'
          ? new AppError('USERNOTLOCKERROR', 492)
          : new AppError('BADREQUESTERROR', 613);
      }
      await sessions.logSecurityEvent({
        space,
        event: 'signin',
        result: 'ok',
        userId: person.id,
        login: person.email,
        ip,
        reason: 'passkey',
      });
      return auth.startSession(person.id, person.space);
    },

    /** Forgets every browser remembered for the second factor. */
    async forgetBrowsers(p: Principal) {
      await factors.forgetBrowsers(p.userId);
    },

    /** Which factors another person has set up, as a super-administrator sees them before a reset. */
    async enrolledOf(actor: Principal, userId: string) {
      const person = await assertMayReset(actor, userId);
      const [totp, keys] = await Promise.all([factors.totp(person.id), factors.passkeysOf(person.id)]);
      return { authenticatorApp: Boolean(totp?.confirmedAt), passkeys: keys.length };
    },

    /**
     * A super-administrator (never a lesser actor) clears another person's factors: their sessions
     * end, their next sign-in asks to set one up; traced, and the person is told by e-mail.
     */
    async reset(actor: Principal, userId: string) {
      const person = await assertMayReset(actor, userId);
      await factors.transaction(async (tx) => {
        const [totp, keys] = await Promise.all([factors.totp(userId, tx), factors.passkeysOf(userId, tx)]);
        await factors.removeTotp(userId, tx);
        await factors.removeAllPasskeys(userId, tx);
        await factors.forgetBrowsers(userId, tx);
        await auth.signoutAll(userId, tx);
        await writeTrace(tx, {
          space: actor.space,
          type: 'UPDATE',
          owner: actor.userId,
          module: 'users',
          section: 'second-factors',
          entityId: userId,
          before: { authenticatorApp: Boolean(totp?.confirmedAt), passkeys: keys.length },
          after: { authenticatorApp: false, passkeys: 0 },
        });
        await mailFactorsReset(tx, person);
      });
    },
  };
}
export type FactorsService = ReturnType<typeof createFactorsService>;
