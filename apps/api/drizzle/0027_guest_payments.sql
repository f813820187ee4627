-- Pay without an account (issue 30): a guest's payment has no user; the payer's optional address and
-- language for the receipt e-mail are kept beside it. One confirmation per address, code and period.
ALTER TABLE "payment_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "guest_language" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_guest_ck" CHECK ("user_id" IS NOT NULL OR "type" = 'CC');--> statement-breakpoint
CREATE INDEX "payment_requests_guest_cc_idx" ON "payment_requests" USING btree ("cc","created_at") WHERE "user_id" IS NULL;--> statement-breakpoint
CREATE TABLE "guest_payment_mails" (
	"email" text NOT NULL,
	"cc" text NOT NULL,
	"period" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_payment_mails_pk" PRIMARY KEY("email","cc","period")
);
