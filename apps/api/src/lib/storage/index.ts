import path from 'node:path';
import type { Db } from '../../db/client';
import { createLocalObjectStore } from './local';
import type { ObjectStore, StorageConfig } from './object-store';
import { createPostgresObjectStore } from './postgres';

export * from './object-store';

/**
 * The store STORAGE names (config.ts validates its variables at start). Files written by earlier
 * versions into DATA_DIR/files stay readable through the PostgreSQL and S3 stores: a key not found
 * there is looked up in the folder (read-only), so an upgrade loses no avatar or contract.
 */
export async function createObjectStore(config: StorageConfig, db: Db): Promise<ObjectStore> {
  const folder = path.join(config.DATA_DIR, 'files');
  if (config.STORAGE === 'local') return createLocalObjectStore(folder);
  const legacy = createLocalObjectStore(folder);
  const store =
    config.STORAGE === 's3'
      ? await import('./s3').then(({ createS3ObjectStore }) => createS3ObjectStore(config))
      : createPostgresObjectStore(db);
  return withFallback(store, legacy);
}

/** Reads fall back to `older` (a folder left by a previous version); writes and deletes go to `store`. */
export function withFallback(store: ObjectStore, older: ObjectStore): ObjectStore {
  return {
    kind: store.kind,
    put: (key, bytes, type, tx) => store.put(key, bytes, type, tx),
    async get(key) {
      return (await store.get(key)) ?? (await older.get(key));
    },
    delete: (key) => store.delete(key),
  };
}
