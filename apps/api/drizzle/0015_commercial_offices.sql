CREATE TABLE "commercial_offices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space" text NOT NULL,
	"name" text NOT NULL,
	"boss" text,
	"address" text NOT NULL,
	"province" text NOT NULL,
	"municipality" integer NOT NULL,
	"phone" text,
	"hours" text,
	"serves" integer[] DEFAULT '{}' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commercial_offices" ADD CONSTRAINT "commercial_offices_space_spaces_id_fk" FOREIGN KEY ("space") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_offices" ADD CONSTRAINT "commercial_offices_municipality_municipalities_pk_fk" FOREIGN KEY ("municipality") REFERENCES "public"."municipalities"("pk") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commercial_offices_space_name_idx" ON "commercial_offices" USING btree ("space","name");