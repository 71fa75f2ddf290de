-- The console's lists read a page of ids in the default order (sort, then id, both descending): an index
-- on both lets SQLite and PostgreSQL read the page straight off it instead of sorting the table (bench/results.md).

CREATE INDEX "Teacher_sort_id_idx" ON "Teacher"("sort", "id");
CREATE INDEX "TeacherVideo_sort_id_idx" ON "TeacherVideo"("sort", "id");
CREATE INDEX "Course_sort_id_idx" ON "Course"("sort", "id");
CREATE INDEX "Special_sort_id_idx" ON "Special"("sort", "id");
CREATE INDEX "CourseNotice_sort_id_idx" ON "CourseNotice"("sort", "id");
CREATE INDEX "Activity_sort_id_idx" ON "Activity"("sort", "id");
CREATE INDEX "Viewpoint_sort_id_idx" ON "Viewpoint"("sort", "id");
CREATE INDEX "Question_sort_id_idx" ON "Question"("sort", "id");
