import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { storedObjects } from '../../db/schema';
import { assertKey, type ObjectStore } from './object-store';

/**
 * A table (`stored_objects`, bytea) on the application's database (STORAGE=postgres, the default):
 * shared by every process, backed up with the database, nothing else to run. Fine for avatars and
 * contracts (a few MB each); a bucket (STORAGE=s3) when files grow to many gigabytes.
 */
export function createPostgresObjectStore(db: Db): ObjectStore {
  return {
    kind: 'postgres',
    async put(key, bytes, contentType, tx?: Executor) {
      assertKey(key);
      await (tx ?? db)
        .insert(storedObjects)
        .values({ key, contentType, size: bytes.length, content: bytes })
        .onConflictDoUpdate({
          target: storedObjects.key,
          set: { contentType, size: bytes.length, content: bytes, createdAt: sql`now()` },
        });
    },
    async get(key) {
      assertKey(key);
      const [row] = await db
        .select({ bytes: storedObjects.content, contentType: storedObjects.contentType })
        .from(storedObjects)
        .where(eq(storedObjects.key, key));
      return row ?? null;
    },
    async delete(key) {
      assertKey(key);
      await db.delete(storedObjects).where(eq(storedObjects.key, key));
    },
  };
}
