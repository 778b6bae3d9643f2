-- Issue 45: the form tokens are signed with a key derived from the secrets key, so the stored token
-- secret is no longer read. The column stays (migrations only add), holding random bytes nothing
-- uses: the secret a copy of the database or an export held no longer signs anything accepted, and
-- an instance of the previous version, during a rolling upgrade, signs with a key nobody knows.
ALTER TABLE "spam_settings" ALTER COLUMN "token_secret" SET DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');--> statement-breakpoint
UPDATE "spam_settings" SET "token_secret" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');--> statement-breakpoint
-- `npm run secrets:rotate -- --renew`: the account whose authenticator app it removed must enrol again.
ALTER TABLE "admins" ADD COLUMN "enrolment_due_at" timestamp with time zone;--> statement-breakpoint
-- ... and the webhook endpoint it gave a secret nobody has seen (the Owner rotates it to see one).
ALTER TABLE "webhook_endpoints" ADD COLUMN "secret_renewed_at" timestamp with time zone;
