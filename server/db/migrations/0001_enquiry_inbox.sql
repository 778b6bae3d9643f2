DROP INDEX "enquiries_created_idx";--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "enquiries_newest_idx" ON "enquiries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_kind_newest_idx" ON "enquiries" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_status_newest_idx" ON "enquiries" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);