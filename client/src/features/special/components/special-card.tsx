import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { CommentCount } from '../../../components/ui/comment-count'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import './special-card.css'

export type SpecialCardData = { id: number; title: string; cover_img?: string; special_url?: string; commentCount?: number }

/** A special's cover with its title over a soft gradient; always opens the special's detail page. */
export function SpecialCard({ special }: { special: SpecialCardData }) {
  return (
    <Link className="lift-card special-card" to={paths.specialDetail(special.id)}>
      <span className="special-card__cover">
        {special.cover_img && (
          <ResponsiveImage
            src={special.cover_img}
            alt={special.title}
            width={480}
            height={270}
            sizes="(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 300px"
          />
        )}
        {!!special.commentCount && (
          <span className="special-card__comments">
            <CommentCount count={special.commentCount} />
          </span>
        )}
      </span>
      <strong className="special-card__title line-clamp-2" title={special.title}>
        {special.title}
      </strong>
    </Link>
  )
}
