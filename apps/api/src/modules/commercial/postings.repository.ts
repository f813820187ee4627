import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { commercialPostings } from '../../db/schema';
import type { RemotePayment } from './commercial.client';

export type PostingRow = typeof commercialPostings.$inferSelect;

export interface NewPosting {
  paymentId: string;
  space: string;
  cc: string;
  body: RemotePayment;
}

/**
 * The posting outbox (db/schema/commercial.ts): a confirmed payment is written here in the
 * transaction that settles it, and posted by the jobs process (postings.service.ts).
 */
export function createPostingsRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Queues a payment for posting, once per payment id (a second call changes nothing). */
    async enqueue(p: NewPosting, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .insert(commercialPostings)
        .values({
          paymentId: p.paymentId,
          space: p.space,
          cc: p.cc,
          type: p.body.type,
          body: p.body as unknown as Record<string, unknown>,
          amountCents: p.body.amountCents,
        })
        .onConflictDoNothing()
        .returning({ paymentId: commercialPostings.paymentId });
      return rows.length > 0;
    },

    async byPaymentId(paymentId: string, ex: Executor = db): Promise<PostingRow | null> {
      const [row] = await ex
        .select()
        .from(commercialPostings)
        .where(sql`${commercialPostings.paymentId} = ${paymentId}`);
      return row ?? null;
    },
  };
}
export type PostingsRepository = ReturnType<typeof createPostingsRepository>;
