-- AlterTable
ALTER TABLE "Member" ADD COLUMN     "passwordChangeDue" BOOLEAN NOT NULL DEFAULT false;

