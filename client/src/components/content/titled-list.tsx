import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paged } from '../../lib/use-page-param'
import { ListResult } from './list-result'
import './content.css'

type Props<T extends { id: number }> = {
  heading: string
  /** The line beside the heading, e.g. total => `共 ${total} 门课程`. */
  countText: (total: number) => string
  query: UseQueryResult<Paged<T>>
  emptyText: string
  onPageChange: (page: number) => void
  listClassName: string
  renderItem: (item: T) => ReactNode
}

/** A list page's heading with its item count, then the paged items as one list. */
export function TitledList<T extends { id: number }>({
  heading,
  countText,
  query,
  emptyText,
  onPageChange,
  listClassName,
  renderItem,
}: Props<T>) {
  return (
    <>
      <div className="list-head">
        <h2>{heading}</h2>
        {query.data && <span className="list-head__count">{countText(query.data.total)}</span>}
      </div>
      <ListResult query={query} emptyText={emptyText} onPageChange={onPageChange}>
        {(list) => (
          <ul className={listClassName}>
            {list.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
        )}
      </ListResult>
    </>
  )
}
