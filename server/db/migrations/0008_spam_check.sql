-- Spam caught without a third party (issue 31): the check's settings, used form tokens, and why an enquiry was kept as spam.
CREATE TABLE "spam_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"words" jsonb NOT NULL,
	"domains" jsonb NOT NULL,
	"token_secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spam_settings_one_row" CHECK ("spam_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "spam_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "spam_reasons" jsonb;--> statement-breakpoint
CREATE INDEX "spam_tokens_used_idx" ON "spam_tokens" USING btree ("used_at");