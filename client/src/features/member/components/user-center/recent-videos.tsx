import { CoverRow } from '../../../../components/ui/cover-row'
import { paths } from '../../../../config/paths'
import { formatDateTime } from '../../../../lib/date'
import { formatPlayTime } from '../../../../../../common/video'
import { useClearRecentVideos, useRecentVideos, type RecentVideo } from '../../api/video-progress'
import { HistoryList } from './history-list'

const PAGE_SIZE = 10

const pageOf = (video: RecentVideo) => (video.kind === 'course' ? paths.courseDetail(video.id) : paths.teacherVideo(video.id))

function RecentRow({ video }: { video: RecentVideo }) {
  const percent = video.duration > 0 ? Math.min(100, Math.round((video.position / video.duration) * 100)) : 0
  return (
    <CoverRow to={pageOf(video)} cover={video.cover_img} placeholder="视频" title={video.title}>
      <span className="uc-recent__progress" aria-label={`已看到 ${formatPlayTime(video.position)}，共 ${formatPlayTime(video.duration)}`}>
        <span style={{ width: `${percent}%` }} />
      </span>
      <span className="uc-contributions__meta">
        <span className="uc-tag">{video.kind === 'course' ? '课程视频' : '名师视频'}</span>
        {video.teacherName && <span>主讲：{video.teacherName}</span>}
        <span>看到 {formatPlayTime(video.position)}</span>
        <span>{formatDateTime(video.watchedAt)}</span>
      </span>
    </CoverRow>
  )
}

/** 最近观看 (Member/recentVideos): the videos the member played, last first, each opening where they stopped. */
export function RecentVideos({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const query = useRecentVideos({ page, limit: PAGE_SIZE })
  const clear = useClearRecentVideos()
  return (
    <HistoryList
      query={query}
      page={page}
      onPageChange={onPageChange}
      countText={(total) => `共 ${total} 个视频`}
      empty={{ text: '您还没有观看过视频，看过的名师视频和课程视频会显示在这里', to: paths.course(), linkText: '去看看课程' }}
      clear={{
        label: '清空记录',
        title: '清空最近观看',
        message: '清空后，再打开这些视频时将从头播放。确定清空吗？',
        isPending: clear.isPending,
        onConfirmed: () => clear.mutate(),
      }}
    >
      {(video) => <RecentRow key={`${video.kind}-${video.id}`} video={video} />}
    </HistoryList>
  )
}
