import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { DetailSection, SectionNav } from '../../components/content/detail-section'
import { DetailFallback, MissingContent } from '../../components/content/detail-states'
import { SectionList } from '../../components/content/section-list'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { BookingLink } from '../../components/ui/booking-link'
import { RichText } from '../../components/ui/rich-text'
import { paths } from '../../config/paths'
import { articleListQuery, useArticleList } from '../../features/article/api/get-article-list'
import { ARTICLE_KINDS } from '../../features/article/kinds'
import type { ArticleKind } from '../../features/article/kinds'
import { CourseCard } from '../../features/course/components/course-card'
import { FollowButton } from '../../features/collect/components/follow-button'
import { VideoSubmitLink } from '../../features/upload/components/video-submit-link'
import { teacherCoursesQuery, useTeacherCourses } from '../../features/teacher/api/get-teacher-courses'
import { teacherDetailsQuery, useTeacherDetails } from '../../features/teacher/api/get-teacher-details'
import { teacherVideosQuery, useTeacherVideos } from '../../features/teacher/api/get-teacher-videos'
import { TeacherProfile } from '../../features/teacher/components/teacher-profile'
import { VideoCard } from '../../features/teacher/components/video-card'
import { formatDate } from '../../lib/date'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'

const COURSES_PER_PAGE = 8
const VIDEOS_PER_PAGE = 6
const ARTICLES_PER_PAGE = 6
// One section's page of the teacher's items; each section opens on its first page.
const sectionParams = (teacherId: number, limit: number, page = 1) => ({ teacherId, page, limit })

export const loader: PageLoader = async ({ params, queries }) => {
  const id = parsePositiveInt(params.id, 0)
  if (!id) notFound()
  const teacher = await queries.require(teacherDetailsQuery(id))
  await queries.prefetch(
    teacherCoursesQuery(sectionParams(teacher.id, COURSES_PER_PAGE)),
    teacherVideosQuery(sectionParams(teacher.id, VIDEOS_PER_PAGE)),
    articleListQuery('viewpoint', sectionParams(teacher.id, ARTICLES_PER_PAGE)),
    articleListQuery('activity', sectionParams(teacher.id, ARTICLES_PER_PAGE)),
  )
}

export default function TeacherDetailPage() {
  const id = parsePositiveInt(useParams().id, 0)
  const teacher = useTeacherDetails(id)
  const data = teacher.data
  const summary = data ? cutText(data.intro || stripMarkup(data.content)) : undefined
  usePageMeta({
    menu: 'teacher',
    seo: data,
    title: data?.name,
    description: summary,
    keywords: data?.tags?.map((tag) => tag.name).join(','),
    image: data?.img,
    ogType: 'profile',
    schema: data && { '@type': 'Person', name: data.name, jobTitle: data.title || undefined, description: summary },
  })

  const banner = (
    <PageBanner
      title="名师风采"
      crumbs={[
        { label: '名师', to: paths.teacher() },
        ...(data?.categoryName ? [{ label: data.categoryName, to: paths.teacher(data.categoryId) }] : []),
        { label: data?.name ?? '名师详情' },
      ]}
    />
  )
  if (!id) {
    return (
      <>
        {banner}
        <ContentPage>
          <MissingContent title="该名师不存在" backTo={paths.teacher()} backLabel="浏览全部名师" />
        </ContentPage>
      </>
    )
  }
  return (
    <>
      {banner}
      <ContentPage>
        {!data ? (
          <DetailFallback query={teacher} backTo={paths.teacher()} backLabel="浏览全部名师" />
        ) : (
          <>
            <TeacherProfile
              teacher={data}
              action={
                <>
                  <BookingLink preset={{ teacher: data.id }}>预约名师</BookingLink>
                  <FollowButton teacherId={data.id} initialFollowed={data.isFollowed} />
                </>
              }
            />
            <SectionNav
              sections={[
                { id: 'teacher-intro', label: '名师介绍' },
                { id: 'teacher-courses', label: '主讲课程' },
                { id: 'teacher-videos', label: '名师视频' },
                { id: 'teacher-viewpoints', label: '学术观点' },
                { id: 'teacher-activities', label: '教学活动' },
              ]}
            />
            <DetailSection id="teacher-intro" title="名师介绍">
              {data.content ? <RichText html={data.content} /> : <p>{data.intro || '暂无介绍'}</p>}
              {data.tags && data.tags.length > 0 && (
                <ul className="tag-list teacher-tags" aria-label="研究领域">
                  {data.tags.map((tag) => (
                    <li key={tag.id}>
                      <span>{tag.name}</span>
                    </li>
                  ))}
                </ul>
              )}
            </DetailSection>
            <TeacherCourses teacherId={data.id} teacherName={data.name} />
            <TeacherVideos teacherId={data.id} />
            <TeacherArticles teacherId={data.id} kind="viewpoint" sectionId="teacher-viewpoints" />
            <TeacherArticles teacherId={data.id} kind="activity" sectionId="teacher-activities" />
          </>
        )}
      </ContentPage>
    </>
  )
}

