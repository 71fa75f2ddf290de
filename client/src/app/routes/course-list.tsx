import { useParams } from 'react-router'
import { CategoryTabs } from '../../components/content/category-tabs'
import { ContentPage } from '../../components/content/content-page'
import { MissingContent } from '../../components/content/detail-states'
import { ListResult } from '../../components/content/list-result'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { useCourseList } from '../../features/course/api/get-course-list'
import { CourseCard } from '../../features/course/components/course-card'
import { useCategories } from '../../features/index/api/get-categories'
import { useScrollMemory } from '../../lib/scroll-memory'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'

const PAGE_SIZE = 12

export default function CourseListPage() {
  const { cid: rawCid } = useParams()
  const cid = rawCid === undefined ? undefined : parsePositiveInt(rawCid, 0)
  const [page, setPage] = usePageParam()
  const categories = useCategories('course')
  const category = categories.data?.find((item) => item.id === cid)
  const isUnknownCategory = cid !== undefined && (cid === 0 || (categories.isSuccess && !category))
  // Wait for the category list before asking for an unknown category's items.
  const courses = useCourseList({ page, limit: PAGE_SIZE, cid: cid || undefined }, cid === undefined || (cid > 0 && (categories.isError || Boolean(category))))
  useScrollMemory(courses.isSuccess && !courses.isPlaceholderData)
  usePageMeta({ menu: 'course', title: category ? `${category.name}课程` : undefined })

  return (
    <>
      <PageBanner
        title="精品课程"
        subtitle="名师主讲的专业深度课程，助力干部能力提升"
        crumbs={[{ label: '课程', to: category ? paths.course() : undefined }, ...(category ? [{ label: category.name }] : [])]}
      />
      <ContentPage>
        <CategoryTabs label="课程分类" items={categories.data ?? []} activeId={cid} hrefFor={paths.course} />
        {isUnknownCategory ? (
          <MissingContent title="该课程分类不存在" backTo={paths.course()} backLabel="查看全部课程" />
        ) : (
          <>
            <div className="list-head">
              <h2>{category ? category.name : '全部课程'}</h2>
              {courses.data && <span className="list-head__count">共 {courses.data.total} 门课程</span>}
            </div>
            <ListResult query={courses} emptyText="该分类下暂无课程" onPageChange={setPage}>
              {(list) => (
                <ul className="card-grid card-grid--4">
                  {list.map((course) => (
                    <li key={course.id}>
                      <CourseCard course={{ id: course.id, title: course.title, cover_img: course.cover_img, teacherName: course.teacher?.name, views: course.views }} />
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
