import type { ReactNode } from 'react'
import { Link } from 'react-router'
import './content.css'

/** A titled box for a detail page's side column (hot lists, related items, contact). */
export function SidePanel({ title, moreTo, children }: { title: string; moreTo?: string; children: ReactNode }) {
  return (
    <section className="side-panel card">
      <div className="side-panel__head">
        <h2>{title}</h2>
        {moreTo && <Link to={moreTo}>更多 ›</Link>}
      </div>
      {children}
    </section>
  )
}

export type RankItem = { id: number; title: string; to: string; meta?: string }

/** Numbered list of links, the first three emphasised like a hot-list; `isRanked={false}` for plain "more" lists. */
export function RankList({
  items,
  emptyText = '暂无内容',
  isRanked = true,
}: {
  items: RankItem[]
  emptyText?: string
  isRanked?: boolean
}) {
  if (items.length === 0) return <p className="rank-list__empty">{emptyText}</p>
  if (!isRanked) {
    return (
      <ul className="compact-list compact-list--side">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.to} className="line-clamp-1" title={item.title}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <ol className="rank-list">
      {items.map((item, index) => (
        <li key={item.id}>
          <span className={`rank-list__no${index < 3 ? ' rank-list__no--top' : ''}`} aria-hidden="true">
            {index + 1}
          </span>
          <Link to={item.to} className="line-clamp-1" title={item.title}>
            {item.title}
          </Link>
          {item.meta && <span className="rank-list__meta">{item.meta}</span>}
        </li>
      ))}
    </ol>
  )
}
