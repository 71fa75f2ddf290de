-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "alt" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "folder" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Upload_folder_idx" ON "Upload"("folder");

