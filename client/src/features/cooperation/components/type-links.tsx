import { Link } from 'react-router'
import { typePath } from '../paths'
import type { CooperationType } from '../../../../../common/api/cooperation'
import { TypeIcon } from './type-icon'
import './cooperation.css'

/**
 * Every cooperation type as a link to its detail page (/cooperation/detail/{encoded id and name},
 * spec §2), for a page's side column; `currentId` marks the type being shown.
 */
export function TypeLinks({ types, currentId }: { types: CooperationType[]; currentId?: number }) {
  return (
    <ul className="coop-type-links">
      {types.map((type) => (
        <li key={type.id}>
          <Link to={typePath(type)} aria-current={type.id === currentId ? 'page' : undefined}>
            <TypeIcon typeId={type.id} className="coop-type-links__icon" />
            <span>{type.name}</span>
            <span className="coop-type-links__more" aria-hidden="true">
              详情 ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
