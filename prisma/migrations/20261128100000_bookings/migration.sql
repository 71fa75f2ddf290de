-- Issue 26: bookings replace cooperation inquiries. Every Inquiry row becomes a Booking with the same
-- id, a reference number of its day (China time), its state (closed became lost, with the reason
-- saying so) and its staff note as the first entry of the follow-up log; then Inquiry is dropped.

-- CreateTable
CREATE TABLE "Booking" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "referenceNo" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'cooperation',
    "typeId" INTEGER NOT NULL,
    "teacherId" INTEGER,
    "courseId" INTEGER,
    "preferredDays" TEXT NOT NULL DEFAULT '[]',
    "preferredMonth" TEXT NOT NULL DEFAULT '',
    "firstDay" TEXT NOT NULL DEFAULT '',
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "provinceCode" TEXT NOT NULL DEFAULT '',
    "cityCode" TEXT NOT NULL DEFAULT '',
    "districtCode" TEXT NOT NULL DEFAULT '',
    "audienceKind" TEXT NOT NULL DEFAULT '',
    "audienceSize" INTEGER,
    "duration" TEXT NOT NULL DEFAULT '',
    "requirements" TEXT NOT NULL,
    "budgetMin" INTEGER,
    "budgetMax" INTEGER,
    "organization" TEXT NOT NULL,
    "contactName" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "memberId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'new',
    "closeReason" TEXT NOT NULL DEFAULT '',
    "assigneeId" INTEGER,
    "repliedAt" DATETIME,
    "remindedAt" DATETIME,
    "ip" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BookingFollowUp" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bookingId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "amount" INTEGER,
    "status" TEXT NOT NULL DEFAULT '',
    "staffId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BookingFollowUp_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BookingDay" (
    "bookingId" INTEGER NOT NULL,
    "teacherId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,

    PRIMARY KEY ("bookingId", "day"),
    CONSTRAINT "BookingDay_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Booking_referenceNo_key" ON "Booking"("referenceNo");

-- CreateIndex
CREATE INDEX "Booking_status_createdAt_idx" ON "Booking"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Booking_createdAt_idx" ON "Booking"("createdAt");

-- CreateIndex
CREATE INDEX "Booking_teacherId_createdAt_idx" ON "Booking"("teacherId", "createdAt");

-- CreateIndex
CREATE INDEX "Booking_memberId_createdAt_idx" ON "Booking"("memberId", "createdAt");

-- CreateIndex
CREATE INDEX "Booking_assigneeId_status_idx" ON "Booking"("assigneeId", "status");

-- CreateIndex
CREATE INDEX "BookingFollowUp_bookingId_id_idx" ON "BookingFollowUp"("bookingId", "id");

-- CreateIndex
CREATE INDEX "BookingDay_teacherId_day_idx" ON "BookingDay"("teacherId", "day");

-- Inquiries become bookings. Reference numbers count each China day's inquiries in id order.
INSERT INTO "Booking" ("id", "referenceNo", "source", "typeId", "requirements", "organization", "contactName", "phone", "memberId",
  "status", "closeReason", "assigneeId", "repliedAt", "remindedAt", "ip", "createdAt", "updatedAt")
SELECT i."id",
  'YY-' || strftime('%Y%m%d', i."createdAt", '+8 hours') || '-' ||
    printf('%04d', ROW_NUMBER() OVER (PARTITION BY strftime('%Y%m%d', i."createdAt", '+8 hours') ORDER BY i."id")),
  'inquiry', i."typeId", i."message", i."organization", i."contactName", i."phone",
  (SELECT m."id" FROM "Member" m WHERE m."phone" = i."phone" AND m."deletedAt" IS NULL),
  CASE i."status" WHEN 'closed' THEN 'lost' ELSE i."status" END,
  CASE i."status" WHEN 'closed' THEN '原合作咨询已关闭' ELSE '' END,
  i."assigneeId",
  CASE WHEN i."status" = 'new' THEN NULL ELSE i."updatedAt" END,
  -- Already-waiting inquiries are counted on the badge but not announced again in the group chat.
  i."createdAt",
  i."ip", i."createdAt", i."updatedAt"
FROM "Inquiry" i;

INSERT INTO "BookingFollowUp" ("bookingId", "kind", "text", "staffId", "createdAt")
SELECT i."id", 'note', i."note", i."assigneeId", i."updatedAt" FROM "Inquiry" i WHERE i."note" <> '';

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "Inquiry";
PRAGMA foreign_keys=on;
