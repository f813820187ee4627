import { AppError, ATTACHMENT_KINDS } from '@ov/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UploadedDocument } from './contract-requests.attachments';

export function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * The one uploaded file of a multipart body (5 MB at most: 478 beyond, or without a file), its
 * `kind` field and its name made safe; the service re-encodes or rebuilds it.
 */
export async function readAttachment(req: FastifyRequest): Promise<UploadedDocument> {
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
  const fileName = (part.filename || 'archivo').replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100);
  return { kind, fileName, bytes };
}
