import { CategoryListPage } from '../../components/content/category-list-page'
import { paths } from '../../config/paths'
import { useCategoryRoute } from '../../features/index/hooks/use-category-route'
import { useSpecialList } from '../../features/special/api/get-special-list'
import { SpecialCard } from '../../features/special/components/special-card'

const PAGE_SIZE = 12

export default function SubjectListPage() {
  const route = useCategoryRoute('special')
  const specials = useSpecialList({ page: route.page, limit: PAGE_SIZE, cid: route.cid || undefined }, route.isListEnabled)
  return (
    <CategoryListPage
      route={route}
      query={specials}
      menu="subject"
      title="热点专题"
      subtitle="围绕中心工作精选的热点学习专题"
      noun="专题"
      unit="个"
      listPath={paths.subject}
      gridClassName="card-grid--3"
      renderItem={(special) => <SpecialCard special={special} />}
    />
  )
}
