-- AlterTable
ALTER TABLE "Upload" ALTER COLUMN "size" SET DATA TYPE BIGINT;

-- CreateTable
CREATE TABLE "ResumableUpload" (
    "id" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "originalName" TEXT NOT NULL,
    "uploadId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActivityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResumableUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ResumableUpload_memberId_uploadId_idx" ON "ResumableUpload"("memberId", "uploadId");

-- CreateIndex
CREATE INDEX "ResumableUpload_lastActivityAt_idx" ON "ResumableUpload"("lastActivityAt");

-- AddForeignKey
ALTER TABLE "ResumableUpload" ADD CONSTRAINT "ResumableUpload_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

