import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ABOUT_SECTIONS } from '../sections'
import './about.css'

/** Side (desktop) or scrolling (phone) tab list; each tab is a link so the tab lives in ?tab=. */
export function AboutTabs({ activeId }: { activeId: number }) {
  return (
    <nav className="about-tabs card" aria-label="关于我们">
      <p className="about-tabs__head" aria-hidden="true">
        关于我们
        <small>ABOUT US</small>
      </p>
      <ul>
        {ABOUT_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link to={paths.about(section.id)} aria-current={section.id === activeId ? 'page' : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
