import { Link } from 'react-router'
import type { CooperationType } from '../../../../../common/api/cooperation'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import { typePath } from '../paths'
import { TypeIcon } from './type-icon'
import './cooperation.css'

/** One cooperation type on the overview: picture, name and summary lead to its page; 预约 starts the form with it. */
export function TypeCard({ type, isFirst = false }: { type: CooperationType; isFirst?: boolean }) {
  return (
    <article className="coop-type-card card">
      <Link to={typePath(type)} className="coop-type-card__link">
        <div className="coop-type-card__art">
          {type.cover_img ? (
            <ResponsiveImage
              src={type.cover_img}
              alt=""
              width={640}
              height={400}
              sizes="(max-width: 640px) 100vw, 300px"
              priority={isFirst}
            />
          ) : (
            <TypeIcon typeId={type.id} />
          )}
        </div>
        <div className="coop-type-card__body">
          <div className="coop-type-card__name">
            <TypeIcon typeId={type.id} className="coop-type-card__icon" />
            <h3>{type.name}</h3>
          </div>
          <p className="coop-type-card__intro line-clamp-2">{type.intro || '了解该合作类型的服务内容与案例'}</p>
        </div>
      </Link>
      <footer className="coop-type-card__foot">
        <Link to={typePath(type)}>
          查看详情<span className="visually-hidden">：{type.name}</span> ›
        </Link>
        <Link className="btn btn--ghost coop-type-card__book" to={paths.booking({ type: type.id })}>
          立即预约<span className="visually-hidden">：{type.name}</span>
        </Link>
      </footer>
    </article>
  )
}
