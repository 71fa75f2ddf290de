-- Admin console, people and moderation: disabled members, the reviewer of a decision, sensitive
-- words and their hits, cooperation inquiries, and visits per day for the dashboard.

-- AlterTable
ALTER TABLE "Member" ADD COLUMN "disabledAt" DATETIME;
ALTER TABLE "Member" ADD COLUMN "disabledReason" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Contribution" ADD COLUMN "reviewerId" INTEGER;

-- AlterTable
ALTER TABLE "TeacherVideo" ADD COLUMN "reviewerId" INTEGER;

-- CreateTable
CREATE TABLE "SensitiveWord" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "word" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'block',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SensitiveHit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "word" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "memberId" INTEGER,
    "excerpt" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Inquiry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organization" TEXT NOT NULL,
    "contactName" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "typeId" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'new',
    "note" TEXT NOT NULL DEFAULT '',
    "assigneeId" INTEGER,
    "ip" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DailyView" (
    "model" TEXT NOT NULL,
    "rowId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "visits" INTEGER NOT NULL,

    PRIMARY KEY ("model", "rowId", "day")
);

-- CreateIndex
CREATE UNIQUE INDEX "SensitiveWord_word_key" ON "SensitiveWord"("word");

-- CreateIndex
CREATE INDEX "SensitiveHit_createdAt_idx" ON "SensitiveHit"("createdAt");

-- CreateIndex
CREATE INDEX "SensitiveHit_source_createdAt_idx" ON "SensitiveHit"("source", "createdAt");

-- CreateIndex
CREATE INDEX "SensitiveHit_word_idx" ON "SensitiveHit"("word");

-- CreateIndex
CREATE INDEX "Inquiry_status_createdAt_idx" ON "Inquiry"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Inquiry_createdAt_idx" ON "Inquiry"("createdAt");

-- CreateIndex
CREATE INDEX "DailyView_model_day_idx" ON "DailyView"("model", "day");
