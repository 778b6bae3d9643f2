-- Sudo mode (issue 38): when the session last confirmed its password or a current code again.
ALTER TABLE "admin_sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;