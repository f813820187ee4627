import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { AppError } from '@ov/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { consume, UPLOAD_RATE } from '../../lib/throttle';
import { principalOf } from '../../plugins/access';
import { MAX_IMAGE_BYTES, reencodeImage } from './images';
import { type FileStorage, STORED_IMAGE_NAME } from './storage';

export const IMAGE_URL_PREFIX = '/api/files/images/';

/** The uploaded file's bytes: over the limit → 413, no file → 472, a malformed body → 400 (never a 500). */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  try {
    const part = await req.file();
    if (!part) throw new AppError('BADREQUESTERROR', 472);
    return await part.toBuffer();
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status && status >= 400 && status < 500)) throw err;
    req.log.info({ reason: (err as Error).message }, 'malformed multipart body');
    throw new AppError('VALIDATIONERROR', 0);
  }
}

/**
 * Image upload (avatars) and serving; multipart is parsed in this scope only. The bytes go to the
 * configured store (`imageStorage`, lib/storage): any process serves what another stored.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 100 },
  });

  app.post(
    '/api/files/image',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['files'],
        summary:
          'Upload an image (JPEG, PNG, WebP or GIF, up to 5 MB); answers the re-encoded image and thumbnail. 20 per user in 10 minutes (429 with Retry-After)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ thumb: z.string(), image: z.string() }) },
      },
    },
    async (req, reply) => {
      const { userId } = principalOf(req);
      await consume(db, `image-upload:${userId}`, UPLOAD_RATE);
      const bytes = await readUpload(req);
      const { image, thumb } = await reencodeImage(bytes);
      const id = randomUUID();
      await storage.put(`${id}.webp`, image);
      await storage.put(`${id}_thumb.webp`, thumb);
      await db.insert(storedFiles).values({
        id,
        owner: userId,
        kind: 'image',
        bytes: image.length,
        thumbBytes: thumb.length,
      });
      req.log.info({ userId, fileId: id, bytes: bytes.length }, 'image uploaded');
      return reply
        .code(201)
        .send({ thumb: `${IMAGE_URL_PREFIX}${id}_thumb.webp`, image: `${IMAGE_URL_PREFIX}${id}.webp` });
    },
  );

  app.get(
    '/api/files/images/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'An uploaded image (immutable)',
        params: z.object({ name: z.string().max(80) }),
      },
    },
    async (req, reply) => {
      const { name } = req.params;
      const bytes = STORED_IMAGE_NAME.test(name) ? await storage.get(name) : null;
      if (!bytes) throw new AppError('NOTFOUND', 404);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
