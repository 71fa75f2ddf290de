import { Empty, Switch, Table, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'

type Snapshot = Record<string, unknown> | null

/** A snapshot as the audit log stores it: JSON text ('' for none), or already parsed. */
export function parseSnapshot(value: unknown): Snapshot {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'object') return value as Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(String(value))
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { 值: parsed }
  } catch {
    return { 值: value }
  }
}

const show = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 1))

type Line = { field: string; before: unknown; after: unknown; isChanged: boolean }

/** Before and after, field by field; changed fields are marked, unchanged ones can be hidden. */
export function AuditDiff({
  before,
  after,
  titles,
}: {
  before: unknown
  after: unknown
  /** Column titles other than 修改前 / 修改后 (a past version against the current record). */
  titles?: [before: string, after: string]
}) {
  const [isChangedOnly, setChangedOnly] = useState(true)
  const old = parseSnapshot(before)
  const next = parseSnapshot(after)
  if (!old && !next) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="此操作没有记录数据快照" />
  const fields = [...new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})])]
  const lines: Line[] = fields.map((field) => ({
    field,
    before: old?.[field],
    after: next?.[field],
    isChanged: JSON.stringify(old?.[field]) !== JSON.stringify(next?.[field]),
  }))
  const shown = isChangedOnly ? lines.filter((line) => line.isChanged) : lines
  const columns: TableColumnsType<Line> = [
    { key: 'field', title: '字段', width: 140, render: (_, line) => (line.isChanged ? <Tag color="blue">{line.field}</Tag> : line.field) },
    {
      key: 'before',
      title: titles?.[0] ?? (old ? '修改前' : '（新建）'),
      render: (_, line) =>
        line.isChanged && old ? (
          <del>
            <pre>{show(line.before)}</pre>
          </del>
        ) : (
          <pre>{show(line.before)}</pre>
        ),
    },
    {
      key: 'after',
      title: titles?.[1] ?? (next ? '修改后' : '（已删除）'),
      render: (_, line) =>
        line.isChanged && next ? (
          <ins>
            <pre>{show(line.after)}</pre>
          </ins>
        ) : (
          <pre>{show(line.after)}</pre>
        ),
    },
  ]
  return (
    <div className="adm-diff">
      <div style={{ marginBottom: 8, textAlign: 'right' }}>
        <Switch size="small" checked={isChangedOnly} onChange={setChangedOnly} aria-label="只看变化的字段" /> 只看变化的字段（
        {lines.filter((line) => line.isChanged).length}/{lines.length}）
      </div>
      <Table<Line>
        rowKey="field"
        size="small"
        columns={columns}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: '没有字段变化' }}
      />
    </div>
  )
}
