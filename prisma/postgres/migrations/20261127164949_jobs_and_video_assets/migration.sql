-- CreateTable
CREATE TABLE "Job" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "uniqueKey" TEXT,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 3,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "percent" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VideoAsset" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT NOT NULL DEFAULT '',
    "prefix" TEXT NOT NULL DEFAULT '',
    "duration" DOUBLE PRECISION,
    "width" INTEGER,
    "height" INTEGER,
    "renditions" TEXT NOT NULL DEFAULT '[]',
    "jobId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VideoAsset_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Job_uniqueKey_key" ON "Job"("uniqueKey");

-- CreateIndex
CREATE INDEX "Job_state_runAt_idx" ON "Job"("state", "runAt");

-- CreateIndex
CREATE INDEX "Job_kind_createdAt_idx" ON "Job"("kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "VideoAsset_source_key" ON "VideoAsset"("source");

-- CreateIndex
CREATE INDEX "VideoAsset_state_idx" ON "VideoAsset"("state");


-- A video's streaming copy shows on public pages (its state, poster and playlist): a change tells the
-- other processes to drop their kept public answers, like a content write (20261126000002_change_notify).
-- Jobs are private: their percent moves every few seconds and no page is cached with it.
CREATE TRIGGER "VideoAsset_notify_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "VideoAsset" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
