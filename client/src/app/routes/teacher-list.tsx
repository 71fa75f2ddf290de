import { CategoryListPage } from '../../components/content/category-list-page'
import { paths } from '../../config/paths'
import { useCategoryRoute } from '../../features/index/hooks/use-category-route'
import { teacherListQuery, useTeacherList } from '../../features/teacher/api/get-teacher-list'
import { TeacherCard } from '../../features/teacher/components/teacher-card'
import { loadCategoryList } from '../category-data'
import type { PageLoader } from '../page-data'

const PAGE_SIZE = 20
const listParams = (cid: number | undefined, page: number) => ({ page, limit: PAGE_SIZE, cid: cid || undefined })

export const loader: PageLoader = (args) => loadCategoryList('teacher', args, (cid, page) => teacherListQuery(listParams(cid, page)))

export default function TeacherListPage() {
  const route = useCategoryRoute('teacher')
  const teachers = useTeacherList(listParams(route.cid, route.page), route.isListEnabled)
  return (
    <CategoryListPage
      route={route}
      query={teachers}
      menu="teacher"
      title="名师风采"
      subtitle="汇聚经济、管理、科技、文化、党建领域的权威专家学者"
      noun="名师"
      unit="位"
      listPath={paths.teacher}
      categoryHeading={(name) => `${name}名师`}
      gridClassName="card-grid--5"
      renderItem={(teacher) => <TeacherCard teacher={teacher} />}
    />
  )
}
