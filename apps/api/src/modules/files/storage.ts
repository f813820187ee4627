import type { Executor } from '../../db/client';
import { contentTypeOf, type ObjectStore } from '../../lib/storage';

/**
 * One area of the object store (images, documents) seen by file name: names are checked against the
 * area's pattern (ours only: a UUID and an extension), content types follow the extension.
 */
export interface FileStorage {
  /** Inside a transaction, pass it: the PostgreSQL store writes in it (PGlite has one connection). */
  put(name: string, bytes: Buffer, tx?: Executor): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
}

/** Stored names are ours only: a UUID, an optional `_thumb`, `.webp`. */
export const STORED_IMAGE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_thumb)?\.webp$/;

/** Documents (attachments, generated contracts): a UUID and `.webp` or `.pdf`. */
export const STORED_DOCUMENT_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|pdf)$/;

/** `area/name` in `store`, for names matching `names` only (anything else is refused or not found). */
export function fileArea(store: ObjectStore, area: string, names: RegExp): FileStorage {
  const key = (name: string) => (area ? `${area}/${name}` : name);
  return {
    async put(name, bytes, tx) {
      if (!names.test(name)) throw new Error(`Refusing file name ${JSON.stringify(name)}`);
      await store.put(key(name), bytes, contentTypeOf(name), tx);
    },
    async get(name) {
      if (!names.test(name)) return null;
      return (await store.get(key(name)))?.bytes ?? null;
    },
  };
}

/** Uploaded images (avatars): `images/<uuid>[_thumb].webp`. */
export const imageStorage = (store: ObjectStore) => fileArea(store, 'images', STORED_IMAGE_NAME);
/** Contract-request attachments and generated contracts: `documents/<uuid>.(pdf|webp)`. */
export const documentStorage = (store: ObjectStore) => fileArea(store, 'documents', STORED_DOCUMENT_NAME);
