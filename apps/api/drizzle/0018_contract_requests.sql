CREATE TABLE "contract_models" (
	"space" text NOT NULL,
	"sector" text NOT NULL,
	"title" jsonb NOT NULL,
	"clauses" jsonb NOT NULL,
	"tariff_basis" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_models_space_sector_pk" PRIMARY KEY("space","sector")
);
--> statement-breakpoint
CREATE TABLE "contract_request_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"actor" uuid,
	"answer" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" text NOT NULL,
	"space" text NOT NULL,
	"sector" text NOT NULL,
	"procedure_type" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"user_id" uuid,
	"lang" text DEFAULT 'es' NOT NULL,
	"full_name" text NOT NULL,
	"national_id" text,
	"entity_code" text,
	"phone" text,
	"email" text,
	"municipality" integer NOT NULL,
	"popular_council" text,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"between1" text NOT NULL,
	"between2" text NOT NULL,
	"reason" text,
	"nucleus_people" integer,
	"metered" boolean DEFAULT false NOT NULL,
	"hydrometer_number" text,
	"connection_request_number" text,
	"entity" text,
	"legal_representative" text,
	"bank_account" text,
	"owner" text,
	"client_code" text,
	"contract_number" text,
	"policy" text,
	"commercial_office" text,
	"contract_place" text,
	"contract_date" date,
	"answer" text,
	"annul_reason" text,
	"new_client_code" text,
	"contract_code" text,
	"contract_file" text,
	"upload_token_hash" text,
	"upload_token_expires_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_models" ADD CONSTRAINT "contract_models_space_spaces_id_fk" FOREIGN KEY ("space") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_request_attachments" ADD CONSTRAINT "contract_request_attachments_request_id_contract_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."contract_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_request_events" ADD CONSTRAINT "contract_request_events_request_id_contract_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."contract_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_request_events" ADD CONSTRAINT "contract_request_events_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_requests" ADD CONSTRAINT "contract_requests_space_spaces_id_fk" FOREIGN KEY ("space") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_requests" ADD CONSTRAINT "contract_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_request_attachments_request_idx" ON "contract_request_attachments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "contract_request_events_request_idx" ON "contract_request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_requests_request_id_uq" ON "contract_requests" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "contract_requests_queue_idx" ON "contract_requests" USING btree ("space","sector","status","municipality","created_at","id");--> statement-breakpoint
CREATE INDEX "contract_requests_sector_idx" ON "contract_requests" USING btree ("space","sector","created_at","id");--> statement-breakpoint
CREATE INDEX "contract_requests_status_idx" ON "contract_requests" USING btree ("space","status","created_at","id");--> statement-breakpoint
CREATE INDEX "contract_requests_user_idx" ON "contract_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_requests_unowned_email_idx" ON "contract_requests" USING btree ("email") WHERE "contract_requests"."user_id" is null;--> statement-breakpoint
CREATE INDEX "contract_requests_debt_idx" ON "contract_requests" USING btree ("client_code") WHERE "contract_requests"."status" = 'DEBT_PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "contract_requests_open_uq" ON "contract_requests" USING btree ("space","client_code","procedure_type") WHERE "contract_requests"."client_code" is not null and "contract_requests"."status" not in ('SIGNED', 'ANNULLED');--> statement-breakpoint
-- Sector specialists see only the queues of their process permissions (design §5): the all-sectors
-- permissions the first seed gave them are taken back.
DELETE FROM "role_permissions" WHERE "permission" LIKE 'CONTRACT_REQUEST:%'
  AND "role_id" IN (SELECT "id" FROM "roles" WHERE "name" IN ('COMMERCIAL_SPECIALIST', 'BIG_CLIENT_SPECIALIST'));
