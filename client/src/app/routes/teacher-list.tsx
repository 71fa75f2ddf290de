import { useParams } from 'react-router'
import { CategoryTabs } from '../../components/content/category-tabs'
import { ContentPage } from '../../components/content/content-page'
import { MissingContent } from '../../components/content/detail-states'
import { ListResult } from '../../components/content/list-result'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { useCategories } from '../../features/index/api/get-categories'
import { useTeacherList } from '../../features/teacher/api/get-teacher-list'
import { TeacherCard } from '../../features/teacher/components/teacher-card'
import { useScrollMemory } from '../../lib/scroll-memory'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'

const PAGE_SIZE = 20

export default function TeacherListPage() {
  const { cid: rawCid } = useParams()
  // 0 marks a malformed /teacher/{cid}; it never matches a category.
  const cid = rawCid === undefined ? undefined : parsePositiveInt(rawCid, 0)
  const [page, setPage] = usePageParam()
  const categories = useCategories('teacher')
  const category = categories.data?.find((item) => item.id === cid)
  const isUnknownCategory = cid !== undefined && (cid === 0 || (categories.isSuccess && !category))
  // Wait for the category list before asking for an unknown category's items.
  const teachers = useTeacherList({ page, limit: PAGE_SIZE, cid: cid || undefined }, cid === undefined || (cid > 0 && (categories.isError || Boolean(category))))
  useScrollMemory(teachers.isSuccess && !teachers.isPlaceholderData)
  usePageMeta({ menu: 'teacher', title: category ? `${category.name}名师` : undefined })

  return (
    <>
      <PageBanner
        title="名师风采"
        subtitle="汇聚经济、管理、科技、文化、党建领域的权威专家学者"
        crumbs={[{ label: '名师', to: category ? paths.teacher() : undefined }, ...(category ? [{ label: category.name }] : [])]}
      />
      <ContentPage>
        <CategoryTabs label="名师分类" items={categories.data ?? []} activeId={cid} hrefFor={paths.teacher} />
        {isUnknownCategory ? (
          <MissingContent title="该名师分类不存在" backTo={paths.teacher()} backLabel="查看全部名师" />
        ) : (
          <>
            <div className="list-head">
              <h2>{category ? `${category.name}名师` : '全部名师'}</h2>
              {teachers.data && <span className="list-head__count">共 {teachers.data.total} 位名师</span>}
            </div>
            <ListResult query={teachers} emptyText="该分类下暂无名师" onPageChange={setPage}>
              {(list) => (
                <ul className="card-grid card-grid--5">
                  {list.map((teacher) => (
                    <li key={teacher.id}>
                      <TeacherCard teacher={teacher} />
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
