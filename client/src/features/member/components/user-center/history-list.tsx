import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { confirmDialog } from '../../../../components/layout/confirm-dialog'
import { Pagination } from '../../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../../components/ui/states'

type Paged<T> = { list: T[]; total: number; limit: number }
type PagedQuery<T> = {
  isPending: boolean
  isError: boolean
  isFetching: boolean
  error: Error | null
  data: Paged<T> | undefined
  refetch: () => unknown
}

type HistoryListProps<T> = {
  query: PagedQuery<T>
  page: number
  onPageChange: (page: number) => void
  /** "共 N 个视频": the count above the rows. */
  countText: (total: number) => string
  empty: { text: string; to: string; linkText: string }
  /** 清空: the button, the confirmation it asks, and what runs once confirmed. */
  clear: { label: string; title: string; message: string; isPending: boolean; onConfirmed: () => void }
  children: (item: T) => ReactNode
}

/**
 * A user-centre history (最近观看, 我的足迹): its loading, failure and empty states, the count with
 * 清空 behind a confirmation, the rows and the pages.
 */
export function HistoryList<T>({ query, page, onPageChange, countText, empty, clear, children }: HistoryListProps<T>) {
  const askToClear = async () => {
    const isSure = await confirmDialog({ title: clear.title, message: clear.message, confirmText: '清空' })
    if (isSure) clear.onConfirmed()
  }
  if (query.isPending) return <PageSpinner />
  if (query.isError || !query.data) return <ErrorState message={query.error?.message ?? ''} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0)
    return (
      <div className="uc-empty">
        <EmptyState text={empty.text} />
        <Link className="btn" to={empty.to}>
          {empty.linkText}
        </Link>
      </div>
    )
  return (
    <>
      <div className="uc-recent__head">
        <p className="uc-count">{countText(total)}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void askToClear()} disabled={clear.isPending}>
          {clear.label}
        </button>
      </div>
      <ul className="uc-releases" aria-busy={query.isFetching || undefined}>
        {list.map(children)}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
    </>
  )
}
