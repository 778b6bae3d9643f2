CREATE TABLE "lost_reasons" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "stage_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "lost_note" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "won_pence" bigint;--> statement-breakpoint
CREATE INDEX "enquiries_stage_newest_idx" ON "enquiries" USING btree ("stage","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Existing statuses onto the stages (decision record "pipeline and quotes"); the status column is left as it was.
UPDATE "enquiries" SET "stage" = 'contacted', "stage_changed_at" = "status_changed_at" WHERE "status" = 'contacted';--> statement-breakpoint
UPDATE "enquiries" SET "stage" = 'lost', "lost_reason" = 'closed', "stage_changed_at" = "status_changed_at" WHERE "status" = 'closed';
