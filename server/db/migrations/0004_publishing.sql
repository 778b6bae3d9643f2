-- Post states (issue 23): every existing post stays Published; a Scheduled post carries its publication time.
ALTER TABLE "blog_posts" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
-- Every write adds one: a save naming an older version is refused (two editors never overwrite each other).
ALTER TABLE "blog_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- SEO per post: a meta description (empty: derived from the text) and the paragraph whose picture is the social image (null: the first picture).
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_image_paragraph" integer;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_social_image_paragraph_check" CHECK ("social_image_paragraph" BETWEEN 0 AND 2);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_state_check" CHECK ("state" IN ('draft', 'scheduled', 'published') AND ("state" = 'scheduled') = ("publish_at" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "blog_posts_state_date_added_idx" ON "blog_posts" USING btree ("state","date_added");--> statement-breakpoint
CREATE INDEX "blog_posts_due_idx" ON "blog_posts" USING btree ("publish_at") WHERE "state" = 'scheduled';
--> statement-breakpoint
-- Revisions: what a post was at each publish and manual save (who, when); the last 50 per post are kept.
CREATE TABLE "blog_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text NOT NULL,
	"reason" text NOT NULL,
	"post" jsonb NOT NULL,
	CONSTRAINT "blog_revisions_reason_check" CHECK ("reason" IN ('published', 'saved', 'restored'))
);--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD CONSTRAINT "blog_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_revisions_post_newest_idx" ON "blog_revisions" USING btree ("post_id","saved_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
