import { Link } from 'react-router'
import type { CooperationType } from '../../../../../common/api/cooperation'
import { TypeIcon } from './type-icon'
import './cooperation.css'

/** The five fixed cooperation types as large tabs; the selected one lives in ?type= so Back and links keep it. */
export function TypeTabs({ types, activeId, hrefFor }: { types: CooperationType[]; activeId: number; hrefFor: (id: number) => string }) {
  return (
    <nav className="coop-tabs" aria-label="合作类型">
      {types.map((type) => (
        <Link key={type.id} className="coop-tabs__item" to={hrefFor(type.id)} aria-current={type.id === activeId ? 'page' : undefined}>
          <TypeIcon typeId={type.id} className="coop-tabs__icon" />
          <span className="coop-tabs__name">{type.name}</span>
        </Link>
      ))}
    </nav>
  )
}
