-- A first password an admin chose for a new staff account must be changed before the console opens
-- (docs/DECISIONS.md, "Staff roles and invitations").
-- AlterTable
ALTER TABLE "Member" ADD COLUMN "passwordChangeDue" BOOLEAN NOT NULL DEFAULT false;
