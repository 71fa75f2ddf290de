import { Link, useParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { DetailFallback, MissingContent } from '../../components/content/detail-states'
import { SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { teacherVideoDetailsQuery, useTeacherVideoDetails } from '../../features/teacher/api/get-teacher-video-details'
import { teacherVideosQuery, useTeacherVideos } from '../../features/teacher/api/get-teacher-videos'
import { TeacherMini } from '../../features/teacher/components/teacher-mini'
import { VideoCard } from '../../features/teacher/components/video-card'
import { WatchedVideo } from '../../features/member'
import { formatDate } from '../../lib/date'
import { cutText } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'
import './teacher-video.css'

const OTHER_VIDEOS = 8
// One more than shown: the video itself is among the teacher's and is left out.
const othersParams = (teacherId: number) => ({ teacherId, page: 1, limit: OTHER_VIDEOS + 1 })

export const loader: PageLoader = async ({ params, queries }) => {
  const id = parsePositiveInt(params.id, 0)
  if (!id) notFound()
  const video = await queries.require(teacherVideoDetailsQuery(id))
  if (video.teacher) await queries.prefetch(teacherVideosQuery(othersParams(video.teacher.id)))
}

export default function TeacherVideoPage() {
  const id = parsePositiveInt(useParams().id, 0)
  const video = useTeacherVideoDetails(id)
  const data = video.data
  const teacherId = data?.teacher?.id ?? 0
  const others = useTeacherVideos(othersParams(teacherId))
  const summary = data?.intro ? cutText(data.intro) : undefined
  usePageMeta({ menu: 'teacher', title: data?.title, description: summary, image: data?.cover_img })

  const crumbs = [
    { label: '名师', to: paths.teacher() },
    ...(data?.teacher ? [{ label: data.teacher.name, to: paths.teacherDetail(data.teacher.id) }] : []),
    { label: '名师视频' },
  ]
  const otherVideos = (others.data?.list ?? []).filter((item) => item.id !== data?.id).slice(0, OTHER_VIDEOS)

  return (
    <>
      <PageBanner title="名师视频" crumbs={crumbs} />
      {!id ? (
        <ContentPage>
          <MissingContent title="该视频不存在" backTo={paths.teacher()} backLabel="浏览名师" />
        </ContentPage>
      ) : !data ? (
        <ContentPage>
          <DetailFallback query={video} backTo={paths.teacher()} backLabel="浏览名师" />
        </ContentPage>
      ) : (
        <ContentPage
          aside={
            <>
              {data.teacher && (
                <SidePanel title="主讲名师">
                  <TeacherMini teacher={data.teacher} />
                </SidePanel>
              )}
              <SidePanel title="该名师的其他视频" moreTo={teacherId ? paths.teacherDetail(teacherId) : undefined}>
                {otherVideos.length === 0 ? (
                  <p className="rank-list__empty">暂无其他视频</p>
                ) : (
                  <ul className="video-aside-list">
                    {otherVideos.map((item) => (
                      <li key={item.id}>
                        <VideoCard video={item} />
                      </li>
                    ))}
                  </ul>
                )}
              </SidePanel>
            </>
          }
        >
          <article className="video-detail card">
            <div className="video-detail__player">
              <WatchedVideo
                kind="teacherVideo"
                id={data.id}
                title={data.title}
                stream={data.stream}
                original={data.videoUrl}
                preload="auto"
                poster={data.cover_img}
              />
            </div>
            <div className="video-detail__body">
              <h2 className="video-detail__title">{data.title}</h2>
              <p className="article__meta">
                {data.teacher && (
                  <span>
                    主讲：<Link to={paths.teacherDetail(data.teacher.id)}>{data.teacher.name}</Link>
                  </span>
                )}
                {data.createdAt && <span>发布：{formatDate(data.createdAt)}</span>}
                {data.views !== undefined && <span>播放：{data.views} 次</span>}
              </p>
              <p className="video-detail__intro">{data.intro || '暂无简介'}</p>
            </div>
          </article>
        </ContentPage>
      )}
    </>
  )
}
