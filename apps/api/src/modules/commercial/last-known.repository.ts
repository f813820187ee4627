import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { commercialLastKnown, commercialState } from '../../db/schema';

export interface KnownRow {
  cc: string;
  key: string;
  /** The answer as the adapter keeps it (`{ v: … }`, so an unknown code's null is kept too). */
  body: unknown;
  fetchedAt: Date;
}

/**
 * The commercial system's last answers (commercial_last_known), shared by every API process: the
 * fallback when it cannot be reached; and its read health (commercial_state, name `reads`).
 */
export function createLastKnownRepository(db: Db) {
  return {
    /** Keeps these answers as the last known (fresh: not stale). */
    async save(rows: { cc: string; key: string; body: unknown }[], ex: Executor = db): Promise<void> {
      if (!rows.length) return;
      await ex
        .insert(commercialLastKnown)
        .values(rows.map((r) => ({ cc: r.cc, key: r.key, body: r.body, fetchedAt: new Date(), stale: null })))
        .onConflictDoUpdate({
          target: [commercialLastKnown.cc, commercialLastKnown.key],
          set: { body: sql`excluded.body`, fetchedAt: sql`excluded.fetched_at`, stale: null },
        });
    },

    /** The last known answers of one question for several codes. */
    async find(ccs: string[], key: string, ex: Executor = db): Promise<KnownRow[]> {
      if (!ccs.length) return [];
      return ex
        .select({
          cc: commercialLastKnown.cc,
          key: commercialLastKnown.key,
          body: commercialLastKnown.body,
          fetchedAt: commercialLastKnown.fetchedAt,
        })
        .from(commercialLastKnown)
        .where(and(inArray(commercialLastKnown.cc, ccs), eq(commercialLastKnown.key, key)));
    },

    /** The change feed named these codes: their answers are no longer current (kept as the fallback). */
    async markStale(ccs: string[], ex: Executor = db): Promise<void> {
      if (!ccs.length) return;
      await ex
        .update(commercialLastKnown)
        .set({ stale: new Date() })
        .where(inArray(commercialLastKnown.cc, ccs));
    },

    /** Every process drops its in-memory copies of these codes (channel `ov_cache`, migration 0008). */
    async announceForget(ccs: string[], ex: Executor = db): Promise<void> {
      for (const cc of ccs) await ex.execute(sql`select pg_notify('ov_cache', ${`commercial:${cc}`})`);
    },

    /** The last successful read (health: commercial_state `reads`). */
    async readOk(at: Date, ex: Executor = db): Promise<void> {
      await ex
        .insert(commercialState)
        .values({ name: 'reads', okAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: commercialState.name, set: { okAt: at, updatedAt: at } });
    },

    /** The last failed read and why. */
    async readFailed(at: Date, error: string, ex: Executor = db): Promise<void> {
      const lastError = error.slice(0, 500);
      await ex
        .insert(commercialState)
        .values({ name: 'reads', lastError, lastErrorAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: commercialState.name,
          set: { lastError, lastErrorAt: at, updatedAt: at },
        });
    },
  };
}
export type LastKnownRepository = ReturnType<typeof createLastKnownRepository>;
