import { existsSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { awaitMigrated, openWhenReady, seedOnce } from './db/bootstrap';

async function main() {
  const config = loadConfig();
  // Migrations and the first seed under an advisory lock (once, whatever the number of processes
  // starting together); in production they are a step of their own (npm run migrate) by default.
  // With an owner role for migrations (MIGRATION_DATABASE_URL), the API's own role never migrates.
  const migrate = config.MIGRATE_ON_START && !config.MIGRATION_DATABASE_URL;
  // A first start says what it is doing (a minute or two on a slow machine), outside production.
  const say = config.NODE_ENV === 'production' ? undefined : (line: string) => console.log(line);
  const started = Date.now();
  const pglite = path.join(config.DATA_DIR, 'pglite');
  if (migrate && !config.DATABASE_URL && !existsSync(pglite))
    say?.(`First start: creating the embedded database in ${shortPath(pglite)}`);
  const database = await openWhenReady(config, { migrate });
  if (!migrate) await awaitMigrated(database);
  const seeded = migrate
    ? await seedOnce(database, config, say && ((step) => say(`First start: seeding ${step}`)))
    : false;
  if (seeded) say?.(`First start: database ready in ${Math.round((Date.now() - started) / 1000)} s`);
  const app = await buildApp({ config, database });
  if (seeded) app.log.info({ admin: config.ADMIN_EMAIL, demo: config.DEMO_DATA }, 'empty database seeded');

  // Graceful shutdown with a deadline: on SIGTERM/SIGINT (or an uncaught exception, logged first)
  // the server stops accepting requests, finishes those in flight and the job passes under way,
  // then closes the database; past SHUTDOWN_TIMEOUT_MS it exits anyway.
  closeWithGrace(
    {
      delay: config.SHUTDOWN_TIMEOUT_MS,
      // Handled below: a rejection must not stop a process that is serving.
      skip: ['unhandledRejection'],
      logger: { error: (msg: unknown) => app.log.error(msg) },
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, 'uncaught exception; shutting down');
      else app.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
      await app.close();
      await database.close();
    },
  );
  // A promise nobody awaited (a live push sent after a commit, say) that fails while the database is
  // away must not end the process: it is logged, and requests go on answering 503 until it is back.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { roles: config.PROCESS_ROLES },
    `Oficina Virtual en http://localhost:${config.PORT}/oficina_virtual (${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
  );
}

/** A folder as the person who started the process would write it (relative under the current one). */
function shortPath(folder: string) {
  const relative = path.relative(process.cwd(), folder);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : folder;
}

main().catch((err) => {
  // The message and its cause (a failed query's message says which query, its cause what the
  // database answered: "permission denied for schema …"); never a stack trace or a secret.
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  console.error(err instanceof Error ? `${err.message.split('\n')[0]}${cause}` : err);
  process.exit(1);
});
