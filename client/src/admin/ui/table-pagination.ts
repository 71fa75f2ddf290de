import type { TablePaginationConfig } from 'antd'

/** The console's table pagination: fixed page size, "共 N 条" in the list's own unit. */
export function tablePagination({
  page,
  total,
  onChange,
  pageSize = 20,
  unit = '条',
}: {
  page: number
  total: number | undefined
  onChange: (page: number) => void
  pageSize?: number
  unit?: string
}): TablePaginationConfig {
  return { current: page, pageSize, total: total ?? 0, showSizeChanger: false, showTotal: (count) => `共 ${count} ${unit}`, onChange }
}
