-- Resumable (tus) uploads on their way in, and Upload.size as BIGINT (a lecture video may pass 2 GB).

-- CreateTable
CREATE TABLE "ResumableUpload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "memberId" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "originalName" TEXT NOT NULL,
    "uploadId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActivityAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ResumableUpload_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Upload" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "memberId" INTEGER,
    "path" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "originalName" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "width" INTEGER,
    "height" INTEGER,
    "alt" TEXT NOT NULL DEFAULT '',
    "folder" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "Upload_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Upload" ("alt", "createdAt", "folder", "height", "id", "isPublic", "kind", "memberId", "mime", "originalName", "path", "sha256", "size", "width") SELECT "alt", "createdAt", "folder", "height", "id", "isPublic", "kind", "memberId", "mime", "originalName", "path", "sha256", "size", "width" FROM "Upload";
DROP TABLE "Upload";
ALTER TABLE "new_Upload" RENAME TO "Upload";
CREATE UNIQUE INDEX "Upload_path_key" ON "Upload"("path");
CREATE INDEX "Upload_memberId_createdAt_idx" ON "Upload"("memberId", "createdAt");
CREATE INDEX "Upload_sha256_idx" ON "Upload"("sha256");
CREATE INDEX "Upload_folder_idx" ON "Upload"("folder");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ResumableUpload_memberId_uploadId_idx" ON "ResumableUpload"("memberId", "uploadId");

-- CreateIndex
CREATE INDEX "ResumableUpload_lastActivityAt_idx" ON "ResumableUpload"("lastActivityAt");

