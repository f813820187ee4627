import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, billingDocuments, contractModels, contractRequests } from '../../db/schema';
import { type ContractModel, DEFAULT_CONTRACT_MODELS } from './contract-requests.pdf';

export type NewAccount = typeof accounts.$inferInsert;
export type AccountChanges = Partial<NewAccount>;

/**
 * The SQL of the contract (part of the contract-requests repository): its model, its verification
 * record, what it changes in the ledger.
 */
export function contractQueries() {
  return {
    /** The space's contract model for the sector, or undefined. */
    async contractModel(ex: Executor, space: string, sector: string): Promise<ContractModel | undefined> {
      const [m] = await ex
        .select()
        .from(contractModels)
        .where(and(eq(contractModels.space, space), eq(contractModels.sector, sector)));
      return m ? { title: m.title, clauses: m.clauses, tariffBasis: m.tariffBasis } : undefined;
    },

    /** Whether a client code is an account already or reserved by a request's contract. */
    async clientCodeInUse(ex: Executor, cc: string) {
      const [taken] = await ex.select({ cc: accounts.cc }).from(accounts).where(eq(accounts.cc, cc));
      const [reserved] = await ex
        .select({ id: contractRequests.id })
        .from(contractRequests)
        .where(eq(contractRequests.newClientCode, cc));
      return Boolean(taken || reserved);
    },

    /** The contract's record behind its verification code. */
    async insertContractDocument(
      tx: Executor,
      values: { code: string; cc: string; subject: string; amountCents?: number | null },
    ) {
      await tx.insert(billingDocuments).values({ amountCents: null, ...values, kind: 'CONTRACT' });
    },

    async updateAccount(tx: Executor, cc: string, set: AccountChanges) {
      await tx.update(accounts).set(set).where(eq(accounts.cc, cc));
    },
  };
}

/** Each sector's default contract model, for a space that has none (idempotent; the seed runs it). */
export async function ensureContractModels(ex: Executor, space: string) {
  await ex
    .insert(contractModels)
    .values(
      Object.entries(DEFAULT_CONTRACT_MODELS).map(([sector, m]) => ({
        space,
        sector,
        title: m.title,
        clauses: m.clauses,
        tariffBasis: m.tariffBasis,
      })),
    )
    .onConflictDoNothing();
}
