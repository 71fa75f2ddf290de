import { useId, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../config/paths'
import { useIndexList } from '../../features/index/api/get-index-list'
import { NAV_NAMES_BESIDE, NAV_PANEL_FROM, NAV_PANEL_TO } from '../../features/index/constants'
import { useIsDesktop } from '../../features/index/hooks/use-media-query'
import type { CategoryNames } from '../../../../common/api/home'
import { Icon } from './icons'

const FALLBACK_CATEGORIES = ['经济', '管理', '科技', '文化', '党建']

/** Names for one category: the server's mingshiku1/2 lists, or slices of mingshiku when absent. */
function namesOf(list: CategoryNames[] | undefined, id: number) {
  return list?.find((row) => row.id === id)?.teachers ?? []
}

/**
 * Home-only teacher library (spec §2 navigation): each category with up to 3 names beside it and
 * a panel listing the 3rd to the 19th names, plus a more link to /teacher.
 */
export function TeacherLibraryMenu() {
  const home = useIndexList()
  const [openRow, setOpenRow] = useState<number | null>(null)
  const [isExpanded, setIsExpanded] = useState(false)
  const panelId = useId()
  const isDesktop = useIsDesktop()
  const categories = home.data?.mingshiku ?? []

  return (
    <div className={`library${isExpanded ? ' is-expanded' : ''}`}>
      {isDesktop ? (
        // Always open on wide screens: a label, not a control.
        <p className="library__title">
          <Icon name="menu" size={18} />
          <span>名师库</span>
        </p>
      ) : (
        <button
          type="button"
          className="library__title"
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => setIsExpanded((value) => !value)}
        >
          <Icon name="menu" size={18} />
          <span>名师库</span>
        </button>
      )}
      <div id={panelId} className="library__menu" onMouseLeave={() => setOpenRow(null)}>
        <ul className="library__rows">
          {categories.length === 0
            ? FALLBACK_CATEGORIES.map((name) => (
                <li key={name} className="library__row library__row--loading">
                  <span className="library__category">{name}</span>
                  <span className="library__skeleton" />
                </li>
              ))
            : categories.map((category) => {
                const beside = home.data?.mingshiku1 ? namesOf(home.data.mingshiku1, category.id) : category.teachers
                const panel = home.data?.mingshiku2
                  ? namesOf(home.data.mingshiku2, category.id)
                  : category.teachers.slice(NAV_PANEL_FROM - 1, NAV_PANEL_TO)
                const isOpen = openRow === category.id
                return (
                  <li
                    key={category.id}
                    className={`library__row${isOpen ? ' is-open' : ''}`}
                    onMouseEnter={() => setOpenRow(category.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') setOpenRow(null)
                    }}
                    onBlur={(event) => {
                      if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenRow(null)
                    }}
                  >
                    <div className="library__head">
                      <Link className="library__category" to={paths.teacher(category.id)}>
                        {category.name}
                      </Link>
                      <span className="library__beside">
                        {beside.slice(0, NAV_NAMES_BESIDE).map((teacher) => (
                          <Link key={teacher.id} to={paths.teacherDetail(teacher.id)}>
                            {teacher.name}
                          </Link>
                        ))}
                      </span>
                      {panel.length > 0 && (
                        <button
                          type="button"
                          className="library__more-toggle"
                          aria-expanded={isOpen}
                          aria-label={`更多${category.name}名师`}
                          onClick={() => setOpenRow(isOpen ? null : category.id)}
                        >
                          <Icon name="chevron" size={14} />
                        </button>
                      )}
                    </div>
                    {panel.length > 0 && (
                      <div className="library__panel" aria-label={`${category.name}名师`}>
                        <p className="library__panel-title">
                          <Link to={paths.teacher(category.id)}>{category.name}类名师</Link>
                        </p>
                        <ul className="library__names">
                          {panel.map((teacher) => (
                            <li key={teacher.id}>
                              <Link to={paths.teacherDetail(teacher.id)}>{teacher.name}</Link>
                            </li>
                          ))}
                        </ul>
                        <Link className="library__more" to={paths.teacher()}>
                          更多名师 ›
                        </Link>
                      </div>
                    )}
                  </li>
                )
              })}
        </ul>
        <Link className="library__all" to={paths.teacher()}>
          更多 ›
        </Link>
      </div>
    </div>
  )
}
