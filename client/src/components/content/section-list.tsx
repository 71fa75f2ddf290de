import type { ReactNode } from 'react'
import type { Paged } from '../../lib/use-page-param'
import { Pagination } from '../ui/pagination'
import { EmptyState, PageSpinner } from '../ui/states'
import './content.css'

type Props<T extends { id: number }> = {
  query: { data?: Paged<T>; isPlaceholderData: boolean }
  /** Kept by the caller in local state: a section's page is not part of the page's URL. */
  page: number
  limit: number
  onPageChange: (page: number) => void
  emptyText: string
  listClassName: string
  renderItem: (item: T) => ReactNode
}

/**
 * The paged items inside one section of a detail page. Paging stays in place (no scroll to the
 * top) and the previous page stays visible, dimmed, while the next one loads.
 */
export function SectionList<T extends { id: number }>({
  query,
  page,
  limit,
  onPageChange,
  emptyText,
  listClassName,
  renderItem,
}: Props<T>) {
  const data = query.data
  if (!data) return <PageSpinner />
  if (data.list.length === 0) return <EmptyState text={emptyText} />
  return (
    <div className="list-body" aria-busy={query.isPlaceholderData || undefined}>
      <ul className={listClassName}>
        {data.list.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      <Pagination page={page} total={data.total} limit={limit} onChange={onPageChange} />
    </div>
  )
}
