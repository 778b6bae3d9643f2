-- New-browser sign-in mail (issue 30): the browsers each account has signed in from, by the SHA-256 of their long-lived cookie.
CREATE TABLE "admin_browsers" (
	"admin_id" uuid NOT NULL,
	"browser_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_browsers_admin_id_browser_hash_pk" PRIMARY KEY("admin_id","browser_hash")
);
--> statement-breakpoint
ALTER TABLE "admin_browsers" ADD CONSTRAINT "admin_browsers_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;