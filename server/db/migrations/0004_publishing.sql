-- Post states (issue 23): every existing post stays Published; a Scheduled post carries its publication time.
ALTER TABLE "blog_posts" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
-- Every write adds one: a save naming an older version is refused (two editors never overwrite each other).
ALTER TABLE "blog_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_state_check" CHECK ("state" IN ('draft', 'scheduled', 'published') AND ("state" = 'scheduled') = ("publish_at" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "blog_posts_state_date_added_idx" ON "blog_posts" USING btree ("state","date_added");--> statement-breakpoint
CREATE INDEX "blog_posts_due_idx" ON "blog_posts" USING btree ("publish_at") WHERE "state" = 'scheduled';
