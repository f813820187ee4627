-- Issue 29: free-text searches (`ilike '%…%'`) found and counted through trigram indexes instead of
-- reading every row: the client-code lookup's holder name (a million codes) and the users list's
-- five searched columns (a million users; each column its own index, combined by a BitmapOr).
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database's owner creates
-- it. PGlite loads it as `@electric-sql/pglite/contrib/pg_trgm` (src/db/client.ts).
-- A search of one or two characters has no trigram: it still reads the rows (docs/performance.md).
-- On a large database, `npm run migrate -- --online` builds these first without blocking writes
-- (docs/DEPLOY.md, "Upgrading a large database"); `IF NOT EXISTS` then finds them there.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_holder_trgm_idx" ON "accounts" USING gin ("holder_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);
