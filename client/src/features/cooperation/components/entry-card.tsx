import { Link } from 'react-router'
import { mediaUrl } from '../../../lib/api-client'
import type { CooperationEntry } from '../types'
import { TypeIcon } from './type-icon'
import './cooperation.css'

/** A cooperation project: cover (or the type's emblem), title, summary and views. */
export function EntryCard({ entry, typeId, to }: { entry: CooperationEntry; typeId: number; to: string }) {
  return (
    <Link className="coop-entry card" to={to}>
      <span className="coop-entry__cover">
        {entry.cover_img ? (
          <img src={mediaUrl(entry.cover_img)} alt={entry.title} loading="lazy" decoding="async" />
        ) : (
          <TypeIcon typeId={typeId} className="coop-entry__emblem" />
        )}
      </span>
      <span className="coop-entry__body">
        <strong className="coop-entry__title line-clamp-2">{entry.title}</strong>
        <span className="coop-entry__intro line-clamp-2">{entry.intro}</span>
        <span className="coop-entry__meta">
          <span>{entry.views} 人次关注</span>
          <span className="coop-entry__more">了解详情 ›</span>
        </span>
      </span>
    </Link>
  )
}
