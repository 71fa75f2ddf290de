-- The courses of a topic, in display order (seed format: specials' `courses`).

-- CreateTable
CREATE TABLE "SpecialCourse" (
    "specialId" INTEGER NOT NULL,
    "courseId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    PRIMARY KEY ("specialId", "courseId"),
    CONSTRAINT "SpecialCourse_specialId_fkey" FOREIGN KEY ("specialId") REFERENCES "Special" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SpecialCourse_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SpecialCourse_specialId_position_idx" ON "SpecialCourse"("specialId", "position");

-- CreateIndex
CREATE INDEX "SpecialCourse_courseId_idx" ON "SpecialCourse"("courseId");
