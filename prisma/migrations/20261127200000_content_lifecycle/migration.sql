-- Per-item SEO keywords, and SEO for course notices (课程预告).
ALTER TABLE "Teacher" ADD COLUMN "seoKeywords" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Course" ADD COLUMN "seoKeywords" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Special" ADD COLUMN "seoKeywords" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Activity" ADD COLUMN "seoKeywords" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Viewpoint" ADD COLUMN "seoKeywords" TEXT NOT NULL DEFAULT '';
ALTER TABLE "CourseNotice" ADD COLUMN "seoTitle" TEXT NOT NULL DEFAULT '';
ALTER TABLE "CourseNotice" ADD COLUMN "seoDescription" TEXT NOT NULL DEFAULT '';
ALTER TABLE "CourseNotice" ADD COLUMN "seoKeywords" TEXT NOT NULL DEFAULT '';

-- Where a content record stands beyond its publish flag: first published, due to go live or come down.
CREATE TABLE "ContentState" (
    "entity" TEXT NOT NULL,
    "recordId" INTEGER NOT NULL,
    "firstPublishedAt" DATETIME,
    "publishAt" DATETIME,
    "unpublishAt" DATETIME,
    "scheduledBy" INTEGER,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("entity", "recordId")
);
CREATE INDEX "ContentState_publishAt_idx" ON "ContentState"("publishAt");
CREATE INDEX "ContentState_unpublishAt_idx" ON "ContentState"("unpublishAt");
