import type { CcDebt } from '@ov/domain';
import type { Database } from '../db/client';
import type { PrincipalRecord } from '../plugins/access';

/** A customer's client codes, oldest association first. */
export type LinkedCodes = { cc: string; createdAt: Date }[];

/**
 * A bounded, short-lived in-process copy of rows the database announces changes to (see migration
 * 0008 and `Database.onCacheInvalidation`). Announcements are delivered on commit, so a copy is
 * dropped before the next request can read it; the time limit only bounds the damage of a missed
 * announcement. `load` guards the read-then-store race: a copy read before an invalidation that
 * arrives while the read is in flight is returned but not kept.
 */
export interface InvalidatedCache<V> {
  load(key: string, read: () => Promise<V>): Promise<V>;
  /**
   * The values of several keys, in their order; the missing ones read together in one `read` call,
   * which answers them in the order asked.
   */
  loadMany(keys: readonly string[], read: (missing: string[]) => Promise<V[]>): Promise<V[]>;
  invalidate(key: string): void;
  clear(): void;
  readonly size: number;
}

export function createInvalidatedCache<V>(opts: { maxEntries: number; ttlMs: number }): InvalidatedCache<V> {
  const entries = new Map<string, { value: V; expires: number }>();
  // Bumped by every invalidation: a read that started before one is not stored.
  let generation = 0;

  const fresh = (key: string, now: number) => {
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit;
    if (hit) entries.delete(key);
    return undefined;
  };
  const store = (key: string, value: V) => {
    // Map keeps insertion order: the first key is the oldest entry.
    if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, expires: Date.now() + opts.ttlMs });
  };

  return {
    async load(key, read) {
      const hit = fresh(key, Date.now());
      if (hit) return hit.value;
      const started = generation;
      const value = await read();
      if (generation === started) store(key, value);
      return value;
    },
    async loadMany(keys, read) {
      const now = Date.now();
      const values: V[] = new Array(keys.length);
      const missing: string[] = [];
      const at: number[] = [];
      keys.forEach((key, k) => {
        const hit = fresh(key, now);
        if (hit) values[k] = hit.value;
        else {
          missing.push(key);
          at.push(k);
        }
      });
      if (!missing.length) return values;
      const started = generation;
      const found = await read(missing);
      const keep = generation === started;
      missing.forEach((key, j) => {
        values[at[j]] = found[j];
        if (keep) store(key, found[j]);
      });
      return values;
    },
    invalidate(key) {
      generation += 1;
      entries.delete(key);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 50_000;
/** Two codes per signed-in customer on average: room for the same customers as the other caches. */
const DEBTS_MAX_ENTRIES = 100_000;

/**
 * The API's caches, kept current by the database's announcements `<cache>:<key>` (`<cache>:*` drops
 * every entry of that cache).
 */
export function createAppCaches(database: Database) {
  const caches = {
    principal: createInvalidatedCache<PrincipalRecord | null>({
      maxEntries: CACHE_MAX_ENTRIES,
      ttlMs: CACHE_TTL_MS,
    }),
    links: createInvalidatedCache<LinkedCodes>({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: CACHE_TTL_MS }),
    /** A client code's debt summary (migration 0009 announces invoice changes per code). */
    debts: createInvalidatedCache<CcDebt>({ maxEntries: DEBTS_MAX_ENTRIES, ttlMs: CACHE_TTL_MS }),
  };
  const all = Object.values(caches);
  const unsubscribe = database.onCacheInvalidation(
    (payload) => {
      const colon = payload.indexOf(':');
      const cache = caches[payload.slice(0, colon) as keyof typeof caches];
      if (!cache) return;
      const key = payload.slice(colon + 1);
      if (key === '*') cache.clear();
      else cache.invalidate(key);
    },
    () => {
      for (const c of all) c.clear();
    },
  );
  return {
    principal: caches.principal,
    links: caches.links,
    debts: caches.debts,
    close: unsubscribe,
  };
}
export type AppCaches = ReturnType<typeof createAppCaches>;
