import multipart from '@fastify/multipart';
import { AppError } from '@ov/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access';
import type { FilesService } from './files.service';
import { MAX_IMAGE_BYTES } from './images';

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
export const filesRoutes: FastifyPluginAsyncZod<{ images: FilesService }> = async (app, { images }) => {
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
      const { id, uploadedBytes, urls } = await images.upload(userId, () => readUpload(req));
      req.log.info({ userId, fileId: id, bytes: uploadedBytes }, 'image uploaded');
      return reply.code(201).send(urls);
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
      const bytes = await images.read(req.params.name);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
