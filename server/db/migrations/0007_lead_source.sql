-- Each lead's source (issue 31): where the visit started and came from, as the visitor's browser sent it.
ALTER TABLE "enquiries" ADD COLUMN "source" jsonb;