import { useParams } from 'react-router'
import { CategoryTabs } from '../../components/content/category-tabs'
import { ContentPage } from '../../components/content/content-page'
import { MissingContent } from '../../components/content/detail-states'
import { ListResult } from '../../components/content/list-result'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { useCategories } from '../../features/index/api/get-categories'
import { useSpecialList } from '../../features/special/api/get-special-list'
import { SpecialCard } from '../../features/special/components/special-card'
import { useScrollMemory } from '../../lib/scroll-memory'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'

const PAGE_SIZE = 12

export default function SubjectListPage() {
  const { cid: rawCid } = useParams()
  const cid = rawCid === undefined ? undefined : parsePositiveInt(rawCid, 0)
  const [page, setPage] = usePageParam()
  const categories = useCategories('special')
  const category = categories.data?.find((item) => item.id === cid)
  const isUnknownCategory = cid !== undefined && (cid === 0 || (categories.isSuccess && !category))
  // Wait for the category list before asking for an unknown category's items.
  const specials = useSpecialList({ page, limit: PAGE_SIZE, cid: cid || undefined }, cid === undefined || (cid > 0 && (categories.isError || Boolean(category))))
  useScrollMemory(specials.isSuccess && !specials.isPlaceholderData)
  usePageMeta({ menu: 'subject', title: category ? `${category.name}专题` : undefined })

  return (
    <>
      <PageBanner
        title="热点专题"
        subtitle="围绕中心工作精选的热点学习专题"
        crumbs={[{ label: '专题', to: category ? paths.subject() : undefined }, ...(category ? [{ label: category.name }] : [])]}
      />
      <ContentPage>
        <CategoryTabs label="专题分类" items={categories.data ?? []} activeId={cid} hrefFor={paths.subject} />
        {isUnknownCategory ? (
          <MissingContent title="该专题分类不存在" backTo={paths.subject()} backLabel="查看全部专题" />
        ) : (
          <>
            <div className="list-head">
              <h2>{category ? category.name : '全部专题'}</h2>
              {specials.data && <span className="list-head__count">共 {specials.data.total} 个专题</span>}
            </div>
            <ListResult query={specials} emptyText="该分类下暂无专题" onPageChange={setPage}>
              {(list) => (
                <ul className="card-grid card-grid--3">
                  {list.map((special) => (
                    <li key={special.id}>
                      <SpecialCard special={special} />
                    </li>
                  ))}
                </ul>
              )}
            </ListResult>
          </>
        )}
      </ContentPage>
    </>
  )
}
