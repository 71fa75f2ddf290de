import { Link } from 'react-router'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import type { CooperationSummary } from '../../../../../common/api/cooperation'
import { TypeIcon } from './type-icon'
import './cooperation.css'

/** A cooperation project: cover (or the type's emblem), title, summary and views. */
export function CooperationCard({ cooperation, typeId, to }: { cooperation: CooperationSummary; typeId: number; to: string }) {
  return (
    <Link className="coop-entry card" to={to}>
      <span className="coop-entry__cover">
        {cooperation.cover_img ? (
          <ResponsiveImage
            src={cooperation.cover_img}
            alt={cooperation.title}
            width={480}
            height={270}
            sizes="(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 300px"
          />
        ) : (
          <TypeIcon typeId={typeId} className="coop-entry__emblem" />
        )}
      </span>
      <span className="coop-entry__body">
        <strong className="coop-entry__title line-clamp-2">{cooperation.title}</strong>
        <span className="coop-entry__intro line-clamp-2">{cooperation.intro}</span>
        <span className="coop-entry__meta">
          <span>{cooperation.views} 人次关注</span>
          <span className="coop-entry__more">了解详情 ›</span>
        </span>
      </span>
    </Link>
  )
}
