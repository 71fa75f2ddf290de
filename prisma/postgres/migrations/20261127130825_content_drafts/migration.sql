-- AlterTable
ALTER TABLE "ContentState" ADD COLUMN     "draft" TEXT,
ADD COLUMN     "draftAt" TIMESTAMP(3),
ADD COLUMN     "draftBy" INTEGER;

