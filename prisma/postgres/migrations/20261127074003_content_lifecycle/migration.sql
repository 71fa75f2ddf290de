-- AlterTable
ALTER TABLE "Teacher" ADD COLUMN     "seoKeywords" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "seoKeywords" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Special" ADD COLUMN     "seoKeywords" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "CourseNotice" ADD COLUMN     "seoDescription" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "seoKeywords" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "seoTitle" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Activity" ADD COLUMN     "seoKeywords" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Viewpoint" ADD COLUMN     "seoKeywords" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "ContentState" (
    "entity" TEXT NOT NULL,
    "recordId" INTEGER NOT NULL,
    "firstPublishedAt" TIMESTAMP(3),
    "publishAt" TIMESTAMP(3),
    "unpublishAt" TIMESTAMP(3),
    "scheduledBy" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentState_pkey" PRIMARY KEY ("entity","recordId")
);

-- CreateIndex
CREATE INDEX "ContentState_publishAt_idx" ON "ContentState"("publishAt");

-- CreateIndex
CREATE INDEX "ContentState_unpublishAt_idx" ON "ContentState"("unpublishAt");

