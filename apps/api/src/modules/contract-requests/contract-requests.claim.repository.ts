import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contractRequestClaims, contractRequests } from '../../db/schema';

export type ClaimRow = typeof contractRequestClaims.$inferSelect;

const c = contractRequestClaims;
const openClaimOf = (requestId: string, userId: string) =>
  and(eq(c.requestId, requestId), eq(c.userId, userId), isNull(c.usedAt));

/** The SQL of claiming an anonymous request (part of the contract-requests repository; all in a transaction). */
export function claimQueries() {
  return {
    /** A new claim for the request and account; the older unused ones of the same pair are spent. */
    async newClaim(tx: Executor, requestId: string, userId: string, expiresAt: Date) {
      await tx.update(c).set({ usedAt: sql`now()` }).where(openClaimOf(requestId, userId));
      const [claim] = await tx
        .insert(c)
        .values({ requestId, userId, codeHash: 'pending', expiresAt })
        .returning({ id: c.id });
      return claim.id;
    },

    async setClaimCodeHash(tx: Executor, id: string, codeHash: string) {
      await tx.update(c).set({ codeHash }).where(eq(c.id, id));
    },

    /** The latest unused claim of the request and account, held until the transaction ends. */
    async latestOpenClaim(tx: Executor, requestId: string, userId: string): Promise<ClaimRow | undefined> {
      const [claim] = await tx
        .select()
        .from(c)
        .where(openClaimOf(requestId, userId))
        .orderBy(desc(c.createdAt))
        .limit(1)
        .for('update');
      return claim;
    },

    /** A wrong try counted; `spend` ends the claim (its last try). */
    async countWrongTry(tx: Executor, claim: ClaimRow, spend: boolean) {
      await tx
        .update(c)
        .set({ attempts: sql`${c.attempts} + 1`, usedAt: spend ? sql`now()` : null })
        .where(eq(c.id, claim.id));
    },

    async spendClaim(tx: Executor, id: string) {
      await tx.update(c).set({ usedAt: sql`now()` }).where(eq(c.id, id));
    },

    /**
     * The anonymous request becomes the user's and its upload token stops working; undefined when it
     * has an owner already.
     */
    async takeOwnership(tx: Executor, id: string, userId: string) {
      const [after] = await tx
        .update(contractRequests)
        .set({
          userId,
          uploadTokenHash: null,
          uploadTokenExpiresAt: null,
          version: sql`${contractRequests.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(contractRequests.id, id), isNull(contractRequests.userId)))
        .returning();
      return after;
    },
  };
}
