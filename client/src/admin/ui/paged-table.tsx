// The console's paged table of one list action: rows, loading, the empty or failed state, and pages
// of 10/20/50/100 kept in the address (`?page=2&size=50`), so a shared link and Back show the same page.
// On a phone the table keeps its columns and scrolls sideways inside its own box; the page never does.
import type { UseQueryResult } from '@tanstack/react-query'
import { Table, type TableProps } from 'antd'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { ListResult } from '../api/admin-client'
import { TableEmpty } from './table-empty'
import { readPageSize, tablePagination } from './table-pagination'
import { useIsPhone } from './use-is-phone'

/** Which page of how many rows a list shows, and how to move: read from and written to the address. */
export type Paging = { page: number; pageSize: number; onChange: (page: number, pageSize: number) => void }

/** `?page` and `?size` of the address; page 1 and the default size leave the address clean. */
export function usePaging(defaultSize = 20): Paging {
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const pageSize = readPageSize(search.get('size'), defaultSize)
  const onChange = (nextPage: number, nextSize: number) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (nextPage === 1) next.delete('page')
      else next.set('page', String(nextPage))
      if (nextSize === defaultSize) next.delete('size')
      else next.set('size', String(nextSize))
      return next
    })
  return { page, pageSize, onChange }
}

type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'locale' | 'scroll'> & {
  /** The list action's query, asked for `paging.page` and `paging.pageSize`. */
  list: UseQueryResult<ListResult<T>>
  paging: Paging
  /** What the pager counts: 共 12 位员工. */
  unit?: string
  /** What an empty list says (a failed one says why). */
  emptyText: string
  /** Offered under the empty text: 清除筛选. */
  emptyAction?: ReactNode
}

export function PagedTable<T extends object>({ list, paging, unit, emptyText, emptyAction, ...table }: PagedTableProps<T>) {
  const isPhone = useIsPhone()
  return (
    <div className="adm-paged-table">
      <Table<T>
        size={isPhone ? 'small' : undefined}
        {...table}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? <TableEmpty text={list.error.message} /> : <TableEmpty text={emptyText}>{emptyAction}</TableEmpty>,
        }}
        pagination={tablePagination({
          page: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total,
          onChange: paging.onChange,
          unit,
          isSizeChangeable: true,
          isCompact: isPhone,
        })}
      />
    </div>
  )
}
