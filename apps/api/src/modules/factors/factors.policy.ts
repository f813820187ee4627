import { createHash } from 'node:crypto';
import type { SecondStepPolicy } from '../auth';
import type { FactorsRepository } from './factors.repository';

/** Remembered-browser tokens and recovery codes are kept as hashes only. */
export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');

/** The methods a person can present at the second step, in the order the page offers them. */
export async function methodsOf(factors: FactorsRepository, userId: string) {
  const [totp, keys, codesLeft] = await Promise.all([
    factors.totp(userId),
    factors.passkeysOf(userId),
    factors.recoveryCodesLeft(userId),
  ]);
  const methods: ('passkey' | 'totp' | 'recovery')[] = [];
  if (keys.length) methods.push('passkey');
  if (totp?.confirmedAt) methods.push('totp');
  if (totp?.confirmedAt && codesLeft > 0) methods.push('recovery');
  return methods;
}

/**
 * What a password sign-in still owes (handed to auth by the container): nothing for customers (or
 * with STAFF_SECOND_FACTOR off); for staff, a factor to present (unless this browser was remembered
 * for 30 days) or, without any, one to set up now.
 */
export function createSecondStepPolicy({
  factors,
  staffSecondFactor,
}: {
  factors: FactorsRepository;
  staffSecondFactor: boolean;
}): SecondStepPolicy {
  return {
    async stageFor(userId, rememberedBrowsers) {
      if (!staffSecondFactor || !(await factors.isStaff(userId))) return null;
      const methods = await methodsOf(factors, userId);
      if (!methods.length) return { stage: 'enrol', methods };
      const hashes = (rememberedBrowsers ?? []).slice(0, 5).map(hashSecret);
      if (await factors.isRemembered(userId, hashes)) return null;
      return { stage: 'verify', methods };
    },
  };
}
