import { CategoryListPage } from '../../components/content/category-list-page'
import { paths } from '../../config/paths'
import { courseListQuery, useCourseList } from '../../features/course/api/get-course-list'
import { CourseCard } from '../../features/course/components/course-card'
import { useCategoryRoute } from '../../features/index/hooks/use-category-route'
import { loadCategoryList } from '../category-data'
import type { PageLoader } from '../page-data'

const PAGE_SIZE = 12
const listParams = (cid: number | undefined, page: number) => ({ page, limit: PAGE_SIZE, cid: cid || undefined })

export const loader: PageLoader = (args) => loadCategoryList('course', args, (cid, page) => courseListQuery(listParams(cid, page)))

export default function CourseListPage() {
  const route = useCategoryRoute('course')
  const courses = useCourseList(listParams(route.cid, route.page), route.isListEnabled)
  return (
    <CategoryListPage
      route={route}
      query={courses}
      menu="course"
      title="精品课程"
      subtitle="名师主讲的专业深度课程，助力干部能力提升"
      noun="课程"
      unit="门"
      listPath={paths.course}
      gridClassName="card-grid--4"
      renderItem={(course) => (
        <CourseCard
          course={{
            id: course.id,
            title: course.title,
            cover_img: course.cover_img,
            teacherName: course.teacher?.name,
            views: course.views,
            commentCount: course.commentCount,
          }}
        />
      )}
    />
  )
}
