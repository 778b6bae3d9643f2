-- The inbox search index (enquiries_search_idx) uses trigrams; pg_trgm is a trusted extension (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "enquiries_created_idx";--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(fields->>'name', '') || chr(31) || coalesce(fields->'contact'->>'name', '') || chr(31) || coalesce(fields->>'company', '') || chr(31) || coalesce(fields->>'businessType', '') || chr(31) || coalesce(fields->>'email', '') || chr(31) || coalesce(fields->'contact'->>'email', '') || chr(31) || coalesce(fields->>'location', '') || chr(31) || coalesce(replace(fields->>'location', ' ', ''), '') || chr(31) || coalesce(fields->>'message', ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "enquiries_newest_idx" ON "enquiries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_kind_newest_idx" ON "enquiries" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_status_newest_idx" ON "enquiries" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin ("search_text" gin_trgm_ops);