import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { seedContractRequestsDemo } from './db/seed/contract-requests-demo';
import { seedPaymentsDemo } from './db/seed/payments-demo';
import { isDatabaseUnavailable } from './lib/db-errors';

/** Opens the database, waiting up to a minute for a server that is still starting or restarting. */
async function openWhenReady(config: ReturnType<typeof loadConfig>) {
  const deadline = Date.now() + 60_000;
  for (let pause = 500; ; pause = Math.min(pause * 2, 5000)) {
    try {
      return await openDatabase({
        url: config.DATABASE_URL,
        dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
        // With an owner role for migrations (docs/operations), the API's own role does not migrate.
        migrate: !config.MIGRATION_DATABASE_URL,
      });
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > deadline) throw err;
      console.error(`database not reachable yet (${(err as Error).message}); trying again in ${pause} ms`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

async function main() {
  const config = loadConfig();
  const database = await openWhenReady(config);
  const seeded = await seedIfEmpty(database.db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
    demo: config.DEMO_DATA,
  });
  // Demo contract requests go through the service (contracts drawn up, files stored in DATA_DIR).
  if (seeded && config.DEMO_DATA) await seedContractRequestsDemo(database.db, config);
  // Two years of online payments for the dashboard and the records, drawn from the demo ledger.
  if (seeded && config.DEMO_DATA) await seedPaymentsDemo(database.db);
  const app = await buildApp({ config, database });
  if (seeded) app.log.info({ admin: config.ADMIN_EMAIL, demo: config.DEMO_DATA }, 'empty database seeded');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  // A promise nobody awaited (a live push sent after a commit, say) that fails while the database is
  // away must not end the process: it is logged, and requests go on answering 503 until it is back.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Oficina Virtual en http://localhost:${config.PORT}/oficina_virtual (${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
