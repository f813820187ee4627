import { buildApp } from './app';
import { loadConfig } from './config';
import { awaitMigrated, openWhenReady, seedOnce } from './db/bootstrap';

async function main() {
  const config = loadConfig();
  // Migrations and the first seed under an advisory lock (once, whatever the number of processes
  // starting together); in production they are a step of their own (npm run migrate) by default.
  // With an owner role for migrations (MIGRATION_DATABASE_URL), the API's own role never migrates.
  const migrate = config.MIGRATE_ON_START && !config.MIGRATION_DATABASE_URL;
  const database = await openWhenReady(config, { migrate });
  if (!migrate) await awaitMigrated(database);
  const seeded = migrate ? await seedOnce(database, config) : false;
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
