-- Issue 29: the client-code lookup's holder-name search (`holder_name ilike '%…%'` over a million
-- codes) found and counted through a trigram index instead of reading every row. pg_trgm ships with
-- PostgreSQL (contrib) and is a trusted extension: the database's owner creates it (PGlite loads it
-- as `@electric-sql/pglite/contrib/pg_trgm`, src/db/client.ts).
-- On a large database, build the index beforehand without blocking writes (docs/DEPLOY.md, "Upgrading
-- a large database"): `IF NOT EXISTS` then finds it there.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_holder_trgm_idx" ON "accounts" USING gin ("holder_name" gin_trgm_ops);
