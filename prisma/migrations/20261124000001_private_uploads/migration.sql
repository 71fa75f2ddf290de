-- Files of unpublished member content become private (served to their owner and staff through
-- signed URLs); a file turns public when the content it belongs to is approved.
ALTER TABLE "Upload" ADD COLUMN "isPublic" BOOLEAN NOT NULL DEFAULT false;

-- What is published already stays reachable by its plain URL: attachments of approved
-- contributions, approved member videos and their covers, and files named by published articles.
UPDATE "Upload" SET "isPublic" = true
WHERE "id" IN (
    SELECT "ContributionAttachment"."uploadId" FROM "ContributionAttachment"
    JOIN "Contribution" ON "Contribution"."id" = "ContributionAttachment"."contributionId"
    WHERE "Contribution"."status" = 'approved'
  )
  OR '/uploads/' || "path" IN (SELECT "videoUrl" FROM "TeacherVideo" WHERE "status" = 'approved')
  OR '/uploads/' || "path" IN (SELECT "cover" FROM "TeacherVideo" WHERE "status" = 'approved')
  OR '/uploads/' || "path" IN (SELECT "cover" FROM "Viewpoint" UNION SELECT "cover" FROM "Activity")
  OR EXISTS (SELECT 1 FROM "Viewpoint" WHERE instr("Viewpoint"."content", '/uploads/' || "Upload"."path") > 0)
  OR EXISTS (SELECT 1 FROM "Activity" WHERE instr("Activity"."content", '/uploads/' || "Upload"."path") > 0);
