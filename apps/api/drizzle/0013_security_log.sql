CREATE TABLE "security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"space" text NOT NULL,
	"event" text NOT NULL,
	"result" text NOT NULL,
	"user_id" uuid,
	"login" text NOT NULL,
	"ip" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_events_space_created_idx" ON "security_events" USING btree ("space","created_at");--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id","created_at");--> statement-breakpoint
-- Append-only like the traces (migration 0001): no row of the security log is changed or removed.
CREATE TRIGGER security_events_no_update_delete BEFORE UPDATE OR DELETE ON security_events
  FOR EACH ROW EXECUTE FUNCTION traces_refuse_change();--> statement-breakpoint
CREATE TRIGGER security_events_no_truncate BEFORE TRUNCATE ON security_events
  FOR EACH STATEMENT EXECUTE FUNCTION traces_refuse_change();
