-- AlterTable
ALTER TABLE "Upload" ADD COLUMN "height" INTEGER;
ALTER TABLE "Upload" ADD COLUMN "width" INTEGER;
