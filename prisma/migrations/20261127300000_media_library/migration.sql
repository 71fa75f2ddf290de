-- The media library: alt text and a folder per file (docs/DECISIONS.md, "Media library").
-- AlterTable
ALTER TABLE "Upload" ADD COLUMN "alt" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Upload" ADD COLUMN "folder" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Upload_folder_idx" ON "Upload"("folder");
