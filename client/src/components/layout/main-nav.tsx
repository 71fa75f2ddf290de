import { useId, useRef, useState, type KeyboardEvent, type FocusEvent } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { paths } from '../../config/paths'
import { useCategories, type CategoryKind } from '../../features/index/api/get-categories'
import { Icon } from './icons'
import { TeacherLibraryMenu } from './teacher-library-menu'
import './main-nav.css'

type NavItem = { label: string; to: string; end?: boolean; dropdown?: { kind: CategoryKind; link: (id: number) => string } }

export const NAV_ITEMS: NavItem[] = [
  { label: '首页', to: paths.home, end: true },
  { label: '名师', to: paths.teacher(), dropdown: { kind: 'teacher', link: paths.teacher } },
  { label: '课程', to: paths.course(), dropdown: { kind: 'course', link: paths.course } },
  { label: '专题', to: paths.subject(), dropdown: { kind: 'special', link: paths.subject } },
  { label: '商务合作', to: paths.cooperation },
  { label: '个人中心', to: paths.user() },
  { label: '关于我们', to: paths.about() },
]

const navClass = ({ isActive }: { isActive: boolean }) => `main-nav__link${isActive ? ' is-active' : ''}`

/** A top-level item whose categories drop down on hover, or on its toggle button for keyboard and touch. */
function DropdownItem({ item }: { item: NavItem & { dropdown: NonNullable<NavItem['dropdown']> } }) {
  const categories = useCategories(item.dropdown.kind)
  const [isOpen, setIsOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const list = categories.data ?? []

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      setIsOpen(false)
      toggleRef.current?.focus()
    }
  }
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false)
  }

  return (
    <li
      className={`main-nav__item has-dropdown${isOpen ? ' is-open' : ''}`}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onMouseLeave={() => setIsOpen(false)}
    >
      <NavLink to={item.to} className={navClass}>
        {item.label}
      </NavLink>
      {list.length > 0 && (
        <>
          <button
            ref={toggleRef}
            type="button"
            className="main-nav__toggle"
            aria-expanded={isOpen}
            aria-controls={menuId}
            aria-label={`${item.label}分类`}
            onClick={() => setIsOpen((open) => !open)}
          >
            <Icon name="chevron" size={14} />
          </button>
          <div id={menuId} className="main-nav__dropdown">
            <ul>
              {list.map((category) => (
                <li key={category.id}>
                  <Link to={item.dropdown.link(category.id)} onClick={() => setIsOpen(false)}>
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </li>
  )
}

export function MainNav() {
  const { pathname } = useLocation()
  const isHome = pathname === paths.home
  return (
    <nav className={`main-nav${isHome ? ' main-nav--home' : ''}`} aria-label="主导航">
      <div className="container main-nav__inner">
        {isHome && <TeacherLibraryMenu />}
        <ul className="main-nav__list">
          {NAV_ITEMS.map((item) =>
            item.dropdown ? (
              <DropdownItem key={item.to} item={item as NavItem & { dropdown: NonNullable<NavItem['dropdown']> }} />
            ) : (
              <li key={item.to} className="main-nav__item">
                <NavLink to={item.to} end={item.end} className={navClass}>
                  {item.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </div>
    </nav>
  )
}
