import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paged } from '../../lib/use-page-param'
import { Pagination } from '../ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../ui/states'
import './content.css'

type Props<T> = {
  query: UseQueryResult<Paged<T>>
  emptyText: string
  onPageChange?: (page: number) => void
  children: (list: T[]) => ReactNode
}

/**
 * Loading, error, empty and paginated states of one list query. While the next page loads the
 * previous one stays visible, dimmed (keepPreviousData), instead of flashing a spinner.
 */
export function ListResult<T>({ query, emptyText, onPageChange, children }: Props<T>) {
  if (query.isPending) return <PageSpinner />
  if (query.isError && !query.data) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const data = query.data
  if (!data) return null
  const changePage = (page: number) => {
    onPageChange?.(page)
    // A new page is a new history entry; start reading it from the top like any navigation.
    window.scrollTo(0, 0)
  }
  return (
    <div className="list-body" aria-busy={query.isPlaceholderData || undefined}>
      {data.list.length === 0 ? <EmptyState text={data.total > 0 ? '这一页没有内容了，请返回上一页' : emptyText} /> : children(data.list)}
      {onPageChange && <Pagination page={data.page} total={data.total} limit={data.limit} onChange={changePage} />}
    </div>
  )
}
