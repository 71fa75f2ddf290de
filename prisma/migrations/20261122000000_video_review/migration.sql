-- Reviewing member-uploaded teacher videos: the reason for a rejection and when it was decided.
ALTER TABLE "TeacherVideo" ADD COLUMN "reviewNote" TEXT NOT NULL DEFAULT '';
ALTER TABLE "TeacherVideo" ADD COLUMN "reviewedAt" DATETIME;

-- The review queue: pending videos oldest first.
CREATE INDEX "TeacherVideo_status_createdAt_idx" ON "TeacherVideo"("status", "createdAt");
