CREATE TABLE "booking_feeds" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "booking_reviewers" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_feeds" ADD CONSTRAINT "booking_feeds_staff_id_admins_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviewers" ADD CONSTRAINT "booking_reviewers_staff_id_admins_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_staff_slot_idx" ON "bookings" USING btree (coalesce("staff_id", '00000000-0000-0000-0000-000000000000'::uuid),"starts_at") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
-- The office-wide slot index gives way to the per-colleague one (created first: never no index).
DROP INDEX "bookings_slot_idx";
