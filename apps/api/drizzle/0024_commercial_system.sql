CREATE TABLE "commercial_claims" (
	"cc" text NOT NULL,
	"invoice_number" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"due_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commercial_claims_cc_invoice_number_pk" PRIMARY KEY("cc","invoice_number")
);
--> statement-breakpoint
CREATE TABLE "commercial_last_known" (
	"cc" text NOT NULL,
	"key" text NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stale" timestamp with time zone,
	CONSTRAINT "commercial_last_known_cc_key_pk" PRIMARY KEY("cc","key")
);
--> statement-breakpoint
CREATE TABLE "commercial_postings" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"space" text NOT NULL,
	"cc" text NOT NULL,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"posting_id" text,
	"refusal_reason" text,
	"choice" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "commercial_state" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"ok_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_invoice_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_invoice_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "commercial_claims_payment_idx" ON "commercial_claims" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "commercial_postings_due_idx" ON "commercial_postings" USING btree ("next_attempt_at") WHERE "commercial_postings"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "commercial_postings_space_status_idx" ON "commercial_postings" USING btree ("space","status","created_at");