import { and, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contractRequests } from '../../db/schema';

/** A verified e-mail takes the requests made anonymously with it (called where an e-mail is verified). */
export async function claimRequestsByEmail(ex: Executor, userId: string, email: string) {
  await ex
    .update(contractRequests)
    .set({ userId })
    .where(
      and(isNull(contractRequests.userId), sql`${contractRequests.email} = ${email.trim().toLowerCase()}`),
    );
}
