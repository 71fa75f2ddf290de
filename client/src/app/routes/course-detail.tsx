import { useParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { DetailSection } from '../../components/content/detail-section'
import { DetailFallback, MissingContent } from '../../components/content/detail-states'
import { RankList, SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { BookingLink } from '../../components/ui/booking-link'
import { RichText } from '../../components/ui/rich-text'
import { EmptyState } from '../../components/ui/states'
import { paths } from '../../config/paths'
import { SITE_NAME } from '../../features/index/constants'
import { courseDetailsQuery, useCourseDetails } from '../../features/course/api/get-course-details'
import { hotCoursesQuery, useHotCourses } from '../../features/course/api/get-hot-courses'
import { relevantCoursesQuery, useRelevantCourses } from '../../features/course/api/get-relevant-courses'
import { CourseCard } from '../../features/course/components/course-card'
import { CourseHero } from '../../features/course/components/course-hero'
import { CollectButton } from '../../features/collect/components/collect-button'
import { commentListQuery, CommentSection } from '../../features/comment'
import { TeacherMini } from '../../features/teacher/components/teacher-mini'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'

const RELATED_SHOWN = 8
const HOT_SHOWN = 10

export const loader: PageLoader = async ({ params, queries }) => {
  const id = parsePositiveInt(params.id, 0)
  if (!id) notFound()
  await queries.require(courseDetailsQuery(id))
  await queries.prefetch(relevantCoursesQuery(id), hotCoursesQuery(), commentListQuery({ entity: 'course', recordId: id, page: 1 }))
}

export default function CourseDetailPage() {
  const id = parsePositiveInt(useParams().id, 0)
  const course = useCourseDetails(id)
  const related = useRelevantCourses(course.data ? id : 0)
  const hot = useHotCourses()
  const data = course.data
  const summary = data ? cutText(data.intro || stripMarkup(data.content)) : undefined
  usePageMeta({
    menu: 'course',
    seo: data,
    title: data?.title,
    keywords: data?.tags.map((tag) => tag.name).join(','),
    description: summary,
    image: data?.cover_img,
    schema: data && {
      '@type': 'Course',
      name: data.title,
      description: summary || data.title,
      provider: { '@type': 'Organization', name: SITE_NAME },
      ...(data.teacher ? { instructor: { '@type': 'Person', name: data.teacher.name } } : {}),
    },
  })

  const crumbs = [
    { label: '课程', to: paths.course() },
    ...(data?.categoryName ? [{ label: data.categoryName, to: paths.course(data.categoryId) }] : []),
    { label: '课程详情' },
  ]
  const aside = (
    <>
      {data?.teacher && (
        <SidePanel title="主讲名师">
          <TeacherMini teacher={data.teacher} />
        </SidePanel>
      )}
      <SidePanel title="热门课程" moreTo={paths.course()}>
        <RankList
          items={(hot.data ?? []).slice(0, HOT_SHOWN).map((item) => ({ id: item.id, title: item.title, to: paths.courseDetail(item.id) }))}
          emptyText={hot.isPending ? '加载中…' : '暂无热门课程'}
        />
      </SidePanel>
    </>
  )

  return (
    <>
      <PageBanner title="精品课程" crumbs={crumbs} />
      {!id || !data ? (
        <ContentPage>
          {!id ? (
            <MissingContent title="该课程不存在" backTo={paths.course()} backLabel="浏览全部课程" />
          ) : (
            <DetailFallback query={course} backTo={paths.course()} backLabel="浏览全部课程" />
          )}
        </ContentPage>
      ) : (
        <ContentPage aside={aside}>
          <CourseHero
            course={data}
            action={
              <>
                <BookingLink preset={{ course: data.id, teacher: data.teacher?.id }}>邀请授课</BookingLink>
                <CollectButton kind="course" id={data.id} initialCollected={data.isCollected} />
              </>
            }
          />
          <DetailSection title="课程介绍">
            {data.content ? <RichText html={data.content} /> : <p>{data.intro || '暂无课程介绍'}</p>}
          </DetailSection>
          <DetailSection title="相关课程">
            {related.data && related.data.length > 0 ? (
              <ul className="card-grid card-grid--4">
                {related.data.slice(0, RELATED_SHOWN).map((item) => (
                  <li key={item.id}>
                    <CourseCard
                      course={{
                        id: item.id,
                        title: item.title,
                        cover_img: item.cover_img,
                        teacherName: item.teacher?.name,
                        views: item.views,
                        commentCount: item.commentCount,
                      }}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState text={related.isPending ? '加载中…' : '暂无相关课程'} />
            )}
          </DetailSection>
          <CommentSection entity="course" recordId={data.id} />
        </ContentPage>
      )}
    </>
  )
}
