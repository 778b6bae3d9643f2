CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_id" uuid,
	"description" text NOT NULL,
	"quantity_thousandths" bigint NOT NULL,
	"unit" text NOT NULL,
	"unit_price_pence" bigint NOT NULL,
	"vat_rate" text NOT NULL,
	"net_pence" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price_pence" bigint NOT NULL,
	"vat_rate" text DEFAULT 'standard' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supersedes" uuid,
	"state" text DEFAULT 'draft' NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text NOT NULL,
	"discount" jsonb NOT NULL,
	"subtotal_pence" bigint NOT NULL,
	"discount_pence" bigint NOT NULL,
	"vat_pence" bigint NOT NULL,
	"total_pence" bigint NOT NULL,
	"recipient" text,
	"token_hash" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_address" text,
	"accepted_version" integer,
	"decline_reason" text
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_service_id_quote_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."quote_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_version_idx" ON "quotes" USING btree ("number","version");--> statement-breakpoint
CREATE INDEX "quotes_enquiry_idx" ON "quotes" USING btree ("enquiry_id","created_at");