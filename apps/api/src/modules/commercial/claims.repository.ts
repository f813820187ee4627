import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { commercialClaims, commercialPostings } from '../../db/schema';

export interface Hold {
  cc: string;
  invoiceNumber: string;
  paymentId: string;
}

/**
 * Invoices held by a portal payment (commercial_claims): claimed by a payment in flight, or paid and
 * waiting in the posting outbox (commercial_postings PENDING) until the commercial system applies it.
 * Either way no second payment may take them (result code 4) and the customer sees them "Procesando".
 */
export function createClaimsRepository(db: Db) {
  return {
    /** What holds the invoices of these codes now: claims and payments waiting to be posted. */
    async holds(ccs: string[], ex: Executor = db): Promise<Hold[]> {
      if (!ccs.length) return [];
      const [claims, waiting] = await Promise.all([
        ex
          .select({
            cc: commercialClaims.cc,
            invoiceNumber: commercialClaims.invoiceNumber,
            paymentId: commercialClaims.paymentId,
          })
          .from(commercialClaims)
          .where(inArray(commercialClaims.cc, ccs)),
        this.waitingPostings(ccs, ex),
      ]);
      return [...claims, ...waiting];
    },

    /** Invoices of CC payments confirmed by a gateway and not yet applied by the commercial system. */
    async waitingPostings(ccs: string[], ex: Executor = db): Promise<Hold[]> {
      const rows = await ex
        .select({
          cc: commercialPostings.cc,
          paymentId: commercialPostings.paymentId,
          numbers: sql<
            string[] | null
          >`(select array_agg(e->>'invoiceNumber') from jsonb_array_elements(${commercialPostings.body}->'invoices') e)`,
        })
        .from(commercialPostings)
        .where(
          and(
            inArray(commercialPostings.cc, ccs),
            eq(commercialPostings.status, 'PENDING'),
            eq(commercialPostings.type, 'CC'),
          ),
        );
      return rows.flatMap((r) =>
        (r.numbers ?? []).map((invoiceNumber) => ({ cc: r.cc, invoiceNumber, paymentId: r.paymentId })),
      );
    },

    /** The payment's claims, locked. */
    async claimsOf(tx: Executor, paymentId: string) {
      return tx
        .select({
          cc: commercialClaims.cc,
          invoiceNumber: commercialClaims.invoiceNumber,
          dueCents: commercialClaims.dueCents,
        })
        .from(commercialClaims)
        .where(eq(commercialClaims.paymentId, paymentId))
        .for('update');
    },

    /** The invoices among `numbers` another payment claimed. */
    async claimedByOthers(tx: Executor, cc: string, numbers: string[], paymentId: string) {
      const rows = await tx
        .select({ invoiceNumber: commercialClaims.invoiceNumber })
        .from(commercialClaims)
        .where(
          and(
            eq(commercialClaims.cc, cc),
            inArray(commercialClaims.invoiceNumber, numbers),
            ne(commercialClaims.paymentId, paymentId),
          ),
        );
      return rows.map((r) => r.invoiceNumber);
    },

    /**
     * Claims the invoices for the payment (again with the same payment: the amount due is refreshed).
     * Answers the numbers it holds now; one missing was taken by another payment meanwhile.
     */
    async claim(
      tx: Executor,
      paymentId: string,
      rows: { cc: string; invoiceNumber: string; dueCents: number }[],
    ) {
      if (!rows.length) return [];
      const got = await tx
        .insert(commercialClaims)
        .values(rows.map((r) => ({ ...r, paymentId })))
        .onConflictDoUpdate({
          target: [commercialClaims.cc, commercialClaims.invoiceNumber],
          set: { dueCents: sql`excluded.due_cents` },
          setWhere: sql`${commercialClaims.paymentId} = excluded.payment_id`,
        })
        .returning({ invoiceNumber: commercialClaims.invoiceNumber });
      return got.map((r) => r.invoiceNumber);
    },

    /** Frees what the payment claimed; how many. */
    async release(tx: Executor, paymentId: string): Promise<number> {
      const gone = await tx
        .delete(commercialClaims)
        .where(eq(commercialClaims.paymentId, paymentId))
        .returning({ n: commercialClaims.invoiceNumber });
      return gone.length;
    },
  };
}
export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
