import { Link } from 'react-router'
import { confirmDialog } from '../../../../components/layout/confirm-dialog'
import { Pagination } from '../../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../../components/ui/states'
import { paths } from '../../../../config/paths'
import { mediaUrl } from '../../../../lib/api-client'
import { formatDateTime } from '../../../../lib/date'
import { formatPlayTime } from '../../../../../../common/video'
import { useClearRecentVideos, useRecentVideos, type RecentVideo } from '../../api/video-progress'

const PAGE_SIZE = 10

const pageOf = (video: RecentVideo) => (video.kind === 'course' ? paths.courseDetail(video.id) : paths.teacherVideo(video.id))

function RecentRow({ video }: { video: RecentVideo }) {
  const percent = video.duration > 0 ? Math.min(100, Math.round((video.position / video.duration) * 100)) : 0
  return (
    <li>
      <Link className="uc-release" to={pageOf(video)}>
        <span className="uc-release__cover">
          {video.cover_img ? (
            <img src={mediaUrl(video.cover_img)} alt="" loading="lazy" decoding="async" />
          ) : (
            <span aria-hidden="true">视频</span>
          )}
        </span>
        <span className="uc-release__main">
          <strong className="line-clamp-1">{video.title}</strong>
          <span
            className="uc-recent__progress"
            aria-label={`已看到 ${formatPlayTime(video.position)}，共 ${formatPlayTime(video.duration)}`}
          >
            <span style={{ width: `${percent}%` }} />
          </span>
          <span className="uc-contributions__meta">
            <span className="uc-tag">{video.kind === 'course' ? '课程视频' : '名师视频'}</span>
            {video.teacherName && <span>主讲：{video.teacherName}</span>}
            <span>看到 {formatPlayTime(video.position)}</span>
            <span>{formatDateTime(video.watchedAt)}</span>
          </span>
        </span>
      </Link>
    </li>
  )
}

/** 最近观看 (Member/recentVideos): the videos the member played, last first, each opening where they stopped. */
export function RecentVideos({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const query = useRecentVideos({ page, limit: PAGE_SIZE })
  const clear = useClearRecentVideos()
  const askToClear = async () => {
    const isSure = await confirmDialog({
      title: '清空最近观看',
      message: '清空后，再打开这些视频时将从头播放。确定清空吗？',
      confirmText: '清空',
    })
    if (isSure) clear.mutate()
  }
  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0)
    return (
      <div className="uc-empty">
        <EmptyState text="您还没有观看过视频，看过的名师视频和课程视频会显示在这里" />
        <Link className="btn" to={paths.course()}>
          去看看课程
        </Link>
      </div>
    )
  return (
    <>
      <div className="uc-recent__head">
        <p className="uc-count">共 {total} 个视频</p>
        <button type="button" className="btn btn--ghost" onClick={() => void askToClear()} disabled={clear.isPending}>
          清空记录
        </button>
      </div>
      <ul className="uc-releases" aria-busy={query.isFetching || undefined}>
        {list.map((video) => (
          <RecentRow key={`${video.kind}-${video.id}`} video={video} />
        ))}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
    </>
  )
}
