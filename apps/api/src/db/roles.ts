import pg from 'pg';

/** The append-only tables: evidence that the API may add to and read, never change or erase. */
export const APPEND_ONLY_TABLES = ['traces', 'payment_events', 'security_events'] as const;

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain role name: ${name}`);
  return `"${name}"`;
};

/**
 * What the API's runtime role may do, given by the owner after every migration: read and write the
 * ordinary tables and use their sequences, but on the append-only tables only SELECT and INSERT. Not
 * being their owner, it cannot ALTER them (disable a trigger), DROP or TRUNCATE them either. It reads
 * drizzle's migration journal (schema `drizzle`), as every process does at start to see whether the
 * migration step has run (`awaitMigrated`); without it a production process exits at start.
 */
export async function grantRuntimeRole(ownerUrl: string, role: string) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const r = ident(role);
    const appendOnly = APPEND_ONLY_TABLES.join(', ');
    await client.query('begin');
    await client.query(`grant usage on schema public to ${r}`);
    await client.query(`grant select, insert, update, delete on all tables in schema public to ${r}`);
    await client.query(`grant usage, select on all sequences in schema public to ${r}`);
    await client.query(`revoke update, delete, truncate, references, trigger on ${appendOnly} from ${r}`);
    await client.query(`grant select, insert on ${appendOnly} to ${r}`);
    await client.query(`grant usage on schema drizzle to ${r}`);
    await client.query(`grant select on drizzle.__drizzle_migrations to ${r}`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
