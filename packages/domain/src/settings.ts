import { z } from 'zod';
import { isSafeClientCodePattern } from './billing/client-code';
import { validationMessage as msg } from './validation/messages';

const whole = (min: number, max: number) =>
  z
    .number({ error: msg('required') })
    .int(msg('invalidValue'))
    .min(min, msg('invalidValue'))
    .max(max, msg('invalidValue'));

/**
 * What an administrator switches at /admin/settings (design §6): stored in the database, in force on
 * every API process at its next request; the environment only gives the first values.
 */
export const settingsSchema = z.object({
  paymentsEnabled: z.boolean(),
  enzonaEnabled: z.boolean(),
  transfermovilEnabled: z.boolean(),
  signupEnabled: z.boolean(),
  /** Smallest advance deposit, in cents. */
  advanceMinCents: whole(100, 100_000_000),
  advanceBonusPercent: whole(0, 100),
  /** Minutes a payment may stay pending before reconciliation settles it. */
  pendingTimeoutMinutes: whole(1, 1440),
  /** Months each invoice covers (bimonthly in La Habana, design §2): new contracts state it. */
  billingPeriodMonths: whole(1, 12),
  /** Shape of a client code (design §2), checked wherever a code is typed. */
  clientCodePattern: z
    .string({ error: msg('required') })
    .trim()
    .min(1, msg('required'))
    .refine(isSafeClientCodePattern, msg('invalidValue')),
  /** Payment agreements (issue 30): smallest down payment, in whole percent of the agreed debt. */
  agreementMinDownPercent: whole(0, 100),
  /** Most monthly instalments an agreement may have. */
  agreementMaxInstalments: whole(1, 60),
  /** Smallest monthly instalment, in cents. */
  agreementMinInstalmentCents: whole(100, 100_000_000),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = settingsSchema.partial().extend({
  version: z.number().int().min(0),
  force: z.boolean().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The agreement limits in force (settings → the domain's AgreementLimits). */
export const agreementLimitsOf = (s: Settings) => ({
  minDownPercent: s.agreementMinDownPercent,
  maxInstalments: s.agreementMaxInstalments,
  minInstalmentCents: s.agreementMinInstalmentCents,
});
