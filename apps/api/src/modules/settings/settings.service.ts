import {
  AppError,
  BILLING_PERIOD_MONTHS,
  clientCodeMatcher,
  DEFAULT_AGREEMENT_LIMITS,
  type Settings,
  type SettingsPatch,
  settingsSchema,
} from '@ov/domain';
import type { Config } from '../../config';
import type { Principal } from '../../core/principal';
import type { Database } from '../../db/client';
import { writeTrace } from '../../lib/traces';
import type { SettingsRepository, SettingsRow } from './settings.repository';

export interface VersionedSettings extends Settings {
  version: number;
  /** Gateways with credentials on this installation: the only ones a setting can switch on. */
  configured: { enzona: boolean; transfermovil: boolean };
}

/** The first values, from the environment. */
export function settingsDefaults(
  config: Pick<
    Config,
    | 'PAYMENTS_ENABLED'
    | 'ENZONA_ENABLED'
    | 'TRANSFERMOVIL_ENABLED'
    | 'ADVANCE_MIN_CENTS'
    | 'ADVANCE_BONUS_PERCENT'
    | 'PAYMENT_PENDING_TIMEOUT_MIN'
    | 'CLIENT_CODE_PATTERN'
  >,
): Settings {
  return {
    paymentsEnabled: config.PAYMENTS_ENABLED,
    enzonaEnabled: config.ENZONA_ENABLED,
    transfermovilEnabled: config.TRANSFERMOVIL_ENABLED,
    signupEnabled: true,
    advanceMinCents: config.ADVANCE_MIN_CENTS,
    advanceBonusPercent: config.ADVANCE_BONUS_PERCENT,
    pendingTimeoutMinutes: config.PAYMENT_PENDING_TIMEOUT_MIN,
    billingPeriodMonths: BILLING_PERIOD_MONTHS,
    // Anchored as every check reads it, so the settings page shows (and saves) what is in force.
    clientCodePattern: clientCodeMatcher(config.CLIENT_CODE_PATTERN).source,
    agreementMinDownPercent: DEFAULT_AGREEMENT_LIMITS.minDownPercent,
    agreementMaxInstalments: DEFAULT_AGREEMENT_LIMITS.maxInstalments,
    agreementMinInstalmentCents: DEFAULT_AGREEMENT_LIMITS.minInstalmentCents,
  };
}

/** The client-code shape in force in a space: the settings' pattern, or a fixed one (scripts, tests). */
export type CodePattern = (space: string) => Promise<RegExp>;

export function fixedCodePattern(pattern: string): CodePattern {
  const matcher = clientCodeMatcher(pattern);
  return async () => matcher;
}

/**
 * The settings of each space, read once and kept until the database announces a change (trigger of
 * migration 0016 on `ov_cache`): a change made through any API process is in force on every process
 * at its next request. A load racing an announcement is not kept (generation check).
 */
export function createSettingsStore({
  settings,
  config,
  invalidations,
}: {
  settings: SettingsRepository;
  config: Config;
  /** The database's change announcements (channel `ov_cache`). */
  invalidations: Pick<Database, 'onCacheInvalidation'>;
}) {
  const defaults = settingsDefaults(config);
  const configured = { enzona: config.ENZONA_ENABLED, transfermovil: config.TRANSFERMOVIL_ENABLED };
  const cache = new Map<string, Promise<VersionedSettings>>();
  const matchers = new Map<string, RegExp>();
  let generation = 0;
  const unsubscribe = invalidations.onCacheInvalidation(
    (payload) => {
      if (!payload.startsWith('settings:')) return;
      generation++;
      cache.delete(payload.slice('settings:'.length));
    },
    () => {
      generation++;
      cache.clear();
    },
  );

  async function load(space: string): Promise<VersionedSettings> {
    return effective(await settings.find(space));
  }

  function effective(row: SettingsRow | undefined): VersionedSettings {
    // Stored values are checked again: anything out of shape falls back to the first value.
    const stored = settingsSchema.partial().safeParse(row?.values ?? {});
    const values = { ...defaults, ...(stored.success ? stored.data : {}) };
    return {
      ...values,
      enzonaEnabled: values.enzonaEnabled && configured.enzona,
      transfermovilEnabled: values.transfermovilEnabled && configured.transfermovil,
      version: row?.version ?? 0,
      configured,
    };
  }

  const store = {
    get(space: string): Promise<VersionedSettings> {
      const cached = cache.get(space);
      if (cached) return cached;
      const seen = generation;
      const loading = load(space);
      cache.set(space, loading);
      loading.then(
        () => {
          if (generation !== seen && cache.get(space) === loading) cache.delete(space);
        },
        () => cache.delete(space),
      );
      return loading;
    },

    /** The client-code pattern in force, compiled once per pattern. */
    async codePattern(space: string): Promise<RegExp> {
      const { clientCodePattern } = await store.get(space);
      let matcher = matchers.get(clientCodePattern);
      if (!matcher) {
        matcher = clientCodeMatcher(clientCodePattern);
        matchers.set(clientCodePattern, matcher);
      }
      return matcher;
    },

    /** Any subset, over the version read (409 with the current ones); traced with before and after. */
    async update(p: Principal, patch: SettingsPatch): Promise<VersionedSettings> {
      const { version, force, ...changes } = patch;
      if (
        (changes.enzonaEnabled && !configured.enzona) ||
        (changes.transfermovilEnabled && !configured.transfermovil)
      )
        throw new AppError('BADREQUESTERROR', 481);
      await settings.transaction(async (tx) => {
        const row = await settings.lock(p.space, tx);
        if (row.version !== version && !force)
          throw new AppError('CONFLICTERROR', 409, { ref: p.space, current: effective(row) });
        const before = { ...defaults, ...(row.values as Partial<Settings>) };
        const values = { ...(row.values as Partial<Settings>), ...changes };
        await settings.save(p.space, values, tx);
        await writeTrace(tx, {
          space: p.space,
          type: 'UPDATE',
          owner: p.userId,
          module: 'settings',
          section: 'settings',
          entityId: p.space,
          before,
          after: { ...defaults, ...values },
        });
      });
      cache.delete(p.space);
      return store.get(p.space);
    },

    close: unsubscribe,
  };
  return store;
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;
