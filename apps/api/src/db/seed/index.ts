import { ensureContractModels } from '../../modules/contract-requests';
import type { Db } from '../client';
import { DEFAULT_SPACE, seedBase } from './base';
import { seedBillingDemo } from './billing-demo';
import { seedDemo } from './demo';
import { seedFaqsDemo } from './faqs-demo';
import { seedOfficesDemo } from './offices-demo';

export { DEFAULT_SPACE } from './base';

/** On an empty database: the base always, the demo people unless switched off. */
export async function seedIfEmpty(
  db: Db,
  opts: {
    adminEmail: string;
    adminPassword: string;
    demo: boolean;
    /** false: the accounts and invoices live in the utility's commercial system (COMMERCIAL_SYSTEM=http). */
    ledger?: boolean;
    /** Told what is being seeded, step by step, on a first start (`npm start` prints it). */
    progress?: (step: string) => void;
  },
) {
  const created = await seedBase(db, { email: opts.adminEmail, password: opts.adminPassword });
  if (created) opts.progress?.('administrator, roles and contract models');
  // Every sector can sign from the first start (design §5); an install from before gets them too.
  await ensureContractModels(db, DEFAULT_SPACE);
  if (created && opts.demo) opts.progress?.('demo people, client codes and two years of invoices');
  if (created && opts.demo) await seedDemo(db);
  if (created && opts.demo) await seedBillingDemo(db, new Date(), { ledger: opts.ledger });
  if (created && opts.demo) await seedFaqsDemo(db);
  if (created && opts.demo) await seedOfficesDemo(db);
  return created;
}
