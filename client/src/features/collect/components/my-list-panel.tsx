import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Pagination } from '../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import type { Paged } from '../../../lib/use-page-param'

type Props<T extends { id: number }> = {
  query: UseQueryResult<Paged<T>, Error>
  page: number
  onPageChange: (page: number) => void
  emptyText: string
  browse: { to: string; label: string }
  renderItem: (item: T) => ReactNode
  layout?: 'cards' | 'portraits'
}

/** A paginated grid of the member's followed or collected items (tabs 3, 4 and 5). */
export function MyListPanel<T extends { id: number }>({
  query,
  page,
  onPageChange,
  emptyText,
  browse,
  renderItem,
  layout = 'cards',
}: Props<T>) {
  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0) {
    // Cancelling the last item of a later page leaves it empty; step back instead of showing nothing.
    if (page > 1 && total > 0) {
      queueMicrotask(() => onPageChange(Math.max(1, Math.ceil(total / limit))))
      return <PageSpinner />
    }
    return (
      <div className="uc-empty">
        <EmptyState text={emptyText} />
        <Link className="btn btn--ghost" to={browse.to}>
          {browse.label}
        </Link>
      </div>
    )
  }
  return (
    <>
      <p className="uc-count">共 {total} 项</p>
      <ul className={`uc-grid uc-grid--${layout}`} aria-busy={query.isFetching || undefined}>
        {list.map((item) => (
          <li key={item.id} className="uc-grid__item">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
    </>
  )
}
