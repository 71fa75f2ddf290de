-- CreateTable
CREATE TABLE "VideoProgress" (
    "memberId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" INTEGER NOT NULL,
    "position" REAL NOT NULL,
    "duration" REAL NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("memberId", "kind", "itemId"),
    CONSTRAINT "VideoProgress_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "VideoProgress_memberId_updatedAt_idx" ON "VideoProgress"("memberId", "updatedAt");
