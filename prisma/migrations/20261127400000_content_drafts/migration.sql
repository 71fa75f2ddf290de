-- Drafts of the next version of a published record (docs/DECISIONS.md, "Drafts of a published item"):
-- the whole record as the console would save it, kept beside the live row until published or discarded.
-- AlterTable
ALTER TABLE "ContentState" ADD COLUMN "draft" TEXT;
ALTER TABLE "ContentState" ADD COLUMN "draftAt" DATETIME;
ALTER TABLE "ContentState" ADD COLUMN "draftBy" INTEGER;
