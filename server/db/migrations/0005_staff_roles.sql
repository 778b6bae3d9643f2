-- Staff roles (issue 30): every account from before roles becomes an Owner, and so does every invitation still waiting (they were made when everyone had every right). New rows name their role: no default.
ALTER TABLE "admins" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_check" CHECK ("admins"."role" IN ('owner', 'desk', 'editor'));--> statement-breakpoint
ALTER TABLE "admin_invites" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_invites" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_role_check" CHECK ("admin_invites"."role" IN ('owner', 'desk', 'editor'));
