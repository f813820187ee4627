import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, type ContractRequestStatus, isOpenRequest } from '@ov/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { contractRequestAttachments, contractRequestEvents, contractRequests } from '../../db/schema';
import type { FileStorage } from '../files';
import type { RequestAccess } from './contract-requests.access';
import { attachmentDto } from './contract-requests.dto';

const t = contractRequests;

/** The anonymous requester's upload token is kept only as this hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A request's documents: added by its owner or with the upload token, read by whoever may read it. */
export function createRequestAttachments(deps: { db: Db; storage: FileStorage; access: RequestAccess }) {
  const { db, storage } = deps;
  const { byRequestId, readable } = deps.access;
  return {
    /** Attaches a file: the owner signed in, or anyone with the creation's upload token (one hour). */
    async attach(
      p: Principal | null,
      raw: string,
      token: string | undefined,
      file: { kind: string; fileName: string; contentType: string; bytes: Buffer },
    ) {
      const row = await byRequestId(db, raw);
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
      return db.transaction(async (tx) => {
        // Count under the request's lock: two uploads at once cannot both be the fifth.
        await tx.select({ id: t.id }).from(t).where(eq(t.id, row.id)).for('update');
        const [{ n }] = await tx
          .select({ n: count() })
          .from(contractRequestAttachments)
          .where(eq(contractRequestAttachments.requestId, row.id));
        if (Number(n) >= 5) throw new AppError('BADREQUESTERROR', 442);
        await storage.put(name, file.bytes, tx);
        const [a] = await tx
          .insert(contractRequestAttachments)
          .values({
            id,
            requestId: row.id,
            kind: file.kind,
            contentType: file.contentType,
            fileName: file.fileName,
            bytes: file.bytes.length,
          })
          .returning();
        await tx.insert(contractRequestEvents).values({
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
      const [a] = await db
        .select()
        .from(contractRequestAttachments)
        .where(
          and(
            eq(contractRequestAttachments.id, attachmentId),
            eq(contractRequestAttachments.requestId, row.id),
          ),
        );
      if (!a) throw new AppError('NOTFOUND', 415);
      const bytes = await storage.get(`${a.id}.${a.contentType === 'application/pdf' ? 'pdf' : 'webp'}`);
      if (!bytes) throw new AppError('NOTFOUND', 415);
      return { bytes, contentType: a.contentType, fileName: a.fileName };
    },
  };
}
