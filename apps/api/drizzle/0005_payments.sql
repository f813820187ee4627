CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid,
	"method" text,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"result_code" integer,
	"gateway_status" integer,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"space" text NOT NULL,
	"user_id" uuid NOT NULL,
	"cc" text NOT NULL,
	"type" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_percent" integer DEFAULT 0 NOT NULL,
	"invoice_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gateway_ref" text,
	"external_id" text NOT NULL,
	"result_code" integer,
	"redirect_url" text,
	"qr" text,
	"deep_link" text,
	"transaction_code" text,
	"refund_reason" text,
	"refund_ref" text,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_external_uq" ON "payment_requests" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_gateway_ref_uq" ON "payment_requests" USING btree ("method","gateway_ref") WHERE "payment_requests"."gateway_ref" is not null;--> statement-breakpoint
CREATE INDEX "payment_requests_space_created_idx" ON "payment_requests" USING btree ("space","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_user_created_idx" ON "payment_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_cc_idx" ON "payment_requests" USING btree ("cc");--> statement-breakpoint
CREATE INDEX "payment_requests_pending_idx" ON "payment_requests" USING btree ("created_at") WHERE "payment_requests"."status" = 'PENDING';