import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { settings } from '../../db/schema';

export type SettingsRow = typeof settings.$inferSelect;

/** One row of stored settings per space (the values that differ from the environment's), versioned. */
export function createSettingsRepository(db: Db) {
  return {
    /** One transaction: pass `tx` to the methods below and to writeTrace. */
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    async find(space: string, ex: Executor = db): Promise<SettingsRow | undefined> {
      const [row] = await ex.select().from(settings).where(eq(settings.space, space));
      return row;
    },

    /** The space's row, created empty if missing, locked for the transaction. */
    async lock(space: string, ex: Executor): Promise<SettingsRow> {
      await ex.insert(settings).values({ space }).onConflictDoNothing();
      const [row] = await ex.select().from(settings).where(eq(settings.space, space)).for('update');
      return row;
    },

    /** Stores the values, one version up. */
    async save(space: string, values: Record<string, unknown>, ex: Executor = db) {
      await ex
        .update(settings)
        .set({ values, version: sql`${settings.version} + 1`, updatedAt: new Date() })
        .where(eq(settings.space, space));
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
