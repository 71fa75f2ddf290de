-- CreateTable
CREATE TABLE "VideoProgress" (
    "memberId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" INTEGER NOT NULL,
    "position" DOUBLE PRECISION NOT NULL,
    "duration" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VideoProgress_pkey" PRIMARY KEY ("memberId","kind","itemId")
);

-- CreateIndex
CREATE INDEX "VideoProgress_memberId_updatedAt_idx" ON "VideoProgress"("memberId", "updatedAt");

-- AddForeignKey
ALTER TABLE "VideoProgress" ADD CONSTRAINT "VideoProgress_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

