/**
 * Starting on a database: open it (waiting for a server that is still starting), migrate and seed it
 * once whatever the number of processes starting together (PostgreSQL advisory lock), or, where
 * migrations are a step of their own (production), refuse a schema older than this code.
 */
import path from 'node:path';
import { DEMO_LINKED_CODES } from '@ov/domain';
import type { Config } from '../config';
import { buildCommercialSystem } from '../container';
import { isDatabaseUnavailable } from '../lib/db-errors';
import type { CommercialSystem } from '../modules/billing';
import { type Database, LOCKS, openDatabase, pendingMigrations } from './client';
import { seedIfEmpty } from './seed';
import { seedContractRequestsDemo } from './seed/contract-requests-demo';
import { seedPaymentsDemo } from './seed/payments-demo';

type Log = (msg: string) => void;

/** Opens the database, waiting up to a minute for a server that is still starting or restarting. */
export async function openWhenReady(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  opts: { url?: string; migrate: boolean; log?: Log },
): Promise<Database> {
  const url = opts.url ?? config.DATABASE_URL;
  const deadline = Date.now() + 60_000;
  for (let pause = 500; ; pause = Math.min(pause * 2, 5000)) {
    try {
      return await openDatabase({
        url,
        dataDir: url ? undefined : path.join(config.DATA_DIR, 'pglite'),
        migrate: opts.migrate,
      });
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > deadline) throw err;
      (opts.log ?? console.error)(
        `database not reachable yet (${(err as Error).message}); trying again in ${pause} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * The first seed (administrator, contract models; demo people, ledger, contract requests and payments when
 * DEMO_DATA), under the migration lock: one process seeds, the others find the database seeded.
 * True for the process that seeded.
 */
export async function seedOnce(
  database: Database,
  config: Config,
  progress?: (step: string) => void,
): Promise<boolean> {
  const result = await database.withLock(LOCKS.migrate, async () => {
    const seeded = await seedIfEmpty(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      demo: config.DEMO_DATA,
      ledger: config.COMMERCIAL_SYSTEM === 'ledger',
      progress,
    });
    // Demo contract requests go through the service (contracts drawn up, files stored).
    if (seeded && config.DEMO_DATA) {
      progress?.('demo contract requests (their contracts drawn up)');
      const commercial = buildCommercialSystem(config, database);
      try {
        // They read the demo codes from the commercial system: one over HTTP may still be starting.
        if (await answers(commercial)) await seedContractRequestsDemo(database.db, config, commercial);
        else progress?.('demo contract requests left out: the commercial system does not answer');
      } finally {
        commercial.close?.();
      }
    }
    // Two years of online payments for the dashboard and the records, drawn from the demo ledger (none
    // with a commercial system over HTTP: its payments are its own).
    if (seeded && config.DEMO_DATA && config.COMMERCIAL_SYSTEM === 'ledger') {
      progress?.('two years of demo payments');
      await seedPaymentsDemo(database.db);
    }
    return seeded;
  });
  return result.ran && result.value;
}

/** Whether the commercial system answers (the built-in one at once; one over HTTP within 30 s). */
async function answers(commercial: CommercialSystem): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await commercial.findAccount(DEMO_LINKED_CODES[0].cc);
      return true;
    } catch {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** A process that does not migrate waits (a minute) for the migration step, then refuses an old schema. */
export async function awaitMigrated(database: Database, log: Log = console.error) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const pending = await pendingMigrations(database);
    if (pending === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `The database lacks ${pending} migration(s) of this version: run the migration step (npm run migrate, docs/DEPLOY.md) first`,
      );
    log(`waiting for the migration step (${pending} migration(s) pending)`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
