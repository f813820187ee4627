/**
 * `npm run db:migrate -w apps/api`: the migration step of a production install, run as the database
 * owner (MIGRATION_DATABASE_URL) before the API starts; then the runtime role the API connects with
 * (DATABASE_URL's user, or DATABASE_RUNTIME_ROLE) gets exactly its privileges (db/roles.ts). The API,
 * given MIGRATION_DATABASE_URL, no longer migrates by itself.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from './client';
import { grantRuntimeRole } from './roles';

export async function migrateAsOwner(ownerUrl: string, runtimeRole: string | undefined) {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  try {
    await migrate(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await pool.end();
  }
  if (runtimeRole) await grantRuntimeRole(ownerUrl, runtimeRole);
}

async function main() {
  const ownerUrl = process.env.MIGRATION_DATABASE_URL;
  if (!ownerUrl) throw new Error('MIGRATION_DATABASE_URL (the owner role) is required');
  const runtime =
    process.env.DATABASE_RUNTIME_ROLE ||
    (process.env.DATABASE_URL ? decodeURIComponent(new URL(process.env.DATABASE_URL).username) : undefined);
  await migrateAsOwner(ownerUrl, runtime);
  console.log(`migrated${runtime ? `; privileges of ${runtime} set` : ''}`);
}

if (process.argv[1]?.endsWith('migrate.ts')) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
