import { Empty } from 'antd'

/** What an empty table (or a failed load) says, with antd's small empty picture. */
export function TableEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
}
