import { useQuery } from '@tanstack/react-query'
import { Tag, Typography } from 'antd'
import { mediaUrl } from '../../lib/api-client'
import { formatDateTime } from '../../lib/date'
import { adminAction, adminKey, type ListResult } from '../api/admin-client'
import type { ColumnSpec, RefSpec } from './entity-config'

type Key = string | number
type Row = Record<string, unknown>

// The server's `keys` filter names at most 100 rows (server/features/admin/content-filters.ts).
const MAX_KEYS = 100

const keyOf = (ref: RefSpec, row: Row) => row[ref.valueField ?? 'slug'] as Key
// A banner's title may be empty: it then reads as its key, as the server's messages name it.
const nameOf = (ref: RefSpec, row: Row) => String(row[ref.labelField ?? 'name'] || keyOf(ref, row))

type Batch = { keys: Set<Key>; names: Promise<Map<Key, string>> }
const batches = new Map<string, Batch>()

/**
 * The name of a referenced record. A table renders all its cells in one go, so the keys asked for
 * before the next task are read together: one `<entity>List { keys }` per referenced type and page,
 * whatever the target's size (a teacher past the first hundred still shows by name).
 */
function readName(ref: RefSpec, key: Key): Promise<string | null> {
  let batch = batches.get(ref.entity)
  if (!batch) {
    const keys = new Set<Key>()
    const names = new Promise((resolve) => setTimeout(resolve, 0)).then(async () => {
      batches.delete(ref.entity)
      const all = [...keys]
      const chunks = Array.from({ length: Math.ceil(all.length / MAX_KEYS) }, (_, i) => all.slice(i * MAX_KEYS, (i + 1) * MAX_KEYS))
      const pages = await Promise.all(
        chunks.map((chunk) => adminAction<ListResult<Row>>(`${ref.entity}List`, { page: 1, limit: MAX_KEYS, keys: chunk })),
      )
      return new Map(pages.flatMap((page) => page.list).map((row) => [keyOf(ref, row), nameOf(ref, row)]))
    })
    batch = { keys, names }
    batches.set(ref.entity, batch)
  }
  batch.keys.add(key)
  return batch.names.then((names) => names.get(key) ?? null)
}

/** A reference shows the record's name; the key (what the form edits) until it is known, or if it is gone. */
function RefCell({ refSpec, value }: { refSpec: RefSpec; value: Key }) {
  const name = useQuery({
    // Under the target's area, so a save there (a renamed teacher) refreshes the names.
    queryKey: adminKey(refSpec.entity, 'refName', value),
    queryFn: () => readName(refSpec, value),
    staleTime: 30_000,
  })
  return <>{name.data ?? String(value)}</>
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
      if (value === null || value === undefined || value === '') return empty
      return column.ref ? <RefCell refSpec={column.ref} value={value as Key} /> : <>{String(value)}</>
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
