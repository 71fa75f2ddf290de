import { CategoryListPage } from '../../components/content/category-list-page'
import { paths } from '../../config/paths'
import { bannersQuery } from '../../features/index/api/get-banners'
import { useCategoryRoute } from '../../features/index/hooks/use-category-route'
import { specialListQuery, useSpecialList } from '../../features/special/api/get-special-list'
import { SpecialCard } from '../../features/special/components/special-card'
import { loadCategoryList } from '../category-data'
import { SpecialBanner } from '../special-banner'
import type { PageLoader } from '../page-data'

const PAGE_SIZE = 12
const listParams = (cid: number | undefined, page: number) => ({ page, limit: PAGE_SIZE, cid: cid || undefined })

export const loader: PageLoader = async (args) => {
  await Promise.all([
    loadCategoryList('special', args, (cid, page) => specialListQuery(listParams(cid, page))),
    args.queries.prefetch(bannersQuery('special')),
  ])
}

export default function SpecialListPage() {
  const route = useCategoryRoute('special')
  const specials = useSpecialList(listParams(route.cid, route.page), route.isListEnabled)
  return (
    <>
      <SpecialBanner />
      <CategoryListPage
        route={route}
        query={specials}
        menu="subject"
        title="热点专题"
        subtitle="围绕中心工作精选的热点学习专题"
        noun="专题"
        unit="个"
        listPath={paths.special}
        gridClassName="card-grid--3"
        renderItem={(special) => <SpecialCard special={special} />}
      />
    </>
  )
}
