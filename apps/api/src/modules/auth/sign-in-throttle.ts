import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/client';
import {
  type BackoffRule,
  claimAttempt,
  clearAttempts,
  consume,
  type RateRule,
  refund,
} from '../../lib/throttle';

/**
 * Sign-in throttling that a stranger cannot turn against the owner (OWASP ASVS 5.0 §6.3, "device
 * cookies"):
 * - per account, across every address: 5 free attempts, then each one waits a doubling delay capped
 *   at a minute (at most 60 guesses an hour, never a hard lock);
 * - a browser where the account already signed in presents its device token and has a door of its
 *   own, so the owner is not slowed by someone guessing elsewhere;
 * - per address, across accounts: 30 failures in 15 minutes (password spraying).
 * Everything is kept in `rate_limits` through lib/throttle.ts (atomic, shared by every process).
 */
export const ACCOUNT_BACKOFF: BackoffRule = {
  windowMs: 15 * 60_000,
  free: 5,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
};
export const DEVICE_BACKOFF: BackoffRule = { ...ACCOUNT_BACKOFF, free: 10 };
export const ADDRESS_FAILURES: RateRule[] = [{ windowMs: 15 * 60_000, max: 30 }];
/** Passkey sign-ins started from one address (each keeps a challenge for five minutes). */
export const ADDRESS_PASSKEY_STARTS: RateRule[] = [{ windowMs: 60_000, max: 30 }];

/** Catalogue reference of a throttled sign-in ("Demasiados intentos fallidos…"). */
const THROTTLED = 490;

/** Device tokens: `<userId>.<deviceId>.<HMAC>`, handed out after a successful sign-in. */
export function createDeviceTokens(secret: string) {
  const mac = (userId: string, deviceId: string) =>
    createHmac('sha256', secret).update(`device:${userId}.${deviceId}`).digest('base64url');
  return {
    issue(userId: string, deviceId: string = randomUUID()) {
      return `${userId}.${deviceId}.${mac(userId, deviceId)}`;
    },
    /** The device id of the first token that was issued to `userId`, if any. */
    deviceOf(userId: string, tokens: readonly string[] | undefined): string | null {
      for (const token of tokens ?? []) {
        const [owner, deviceId, signature, ...rest] = token.split('.');
        if (rest.length || owner !== userId || !deviceId || !signature) continue;
        const expected = Buffer.from(mac(userId, deviceId));
        const given = Buffer.from(signature);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
      }
      return null;
    },
  };
}

export function createSignInThrottle(ex: Executor) {
  return {
    /**
     * Claims one attempt at the account's door (or the known device's) and counts it against the
     * address; throws ThrottledError (490, with the seconds to wait) when either says wait.
     */
    async claim(door: { account: string; device: string | null }, ip: string) {
      if (door.device)
        await claimAttempt(ex, `signin-device:${door.account}:${door.device}`, DEVICE_BACKOFF, THROTTLED);
      else await claimAttempt(ex, `signin-account:${door.account}`, ACCOUNT_BACKOFF, THROTTLED);
      await consume(ex, `signin-address:${ip}`, ADDRESS_FAILURES, THROTTLED);
    },
    /** A passkey sign-in started from `ip` (429 beyond 30 a minute): challenges are not free to keep. */
    async startPasskey(ip: string) {
      await consume(ex, `passkey-start:${ip}`, ADDRESS_PASSKEY_STARTS);
    },
    /** After a correct password: the door forgets its attempts and the address gets its try back. */
    async succeed(door: { account: string; device: string | null }, ip: string) {
      await clearAttempts(
        ex,
        door.device ? `signin-device:${door.account}:${door.device}` : `signin-account:${door.account}`,
      );
      await refund(ex, `signin-address:${ip}`, ADDRESS_FAILURES);
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
