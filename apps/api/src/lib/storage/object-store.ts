import path from 'node:path';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';

/** A stored file: its bytes and the content type it was stored with. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded images and generated documents live, by key (`images/<id>.webp`,
 * `documents/<id>.pdf`): a local folder (one process), a PostgreSQL table (shared: the default) or an
 * S3-compatible bucket. Keys are ours only (modules/files/storage.ts checks their shape).
 */
export interface ObjectStore {
  readonly kind: StorageKind;
  /**
   * Stores the bytes under the key (replacing any). Given the caller's transaction, the PostgreSQL
   * store writes in it (the file comes and goes with the row naming it); the others ignore it.
   */
  put(key: string, bytes: Buffer, contentType: string, tx?: Executor): Promise<void>;
  /** The bytes and content type, or null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the key; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
}

export const STORAGE_KINDS = ['postgres', 'local', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** A key: one or more `[A-Za-z0-9._-]` segments joined by `/`, no `.`/`..` segment, at most 200 characters. */
const KEY = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
export function assertKey(key: string) {
  if (key.length > 200 || !KEY.test(key)) throw new Error(`Refusing storage key ${JSON.stringify(key)}`);
}

export type StorageConfig = Pick<
  Config,
  | 'STORAGE'
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};
/** The content type a key's extension implies (application/octet-stream when unknown). */
export const contentTypeOf = (key: string) =>
  TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
