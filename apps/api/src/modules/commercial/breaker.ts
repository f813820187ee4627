import { CommercialUnavailable } from './commercial.client';

export interface BreakerOptions {
  /** Consecutive failures that open it. */
  failures: number;
  /** How long it stays open before one call may try again (half-open). */
  openMs: number;
  now?: () => number;
}

/**
 * A small circuit breaker for the commercial system's reads: after `failures` consecutive calls that
 * could not reach it, it opens and refuses at once (CommercialUnavailable, nothing sent) for `openMs`;
 * then one call at a time is let through (half-open): its success closes it, its failure opens it again.
 * Only CommercialUnavailable counts as a failure (a 404 is an answer).
 */
export function createBreaker(opts: BreakerOptions) {
  const now = opts.now ?? Date.now;
  let consecutive = 0;
  let openUntil = 0;
  let probing = false;

  return {
    get state(): 'closed' | 'open' | 'half-open' {
      if (!openUntil) return 'closed';
      return now() < openUntil ? 'open' : 'half-open';
    },

    async run<T>(call: () => Promise<T>): Promise<T> {
      const halfOpen = openUntil > 0;
      if (halfOpen && (now() < openUntil || probing))
        throw new CommercialUnavailable('unreachable', 'circuit open: the commercial system is not called');
      if (halfOpen) probing = true;
      try {
        const answer = await call();
        consecutive = 0;
        openUntil = 0;
        return answer;
      } catch (err) {
        if (err instanceof CommercialUnavailable) {
          consecutive += 1;
          if (halfOpen || consecutive >= opts.failures) openUntil = now() + opts.openMs;
        }
        throw err;
      } finally {
        if (halfOpen) probing = false;
      }
    },
  };
}
export type Breaker = ReturnType<typeof createBreaker>;
