-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "queueJobId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Job_queueJobId_key" ON "Job"("queueJobId");

