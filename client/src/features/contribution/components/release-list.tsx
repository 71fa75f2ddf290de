import { Link } from 'react-router'
import { CoverRow } from '../../../components/ui/cover-row'
import { Pagination } from '../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import { paths, USER_TABS } from '../../../config/paths'
import { formatDate } from '../../../lib/date'
import { useMyRelease } from '../api/get-my-release'
import { CONTRIBUTION_KIND_TEXT, publishedPath } from '../lib/submission'
import type { ReleaseSummary } from '../types'

const PAGE_SIZE = 10

function ReleaseRow({ item }: { item: ReleaseSummary }) {
  const kindText = item.kindText ?? CONTRIBUTION_KIND_TEXT[item.kind]
  return (
    <CoverRow to={publishedPath(item.kind, item.id)} cover={item.cover_img} placeholder={kindText.slice(0, 2)} title={item.title}>
      {item.intro && <span className="uc-release__intro line-clamp-2">{item.intro}</span>}
      <span className="uc-contributions__meta">
        <span className="uc-tag">{kindText}</span>
        <span>发布于 {formatDate(item.publishedAt)}</span>
        <span>浏览 {item.views}</span>
      </span>
    </CoverRow>
  )
}

/** 我的发布 (Member/myRelease): the member's contributions that are public now, each opening its page. */
export function ReleaseList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const query = useMyRelease({ page, limit: PAGE_SIZE })
  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0)
    return (
      <div className="uc-empty">
        <EmptyState text="您还没有已发布的内容，投稿审核通过后会显示在这里" />
        <Link className="btn" to={paths.user(USER_TABS.contribute)}>
          我要投稿
        </Link>
      </div>
    )
  return (
    <>
      <p className="uc-count">共 {total} 篇已发布</p>
      <ul className="uc-releases" aria-busy={query.isFetching || undefined}>
        {list.map((item) => (
          <ReleaseRow key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
    </>
  )
}
