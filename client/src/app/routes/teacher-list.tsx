import { CategoryListPage } from '../../components/content/category-list-page'
import { paths } from '../../config/paths'
import { useCategoryRoute } from '../../features/index/hooks/use-category-route'
import { useTeacherList } from '../../features/teacher/api/get-teacher-list'
import { TeacherCard } from '../../features/teacher/components/teacher-card'

const PAGE_SIZE = 20

export default function TeacherListPage() {
  const route = useCategoryRoute('teacher')
  const teachers = useTeacherList({ page: route.page, limit: PAGE_SIZE, cid: route.cid || undefined }, route.isListEnabled)
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
