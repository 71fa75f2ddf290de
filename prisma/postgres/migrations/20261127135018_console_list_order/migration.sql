-- CreateIndex
CREATE INDEX "Teacher_sort_id_idx" ON "Teacher"("sort", "id");

-- CreateIndex
CREATE INDEX "TeacherVideo_sort_id_idx" ON "TeacherVideo"("sort", "id");

-- CreateIndex
CREATE INDEX "Course_sort_id_idx" ON "Course"("sort", "id");

-- CreateIndex
CREATE INDEX "Special_sort_id_idx" ON "Special"("sort", "id");

-- CreateIndex
CREATE INDEX "CourseNotice_sort_id_idx" ON "CourseNotice"("sort", "id");

-- CreateIndex
CREATE INDEX "Activity_sort_id_idx" ON "Activity"("sort", "id");

-- CreateIndex
CREATE INDEX "Viewpoint_sort_id_idx" ON "Viewpoint"("sort", "id");

-- CreateIndex
CREATE INDEX "Question_sort_id_idx" ON "Question"("sort", "id");

