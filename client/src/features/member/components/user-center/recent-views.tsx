import { CoverRow } from '../../../../components/ui/cover-row'
import { paths } from '../../../../config/paths'
import { formatDateTime } from '../../../../lib/date'
import { useClearRecentViews, useRecentViews, type RecentView } from '../../api/recent-views'
import { HistoryList } from './history-list'

const PAGE_SIZE = 12
const PLACEHOLDER: Record<RecentView['entity'], string> = { teacher: '名师', course: '课程', special: '专题' }

/** 我的足迹 (Member/recentViewList): the teachers, courses and topics the member opened, newest first. */
export function RecentViews({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const query = useRecentViews({ page, limit: PAGE_SIZE })
  const clear = useClearRecentViews()
  return (
    <HistoryList
      query={query}
      page={page}
      onPageChange={onPageChange}
      countText={(total) => `共 ${total} 条足迹`}
      empty={{ text: '还没有足迹，打开过的名师、课程和专题会显示在这里', to: paths.teacher(), linkText: '去看看名师' }}
      clear={{
        label: '清空足迹',
        title: '清空足迹',
        message: '清空后无法恢复。确定清空全部足迹吗？',
        isPending: clear.isPending,
        onConfirmed: () => clear.mutate(undefined),
      }}
    >
      {(item) => (
        <CoverRow
          key={`${item.entity}-${item.id}`}
          to={item.link}
          cover={item.cover_img}
          placeholder={PLACEHOLDER[item.entity]}
          title={item.title}
          action={
            <button
              type="button"
              className="btn btn--plain"
              aria-label={`删除足迹「${item.title}」`}
              disabled={clear.isPending}
              onClick={() => clear.mutate({ entity: item.entity, id: item.id })}
            >
              删除
            </button>
          }
        >
          <span className="uc-contributions__meta">
            <span className="uc-tag">{item.entityText}</span>
            {item.subtitle && <span className="line-clamp-1">{item.subtitle}</span>}
            <span>{formatDateTime(item.viewedAt)}</span>
          </span>
        </CoverRow>
      )}
    </HistoryList>
  )
}
