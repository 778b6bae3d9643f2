CREATE TABLE "block_page_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text NOT NULL,
	"reason" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "block_page_revisions_reason_check" CHECK ("block_page_revisions"."reason" IN ('saved', 'published', 'scheduled', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "block_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"scheduled" jsonb,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"gone_at" timestamp with time zone,
	"redirect_to" text,
	CONSTRAINT "block_pages_state_check" CHECK ("block_pages"."state" IN ('draft', 'published', 'scheduled')),
	CONSTRAINT "block_pages_schedule_check" CHECK (("block_pages"."scheduled" IS NULL) = ("block_pages"."publish_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "block_page_revisions" ADD CONSTRAINT "block_page_revisions_page_id_block_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."block_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_page_revisions_newest_idx" ON "block_page_revisions" USING btree ("page_id","saved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "block_pages_address_idx" ON "block_pages" USING btree ("address");--> statement-breakpoint
CREATE INDEX "block_pages_due_idx" ON "block_pages" USING btree ("publish_at") WHERE "block_pages"."publish_at" IS NOT NULL;