import { Link } from 'react-router'
import { Pagination } from '../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import { paths, USER_TABS } from '../../../config/paths'
import { mediaUrl } from '../../../lib/api-client'
import { formatDate } from '../../../lib/date'
import { SUBMISSION_NOTE_LABEL, SUBMISSION_STATUS_TEXT } from '../../../../../common/rules'
import { VIDEO_STATE_TEXT, type VideoStream } from '../../../../../common/video'
import { useMyTeacherVideo, type MyTeacherVideo } from '../api/teacher-video'
import './video-submission.css'

const PAGE_SIZE = 10
export const VIDEO_SUBMIT_PATH = `${paths.user(USER_TABS.contribute)}&submit=video`

function VideoRow({ video }: { video: MyTeacherVideo }) {
  const titleId = `my-video-${video.id}`
  return (
    <li className="vt-item" aria-labelledby={titleId}>
      <span className="vt-item__cover">
        {video.cover_img ? (
          <img src={mediaUrl(video.cover_img)} alt={`${video.title}的封面`} loading="lazy" />
        ) : (
          <span className="vt-item__placeholder" aria-hidden="true" />
        )}
      </span>
      <span className="vt-item__main">
        <strong id={titleId} className="vt-item__title line-clamp-1" title={video.title}>
          {video.title}
        </strong>
        <span className="uc-contributions__meta vt-item__meta">
          <span>
            讲课名师：<Link to={paths.teacherDetail(video.teacher.id)}>{video.teacher.name}</Link>
          </span>
          <span>投稿于 {formatDate(video.createdAt)}</span>
          {video.reviewedAt && <span>审核于 {formatDate(video.reviewedAt)}</span>}
        </span>
        <StreamNote stream={video.stream} />
        {(video.status === 'rejected' || video.status === 'withdrawn') && video.reviewNote && (
          <span className="uc-contributions__note vt-item__note">{`${SUBMISSION_NOTE_LABEL[video.status]}：${video.reviewNote}`}</span>
        )}
      </span>
      <span className="vt-item__side">
        <span className={`uc-status uc-status--${video.status}`}>
          {video.statusText ?? SUBMISSION_STATUS_TEXT[video.status] ?? video.status}
        </span>
        {video.status === 'approved' && (
          <Link className="vt-item__view" to={paths.teacherVideo(video.id)} aria-label={`查看视频：${video.title}`}>
            查看
          </Link>
        )}
      </span>
    </li>
  )
}

/** How far the phone-friendly copy is; once made, that it is (the review state says the rest). */
function StreamNote({ stream }: { stream: VideoStream | null }) {
  if (!stream) return null
  if (stream.state === 'ready') return <span className="vt-item__stream vt-item__stream--ready">转码完成</span>
  if (stream.state === 'failed') return <span className="uc-contributions__note vt-item__note">{`转码失败：${stream.reason}`}</span>
  return (
    <span className="vt-item__stream">
      {stream.state === 'running' ? `${VIDEO_STATE_TEXT.running} ${stream.percent}%` : VIDEO_STATE_TEXT.queued}
    </span>
  )
}

/** 我的投稿 > 视频: the member's lecture videos with their review state. */
export function VideoList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const query = useMyTeacherVideo({ page, limit: PAGE_SIZE })

  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0)
    return (
      <div className="uc-empty">
        <EmptyState text="您还没有投稿讲课视频" />
        <Link className="btn" to={VIDEO_SUBMIT_PATH}>
          投稿讲课视频
        </Link>
      </div>
    )

  return (
    <>
      <p className="uc-count">共 {total} 个视频，审核通过后展示在名师页面</p>
      <ul className="vt-list" aria-busy={query.isPlaceholderData || undefined}>
        {list.map((video) => (
          <VideoRow key={video.id} video={video} />
        ))}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
    </>
  )
}
