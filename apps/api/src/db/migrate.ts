/**
 * `npm run migrate` (compiled: `node apps/api/dist/migrate.js`): the migration step of an install or
 * an upgrade, run before the API processes start (docs/DEPLOY.md). Applies the committed migrations
 * and the first seed under a PostgreSQL advisory lock, so any number of these (or of API processes
 * migrating at start) running together migrate once. With MIGRATION_DATABASE_URL it runs as that
 * owner role and then gives the runtime role the API connects with (DATABASE_URL's user, or
 * DATABASE_RUNTIME_ROLE) exactly its privileges (db/roles.ts).
 */
import { pathToFileURL } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { loadConfig } from '../config';
import { openWhenReady, seedOnce } from './bootstrap';
import { LOCK_NAMESPACE, LOCKS, MIGRATIONS_FOLDER } from './client';
import { migrateOnline } from './migrate-online';
import { grantRuntimeRole } from './roles';

export async function migrateAsOwner(ownerUrl: string, runtimeRole: string | undefined) {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 2 });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, LOCKS.migrate]);
    await migrate(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER });
    await lock.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, LOCKS.migrate]);
  } finally {
    lock.release();
    await pool.end();
  }
  if (runtimeRole) await grantRuntimeRole(ownerUrl, runtimeRole);
}

async function main() {
  const config = loadConfig(process.env, { purpose: 'migrate' });
  const ownerUrl = config.MIGRATION_DATABASE_URL;
  const runtime =
    process.env.DATABASE_RUNTIME_ROLE ||
    (config.DATABASE_URL ? decodeURIComponent(new URL(config.DATABASE_URL).username) : undefined);
  // `--online`: the pending migrations' index builds without blocking writes first (migrate-online.ts).
  const onlineUrl = ownerUrl ?? config.DATABASE_URL;
  if (process.argv.includes('--online')) {
    if (!onlineUrl)
      throw new Error('--online needs a PostgreSQL database (DATABASE_URL or MIGRATION_DATABASE_URL)');
    const applied = await migrateOnline(onlineUrl);
    console.log(`online: ${applied} migration(s) applied with their indexes built concurrently`);
  }
  if (ownerUrl) await migrateAsOwner(ownerUrl, runtime);
  // The seed as the owner where there is one (or on DATABASE_URL, or the development PGlite).
  const database = await openWhenReady(config, { url: ownerUrl ?? config.DATABASE_URL, migrate: !ownerUrl });
  try {
    const seeded = await seedOnce(database, config, (step) => console.log(`seeding ${step}`));
    console.log(
      `migrated${ownerUrl && runtime ? `; privileges of ${runtime} set` : ''}; ${
        seeded
          ? `empty database seeded (admin ${config.ADMIN_EMAIL}, demo ${config.DEMO_DATA})`
          : 'already seeded'
      }`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
