CREATE TABLE "accounts" (
	"cc" text PRIMARY KEY NOT NULL,
	"space" text NOT NULL,
	"holder_name" text NOT NULL,
	"client_type" text NOT NULL,
	"street" text NOT NULL,
	"number" text,
	"between_streets" text,
	"municipality" integer NOT NULL,
	"popular_council" text,
	"commercial_office" text NOT NULL,
	"policy" text,
	"contract_number" text,
	"nucleus_people" integer DEFAULT 1 NOT NULL,
	"metered" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advance_balances" (
	"cc" text PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"cc" text NOT NULL,
	"subject" text NOT NULL,
	"amount_cents" bigint,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_code_links" (
	"user_id" uuid NOT NULL,
	"cc" text NOT NULL,
	"space" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cc" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"invoiced_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"policy" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"in_flight_payment_id" uuid,
	"consumption_m3" integer
);
--> statement-breakpoint
CREATE TABLE "ledger_payment_invoices" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_payment_invoices_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"cc" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"kind" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cc" text NOT NULL,
	"invoice_ids" uuid[] NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advance_balances" ADD CONSTRAINT "advance_balances_cc_accounts_cc_fk" FOREIGN KEY ("cc") REFERENCES "public"."accounts"("cc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_code_links" ADD CONSTRAINT "client_code_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_code_links" ADD CONSTRAINT "client_code_links_cc_accounts_cc_fk" FOREIGN KEY ("cc") REFERENCES "public"."accounts"("cc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cc_accounts_cc_fk" FOREIGN KEY ("cc") REFERENCES "public"."accounts"("cc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payment_invoices" ADD CONSTRAINT "ledger_payment_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_cc_accounts_cc_fk" FOREIGN KEY ("cc") REFERENCES "public"."accounts"("cc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_agreements" ADD CONSTRAINT "payment_agreements_cc_accounts_cc_fk" FOREIGN KEY ("cc") REFERENCES "public"."accounts"("cc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_space_holder_idx" ON "accounts" USING btree ("space","holder_name");--> statement-breakpoint
CREATE INDEX "accounts_contract_idx" ON "accounts" USING btree ("contract_number");--> statement-breakpoint
CREATE UNIQUE INDEX "client_code_links_cc_uq" ON "client_code_links" USING btree ("cc");--> statement-breakpoint
CREATE INDEX "client_code_links_user_idx" ON "client_code_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_cc_issued_idx" ON "invoices" USING btree ("cc","issued_on" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "invoices_open_cc_idx" ON "invoices" USING btree ("cc") WHERE "invoices"."status" <> 'PAID';--> statement-breakpoint
CREATE INDEX "invoices_in_flight_idx" ON "invoices" USING btree ("in_flight_payment_id") WHERE "invoices"."in_flight_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_payment_invoices_invoice_idx" ON "ledger_payment_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_payments_payment_uq" ON "ledger_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_payments_cc_idx" ON "ledger_payments" USING btree ("cc");--> statement-breakpoint
CREATE INDEX "payment_agreements_cc_idx" ON "payment_agreements" USING btree ("cc");