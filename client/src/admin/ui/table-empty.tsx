import { Empty } from 'antd'
import type { ReactNode } from 'react'

/** What an empty table (or a failed load) says, with antd's small empty picture, and what to do about it. */
export function TableEmpty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
      {children}
    </Empty>
  )
}
