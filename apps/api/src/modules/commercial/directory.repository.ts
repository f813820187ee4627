import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { accounts } from '../../db/schema';

export interface DirectoryEntry {
  cc: string;
  space: string;
  holderName: string;
  clientType: string;
  street: string;
  municipality: number;
  commercialOffice: string;
  policy: string | null;
  contractNumber: string | null;
  active: boolean;
}

/**
 * The portal's directory of the codes it knows (billing's `accounts` table), with a commercial system
 * over HTTP: a row per account the system answered or a contract opened there, kept current, so the
 * customers' links to codes (client_code_links → accounts) hold. Never invoices or balances: those
 * are only the commercial system's.
 */
export function createDirectoryRepository(db: Db) {
  return {
    async mirror(entries: DirectoryEntry[], ex: Executor = db): Promise<void> {
      if (!entries.length) return;
      await ex
        .insert(accounts)
        .values(entries)
        .onConflictDoUpdate({
          target: accounts.cc,
          set: {
            holderName: sql`excluded.holder_name`,
            clientType: sql`excluded.client_type`,
            street: sql`excluded.street`,
            municipality: sql`excluded.municipality`,
            commercialOffice: sql`excluded.commercial_office`,
            policy: sql`excluded.policy`,
            contractNumber: sql`excluded.contract_number`,
            active: sql`excluded.active`,
          },
          // Only when something changed: no write (nor trigger) on every read.
          setWhere: sql`(${accounts.holderName}, ${accounts.clientType}, ${accounts.street}, ${accounts.municipality},
            ${accounts.commercialOffice}, ${accounts.policy}, ${accounts.contractNumber}, ${accounts.active})
            is distinct from (excluded.holder_name, excluded.client_type, excluded.street, excluded.municipality,
            excluded.commercial_office, excluded.policy, excluded.contract_number, excluded.active)`,
        });
    },
  };
}
export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
