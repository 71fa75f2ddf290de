import type { TablePaginationConfig } from 'antd'

/** The page sizes a console list offers; the server answers at most 100 a page (MAX_ADMIN_PAGE_SIZE). */
export const PAGE_SIZES = [10, 20, 50, 100] as const

/** A page size from the address (`?size=50`): one of PAGE_SIZES, else `fallback`. */
export function readPageSize(raw: string | null, fallback = 20): number {
  const size = Number(raw)
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : fallback
}

/**
 * The console's table pagination: "共 N 条" in the list's own unit. With `isSizeChangeable` it offers
 * PAGE_SIZES, and a new size starts again at page 1. `isCompact` is the phone's one-line pager.
 */
export function tablePagination({
  page,
  total,
  onChange,
  pageSize = 20,
  unit = '条',
  isSizeChangeable = false,
  isCompact = false,
}: {
  page: number
  total: number | undefined
  onChange: (page: number, pageSize: number) => void
  pageSize?: number
  unit?: string
  isSizeChangeable?: boolean
  isCompact?: boolean
}): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total: total ?? 0,
    showSizeChanger: isSizeChangeable,
    pageSizeOptions: isSizeChangeable ? PAGE_SIZES.map(String) : undefined,
    showTotal: (count) => `共 ${count} ${unit}`,
    size: isCompact ? 'small' : undefined,
    showLessItems: isCompact,
    onChange: (next, size) => onChange(size !== pageSize ? 1 : next, size),
  }
}
