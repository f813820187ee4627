import { AppError, ATTACHMENT_KINDS } from '@ov/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPdf, reencodeDocumentImage } from '../files';
import { rebuildPdf } from './contract-requests.sanitize';

export function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** One uploaded file of at most 5 MB: an image is re-encoded, a PDF rebuilt from its pages (478 when neither). */
export async function readAttachment(req: FastifyRequest) {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let bytes: Buffer;
  try {
    part = await req.file();
    if (!part) throw new AppError('BADREQUESTERROR', 478);
    bytes = await part.toBuffer();
  } catch (err) {
    const code = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError) throw err;
    if (code === 413) throw new AppError('BADREQUESTERROR', 478);
    if (code && code >= 400 && code < 500) throw err;
    throw new AppError('VALIDATIONERROR', 0);
  }
  const kindField = part.fields.kind as { value?: unknown } | undefined;
  const kind = typeof kindField?.value === 'string' ? kindField.value : 'OTHER';
  if (!(ATTACHMENT_KINDS as readonly string[]).includes(kind))
    throw new AppError('VALIDATIONERROR', 0, [{ field: 'kind', message: 'valor no válido' }]);
  const original = (part.filename || 'archivo').replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100);
  if (isPdf(bytes)) {
    // Stored rebuilt from its pages: no JavaScript, open actions, embedded files or forms (478 when unreadable).
    const clean = await rebuildPdf(bytes).catch(() => {
      throw new AppError('BADREQUESTERROR', 478);
    });
    return { kind, fileName: original, contentType: 'application/pdf', bytes: clean };
  }
  const image = await reencodeDocumentImage(bytes);
  return {
    kind,
    fileName: `${original.replace(/\.[^.]*$/, '')}.webp`,
    contentType: 'image/webp',
    bytes: image,
  };
}
