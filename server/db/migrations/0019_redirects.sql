CREATE TABLE "not_found_paths" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	CONSTRAINT "not_found_paths_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_path" text NOT NULL,
	"to_target" text,
	"status" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_status_check" CHECK ("redirects"."status" IN (301, 302, 410)),
	CONSTRAINT "redirects_target_check" CHECK (("redirects"."status" = 410) = ("redirects"."to_target" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "not_found_paths_path_idx" ON "not_found_paths" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_idx" ON "redirects" USING btree ("from_path");--> statement-breakpoint
CREATE INDEX "redirects_to_idx" ON "redirects" USING btree ("to_target");