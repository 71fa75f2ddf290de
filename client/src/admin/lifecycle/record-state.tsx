// A publishable record's life: 草稿, 已排期 (a publish time ahead), 已发布, 已下线. The server answers
// `state` with every row; before it did, the publish flag was all there was, which reads as published
// or draft.
import { Tag, Tooltip } from 'antd'
import type { EntityConfig } from '../crud/entity-config'
import { formatBeijing } from '../ui/beijing-time'

export type RecordState = 'draft' | 'scheduled' | 'published' | 'offline'
/** `draftAt`: a published record's next version waits as a draft, saved then. */
export type Lifecycle = { state?: RecordState; publishAt?: string | null; unpublishAt?: string | null; draftAt?: string | null }

export const STATE_LABELS: Record<RecordState, string> = { draft: '草稿', scheduled: '已排期', published: '已发布', offline: '已下线' }
const STATE_COLORS: Record<RecordState, string> = { draft: 'default', scheduled: 'processing', published: 'success', offline: 'warning' }

export function stateOf(row: Record<string, unknown>, config: EntityConfig): RecordState {
  const state = row.state as RecordState | undefined
  if (state && state in STATE_LABELS) return state
  return config.publishField && row[config.publishField] ? 'published' : 'draft'
}

export const isLive = (state: RecordState) => state === 'published'

/** The state as a coloured tag; a scheduled record names its publish time, a published one its take-down time and its waiting draft. */
export function StateTag({ row, config }: { row: Record<string, unknown>; config: EntityConfig }) {
  const state = stateOf(row, config)
  const publishAt = formatBeijing(row.publishAt)
  const unpublishAt = formatBeijing(row.unpublishAt)
  const tag = (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {STATE_LABELS[state]}
      {state === 'scheduled' && publishAt && <span className="adm-state-time"> {publishAt.slice(5)}</span>}
    </Tag>
  )
  const draftAt = formatBeijing(row.draftAt)
  const notes = [
    publishAt && state === 'scheduled' ? `${publishAt} 发布（北京时间）` : '',
    unpublishAt ? `${unpublishAt} 下线（北京时间）` : '',
    draftAt ? `有未发布的草稿，${draftAt} 保存（北京时间）` : '',
  ].filter(Boolean)
  const shown = draftAt ? (
    <span className="adm-state-with-draft">
      {tag}
      <Tag color="gold" style={{ marginInlineEnd: 0 }}>
        有草稿
      </Tag>
    </span>
  ) : (
    tag
  )
  return notes.length ? <Tooltip title={notes.join('；')}>{shown}</Tooltip> : shown
}
