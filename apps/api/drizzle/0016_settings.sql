CREATE TABLE "settings" (
	"space" text PRIMARY KEY NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_space_spaces_id_fk" FOREIGN KEY ("space") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every API process keeps the settings in memory; a change is announced on `ov_cache` (delivered on
-- commit to every listening connection, migration 0008) so each process reads them again.
CREATE OR REPLACE FUNCTION settings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ov_cache', 'settings:' || NEW.space);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER settings_cache_notify AFTER INSERT OR UPDATE ON settings FOR EACH ROW
  EXECUTE FUNCTION settings_notify();
