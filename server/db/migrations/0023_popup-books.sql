ALTER TABLE "popups" ALTER COLUMN "navigation" SET DEFAULT '/book';--> statement-breakpoint
-- The popup's one call to action books the free waste review online (issue 48); a popup that
-- still has the old default (staff never set it: SPEC keeps it in form state) follows it.
UPDATE "popups" SET "navigation" = '/book' WHERE "navigation" = '/contact';
