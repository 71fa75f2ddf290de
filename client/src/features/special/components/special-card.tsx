import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { mediaUrl } from '../../../lib/api-client'
import './special-card.css'

export type SpecialCardData = { id: number; title: string; cover_img?: string; special_url?: string }

/** Topic cover with its title over a soft gradient; always opens the topic's detail page. */
export function SpecialCard({ special }: { special: SpecialCardData }) {
  return (
    <Link className="lift-card special-card" to={paths.subjectDetail(special.id)}>
      <span className="special-card__cover">
        {special.cover_img && <img src={mediaUrl(special.cover_img)} alt={special.title} loading="lazy" decoding="async" />}
      </span>
      <strong className="special-card__title line-clamp-2" title={special.title}>
        {special.title}
      </strong>
    </Link>
  )
}