function TeacherCourses({ teacherId, teacherName }: { teacherId: number; teacherName: string }) {
  const [page, setPage] = useState(1)
  const courses = useTeacherCourses(sectionParams(teacherId, COURSES_PER_PAGE, page))
  return (
    <DetailSection
      id="teacher-courses"
      title="主讲课程"
      extra={courses.data && <span className="list-head__count">共 {courses.data.total} 门</span>}
    >
      <SectionList
        query={courses}
        page={page}
        limit={COURSES_PER_PAGE}
        onPageChange={setPage}
        emptyText="暂无主讲课程"
        listClassName="card-grid card-grid--4"
        renderItem={(course) => (
          <CourseCard
            course={{
              id: course.id,
              title: course.title,
              cover_img: course.cover_img,
              teacherName,
              views: course.views,
              commentCount: course.commentCount,
            }}
          />
        )}
      />
    </DetailSection>
  )
}

function TeacherVideos({ teacherId }: { teacherId: number }) {
  const [page, setPage] = useState(1)
  const videos = useTeacherVideos(sectionParams(teacherId, VIDEOS_PER_PAGE, page))
  return (
    <DetailSection
      id="teacher-videos"
      title="名师视频"
      extra={
        <VideoSubmitLink teacherId={teacherId}>
          {videos.data && <span className="list-head__count">共 {videos.data.total} 个</span>}
        </VideoSubmitLink>
      }
    >
      <SectionList
        query={videos}
        page={page}
        limit={VIDEOS_PER_PAGE}
        onPageChange={setPage}
        emptyText="暂无视频"
        listClassName="card-grid card-grid--3"
        renderItem={(video) => <VideoCard video={video} />}
      />
    </DetailSection>
  )
}

function TeacherArticles({ teacherId, kind, sectionId }: { teacherId: number; kind: ArticleKind; sectionId: string }) {
  const config = ARTICLE_KINDS[kind]
  const [page, setPage] = useState(1)
  const articles = useArticleList(kind, sectionParams(teacherId, ARTICLES_PER_PAGE, page))
  return (
    <DetailSection id={sectionId} title={config.label} extra={<Link to={config.listPath}>全部{config.label} ›</Link>}>
      <SectionList
        query={articles}
        page={page}
        limit={ARTICLES_PER_PAGE}
        onPageChange={setPage}
        emptyText={`暂无${config.label}`}
        listClassName="compact-list"
        renderItem={(item) => (
          <>
            <Link to={config.detailPath(item.id)} className="line-clamp-1" title={item.title}>
              {item.title}
            </Link>
            {item.publishedAt && <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>}
          </>
        )}
      />
    </DetailSection>
  )
}
