import type { FeedRepository } from './feed.repository';

/** What the health endpoint and /admin/settings say about the commercial system (design §7). */
export interface CommercialStatus {
  /** `ledger`: the built-in one (nothing below applies); `http`: the utility's system. */
  kind: 'ledger' | 'http';
  /** The last read the commercial system answered (written by the adapter). */
  lastReadOkAt: string | null;
  feed: {
    /** The last time the change feed was read through (its last successful pass). */
    readAt: string | null;
    /** Seconds since then: how old the portal's picture of the changes may be. */
    lagSeconds: number | null;
    /** When the newest event read happened in the commercial system. */
    lastEventAt: string | null;
  };
  /** The last failure of a read or of the feed (what and when); staff only. */
  lastError: { message: string; at: string } | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The commercial system's figures from commercial_state (`reads`, `feed`). */
export function createCommercialStatus(deps: { feed: FeedRepository; kind: 'ledger' | 'http' }) {
  return {
    async status(now = new Date()): Promise<CommercialStatus> {
      if (deps.kind === 'ledger')
        return {
          kind: 'ledger',
          lastReadOkAt: null,
          feed: { readAt: null, lagSeconds: null, lastEventAt: null },
          lastError: null,
        };
      const [reads, feed] = await Promise.all([deps.feed.state('reads'), deps.feed.state('feed')]);
      const errors = [reads, feed]
        .filter((r) => r?.lastError && r.lastErrorAt)
        .sort((a, b) => (b?.lastErrorAt?.getTime() ?? 0) - (a?.lastErrorAt?.getTime() ?? 0));
      const last = errors[0];
      return {
        kind: 'http',
        lastReadOkAt: iso(reads?.okAt),
        feed: {
          readAt: iso(feed?.okAt),
          lagSeconds: feed?.okAt
            ? Math.max(0, Math.round((now.getTime() - feed.okAt.getTime()) / 1000))
            : null,
          lastEventAt: iso(feed?.lastEventAt),
        },
        lastError:
          last?.lastError && last.lastErrorAt
            ? { message: last.lastError, at: last.lastErrorAt.toISOString() }
            : null,
      };
    },
  };
}
export type CommercialStatusService = ReturnType<typeof createCommercialStatus>;
