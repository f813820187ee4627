import { randomUUID } from 'node:crypto';
import { AppError } from '@ov/domain';
import type { Db } from '../../db/client';
import { consume, UPLOAD_RATE } from '../../lib/throttle';
import type { FilesRepository } from './files.repository';
import { reencodeImage } from './images';
import { type FileStorage, STORED_IMAGE_NAME } from './storage';

export const IMAGE_URL_PREFIX = '/api/files/images/';

export interface FilesServiceDeps {
  /** Throttle counters (lib/throttle). */
  db: Db;
  files: FilesRepository;
  /** The configured store's `images` area (lib/storage). */
  images: FileStorage;
}

/** Uploaded images (avatars): re-encoded, stored in the configured store, served by name. */
export function createFilesService({ db, files, images }: FilesServiceDeps) {
  return {
    /**
     * Uploads are counted per user (20 in 10 minutes) before `read` takes the file from the request;
     * the image and its thumbnail are re-encoded, stored and recorded.
     */
    async upload(userId: string, read: () => Promise<Buffer>) {
      await consume(db, `image-upload:${userId}`, UPLOAD_RATE);
      const bytes = await read();
      const { image, thumb } = await reencodeImage(bytes);
      const id = randomUUID();
      await images.put(`${id}.webp`, image);
      await images.put(`${id}_thumb.webp`, thumb);
      await files.recordImage({ id, owner: userId, bytes: image.length, thumbBytes: thumb.length });
      return {
        id,
        uploadedBytes: bytes.length,
        urls: { thumb: `${IMAGE_URL_PREFIX}${id}_thumb.webp`, image: `${IMAGE_URL_PREFIX}${id}.webp` },
      };
    },

    /** A stored image by its name (ours only: a UUID, `_thumb`, `.webp`); 404 otherwise. */
    async read(name: string) {
      const bytes = STORED_IMAGE_NAME.test(name) ? await images.get(name) : null;
      if (!bytes) throw new AppError('NOTFOUND', 404);
      return bytes;
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
