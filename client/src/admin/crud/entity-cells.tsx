import { Tag, Typography } from 'antd'
import { mediaUrl } from '../../lib/api-client'
import { formatDateTime } from '../../lib/date'
import type { ColumnSpec } from './entity-config'
import { useRefLabels } from './use-ref-options'

function RefCell({ column, value }: { column: ColumnSpec; value: unknown }) {
  const labels = useRefLabels(column.ref)
  if (value === null || value === undefined || value === '') return <span className="adm-muted">—</span>
  return <>{labels.get(value as string | number) ?? String(value)}</>
}

/** One table cell by the column's declared kind. */
export function EntityCell({ column, value, row }: { column: ColumnSpec; value: unknown; row: Record<string, unknown> }) {
  const empty = <span className="adm-muted">—</span>
  switch (column.render) {
    case 'flags': {
      const on = (column.flags ?? []).filter((flag) => row[flag.field])
      return on.length ? (
        <span className="adm-cell-tags">
          {on.map((flag) => (
            <Tag key={flag.field} color={flag.color}>
              {flag.label}
            </Tag>
          ))}
        </span>
      ) : (
        empty
      )
    }
    case 'image':
      return typeof value === 'string' && value ? <img className="adm-cell-image" src={mediaUrl(value)} alt="" loading="lazy" /> : empty
    case 'tags':
      return Array.isArray(value) && value.length ? (
        <span className="adm-cell-tags">
          {value.map((tag) => (
            <Tag key={String(tag)}>{String(tag)}</Tag>
          ))}
        </span>
      ) : (
        empty
      )
    case 'bool':
      return value ? <Tag color="success">是</Tag> : empty
    case 'date':
      return value ? <>{formatDateTime(value as string)}</> : empty
    case 'ref':
      return <RefCell column={column} value={value} />
    case 'option':
      return <>{column.options?.find((option) => option.value === value)?.label ?? String(value ?? '')}</>
    case 'link':
      return typeof value === 'string' && value ? (
        <Typography.Text className="adm-cell-link" ellipsis={{ tooltip: value }} copyable={{ text: value, tooltips: ['复制', '已复制'] }}>
          {value}
        </Typography.Text>
      ) : (
        empty
      )
    default:
      return value === null || value === undefined || value === '' ? empty : <>{String(value)}</>
  }
}
