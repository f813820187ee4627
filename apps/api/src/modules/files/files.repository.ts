import type { Db, Executor } from '../../db/client';
import { storedFiles } from '../../db/schema';

/** All the SQL of files: the record of each uploaded image (its owner and sizes). */
export function createFilesRepository(db: Db) {
  return {
    async recordImage(
      values: { id: string; owner: string; bytes: number; thumbBytes: number },
      ex: Executor = db,
    ) {
      await ex.insert(storedFiles).values({ ...values, kind: 'image' });
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
