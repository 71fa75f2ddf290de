import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import './media-row.css'

type Props = { to: string; title: string; cover?: string; summary?: string; meta?: ReactNode }

/** A list row with a 16:9 thumbnail, title, summary and a meta line (notices, activities, articles). */
export function MediaRow({ to, title, cover, summary, meta }: Props) {
  return (
    <article className="media-row card">
      <Link className="media-row__cover" to={to} tabIndex={-1} aria-hidden="true">
        {cover && <ResponsiveImage src={cover} alt="" width={480} height={270} sizes="(max-width: 640px) 40vw, 240px" />}
      </Link>
      <div className="media-row__body">
        <h2 className="media-row__title">
          <Link to={to} className="line-clamp-1" title={title}>
            {title}
          </Link>
        </h2>
        {summary && <p className="media-row__summary line-clamp-2">{summary}</p>}
        {meta && <div className="media-row__meta">{meta}</div>}
      </div>
    </article>
  )
}
