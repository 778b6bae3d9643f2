CREATE TABLE "site_document_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text NOT NULL,
	"reason" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "site_document_revisions_reason_check" CHECK ("site_document_revisions"."reason" IN ('saved', 'published', 'scheduled', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"published" jsonb,
	"draft" jsonb,
	"scheduled" jsonb,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_documents_schedule_check" CHECK (("site_documents"."scheduled" IS NULL) = ("site_documents"."publish_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "site_document_revisions" ADD CONSTRAINT "site_document_revisions_key_site_documents_key_fk" FOREIGN KEY ("key") REFERENCES "public"."site_documents"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_document_revisions_newest_idx" ON "site_document_revisions" USING btree ("key","saved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "site_documents_due_idx" ON "site_documents" USING btree ("publish_at") WHERE "site_documents"."publish_at" IS NOT NULL;