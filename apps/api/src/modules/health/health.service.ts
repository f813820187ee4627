import { AppError, FEATURES } from '@ov/domain';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import type { CommercialStatusService } from '../commercial';
import type { SettingsStore } from '../settings';
import type { HealthRepository } from './health.repository';

interface Logger {
  warn(obj: object, msg: string): void;
  warn(msg: string): void;
}

/** Liveness, readiness and the public switches the web app reads at start. */
export function createHealthService({
  health,
  settings,
  space,
  commercial,
}: {
  health: HealthRepository;
  /** The commercial system's figures (kind, last good read, change feed lag, last error). */
  commercial: CommercialStatusService;
  settings: Pick<SettingsStore, 'get'>;
  /** The space the public web app serves. */
  space: string;
}) {
  return {
    /**
     * Ready to serve: the database answers (503 with Retry-After through the error handler when it is
     * away) and the notification listener is connected (without it this process could serve stale
     * permissions and settings).
     */
    async ready(log: Logger) {
      try {
        await health.ping();
      } catch (err) {
        log.warn({ err: { message: (err as Error).message } }, 'database not ready');
        throw isDatabaseUnavailable(err) ? err : new AppError('INTERNALERROR', 0);
      }
      if (!health.listening()) {
        log.warn('notification listener not connected');
        throw new AppError('SERVICEUNAVAILABLEERROR', 503);
      }
      return { status: 'ok' as const };
    },

    /**
     * The commercial system as anyone may see it: its kind, the last good read, the change feed's last
     * read and lag, and when it last failed; never what failed (addresses, answers): that is `commercialDetails`.
     */
    async commercial() {
      const s = await commercial.status();
      return { ...s, lastError: s.lastError ? { at: s.lastError.at } : null };
    },

    /** The same with the last error's message, for administrators (/admin/settings). */
    commercialDetails: () => commercial.status(),

    /** What is on comes from the settings in force: the web app hides exactly what the API would refuse. */
    async publicConfig() {
      const s = await settings.get(space);
      return {
        space,
        features: {
          onboarding: FEATURES.onboarding,
          signup: FEATURES.signup && s.signupEnabled,
          payments: s.paymentsEnabled,
          enzona: s.paymentsEnabled && s.enzonaEnabled,
          transfermovil: s.paymentsEnabled && s.transfermovilEnabled,
        },
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
