-- Issue 29: the visitor's name, e-mail and phone in the same columns for every kind (a quote's were under fields.contact).
ALTER TABLE "enquiries" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "phone" text;--> statement-breakpoint
UPDATE "enquiries" SET
  "name" = nullif(coalesce(fields->>'name', fields->'contact'->>'name'), ''),
  "email" = nullif(coalesce(fields->>'email', fields->'contact'->>'email'), ''),
  "phone" = nullif(coalesce(fields->>'phone', fields->'contact'->>'phone'), '');--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || chr(31) || coalesce(fields->>'company', '') || chr(31) || coalesce(fields->>'businessType', '') || chr(31) || coalesce(email, '') || chr(31) || coalesce(fields->>'location', '') || chr(31) || coalesce(replace(fields->>'location', ' ', ''), '') || chr(31) || coalesce(fields->>'message', ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin ("search_text" gin_trgm_ops);
