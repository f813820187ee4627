import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, type ContractRequestStatus, isOpenRequest } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { consume, UPLOAD_RATE } from '../../lib/throttle';
import { type FileStorage, isPdf, reencodeDocumentImage } from '../files';
import type { RequestAccess } from './contract-requests.access';
import { attachmentDto } from './contract-requests.dto';
import type { ContractRequestsRepository } from './contract-requests.repository';
import { rebuildPdf } from './contract-requests.sanitize';

/** The anonymous requester's upload token is kept only as this hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** One uploaded document as read from the request: its kind, its (cleaned) name and its bytes. */
export interface UploadedDocument {
  kind: string;
  fileName: string;
  bytes: Buffer;
}

/** An image is re-encoded, a PDF rebuilt from its pages (478 when neither). */
async function cleanDocument({ kind, fileName, bytes }: UploadedDocument) {
  if (isPdf(bytes)) {
    // Stored rebuilt from its pages: no JavaScript, open actions, embedded files or forms (478 when unreadable).
    const clean = await rebuildPdf(bytes).catch(() => {
      throw new AppError('BADREQUESTERROR', 478);
    });
    return { kind, fileName, contentType: 'application/pdf', bytes: clean };
  }
  const image = await reencodeDocumentImage(bytes);
  return {
    kind,
    fileName: `${fileName.replace(/\.[^.]*$/, '')}.webp`,
    contentType: 'image/webp',
    bytes: image,
  };
}

/** A request's documents: added by its owner or with the upload token, read by whoever may read it. */
export function createRequestAttachments(deps: {
  db: Db;
  repo: ContractRequestsRepository;
  storage: FileStorage;
  access: RequestAccess;
}) {
  const { db, repo, storage } = deps;
  const { byRequestId, readable } = deps.access;
  return {
    /**
     * Attaches a file: the owner signed in, or anyone with the creation's upload token (one hour).
     * Uploads are counted per account or address before `read` takes the file from the request.
     */
    async attach(
      p: Principal | null,
      ip: string,
      raw: string,
      token: string | undefined,
      read: () => Promise<UploadedDocument>,
    ) {
      await consume(db, `document-upload:${p?.userId ?? ip}`, UPLOAD_RATE);
      const file = await cleanDocument(await read());
      const row = await byRequestId(raw);
      const byOwner = p && row.userId === p.userId;
      if (!byOwner) {
        const valid =
          token &&
          row.uploadTokenHash &&
          row.uploadTokenExpiresAt &&
          row.uploadTokenExpiresAt.getTime() > Date.now() &&
          timingSafeEqual(Buffer.from(hashToken(token)), Buffer.from(row.uploadTokenHash));
        if (!valid) throw new AppError('BADREQUESTERROR', 438);
      }
      if (!isOpenRequest(row.status as ContractRequestStatus))
        throw new AppError('BADREQUESTERROR', row.status === 'ANNULLED' ? 432 : 437);
      const id = randomUUID();
      const name = `${id}.${file.contentType === 'application/pdf' ? 'pdf' : 'webp'}`;
      return repo.transaction(async (tx) => {
        // Count under the request's lock: two uploads at once cannot both be the fifth.
        if ((await repo.lockAndCountAttachments(tx, row.id)) >= 5) throw new AppError('BADREQUESTERROR', 442);
        await storage.put(name, file.bytes, tx);
        const a = await repo.insertAttachment(tx, {
          id,
          requestId: row.id,
          kind: file.kind,
          contentType: file.contentType,
          fileName: file.fileName,
          bytes: file.bytes.length,
        });
        await repo.insertEvent(tx, {
          requestId: row.id,
          kind: 'ATTACHMENT',
          status: row.status,
          actor: p?.userId ?? null,
        });
        return attachmentDto(a);
      });
    },

    async attachment(p: Principal, raw: string, attachmentId: string) {
      const { row } = await readable(p, raw);
      const a = await repo.findAttachment(row.id, attachmentId);
      if (!a) throw new AppError('NOTFOUND', 415);
      const bytes = await storage.get(`${a.id}.${a.contentType === 'application/pdf' ? 'pdf' : 'webp'}`);
      if (!bytes) throw new AppError('NOTFOUND', 415);
      return { bytes, contentType: a.contentType, fileName: a.fileName };
    },
  };
}
