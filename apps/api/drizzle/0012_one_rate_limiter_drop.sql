DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "rate_events" CASCADE;