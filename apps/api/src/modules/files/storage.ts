import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded bytes live; a local folder today, an object store later. */
export interface FileStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
}

/** Stored names are ours only: a UUID, an optional `_thumb`, `.webp`. Nothing else reaches the disk. */
export const STORED_IMAGE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_thumb)?\.webp$/;

/** Documents (attachments, generated contracts): a UUID and `.webp` or `.pdf`. */
export const STORED_DOCUMENT_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|pdf)$/;

export function createLocalFileStorage(root: string, names: RegExp = STORED_IMAGE_NAME): FileStorage {
  const resolve = (name: string) => {
    if (!names.test(name)) throw new Error(`Refusing file name ${JSON.stringify(name)}`);
    return path.join(root, name);
  };
  return {
    async put(name, bytes) {
      const file = resolve(name);
      await mkdir(root, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, bytes, { mode: 0o640 });
      await rename(temp, file); // readers never see half a file
    },
    async get(name) {
      if (!names.test(name)) return null;
      try {
        return await readFile(resolve(name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
