import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { Link, NavLink, useLocation } from 'react-router'
import { paths } from '../../config/paths'
import { useCooperationTypes } from '../../features/cooperation/api/get-cooperation-types'
import { typePath } from '../../features/cooperation/paths'
import { useCategories, type CategoryKind } from '../../features/index/api/get-categories'
import { useBackForwardToTop } from '../../lib/scroll-memory'
import { Icon } from './icons'
import { TeacherLibraryMenu } from './teacher-library-menu'
import './main-nav.css'

/** Where an item's drop-down links come from: a section's categories, or the five cooperation types. */
type DropdownSource = { kind: CategoryKind; link: (id: number) => string } | { kind: 'cooperation' }
type NavItem = { label: string; to: string; end?: boolean; dropdown?: DropdownSource }
type MenuLink = { key: number; label: string; to: string }

export const NAV_ITEMS: NavItem[] = [
  { label: '首页', to: paths.home, end: true },
  { label: '名师', to: paths.teacher(), dropdown: { kind: 'teacher', link: paths.teacher } },
  { label: '课程', to: paths.course(), dropdown: { kind: 'course', link: paths.course } },
  { label: '专题', to: paths.special(), dropdown: { kind: 'special', link: paths.special } },
  { label: '商务合作', to: paths.cooperation, dropdown: { kind: 'cooperation' } },
  { label: '个人中心', to: paths.user() },
  { label: '关于我们', to: paths.about() },
]

const navClass = ({ isActive }: { isActive: boolean }) => `main-nav__link${isActive ? ' is-active' : ''}`

function useCategoryLinks(kind: CategoryKind, link: (id: number) => string): MenuLink[] {
  const categories = useCategories(kind)
  return (categories.data ?? []).map((category) => ({ key: category.id, label: category.name, to: link(category.id) }))
}

/** Spec §2: the five cooperation types, each opening /cooperation/detail/{encoded id and name}. */
function useCooperationLinks(): MenuLink[] {
  const types = useCooperationTypes()
  return (types.data ?? []).map((type) => ({ key: type.id, label: type.name, to: typePath(type) }))
}

function CategoryDropdown({ item, source }: { item: NavItem; source: Extract<DropdownSource, { link: unknown }> }) {
  return <DropdownItem item={item} links={useCategoryLinks(source.kind, source.link)} toggleLabel={`${item.label}分类`} />
}

function CooperationDropdown({ item }: { item: NavItem }) {
  return <DropdownItem item={item} links={useCooperationLinks()} toggleLabel="商务合作类型" />
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

/**
 * A top-level item whose links drop down (disclosure navigation pattern). Pointer: on hover where
 * the device hovers (CSS), on a tap of the chevron on touch screens. Keyboard: Enter, Space or
 * ArrowDown on the chevron (ArrowDown on the item's own link too) opens it at the first link,
 * ArrowUp at the last; arrows, Home and End move; Escape closes it and returns focus to the
 * chevron; Tab leaves and closes it. Without JavaScript the links still drop down on hover.
 */
function DropdownItem({ item, links, toggleLabel }: { item: NavItem; links: MenuLink[]; toggleLabel: string }) {
  const [isOpen, setIsOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const menuId = useId()

  // The menu is shown by the is-open class: render it now, then its links can take focus.
  const openAt = (where: 'first' | 'last') => {
    flushSync(() => setIsOpen(true))
    const anchors = menuRef.current?.querySelectorAll<HTMLAnchorElement>('a')
    if (anchors?.length) anchors[where === 'first' ? 0 : anchors.length - 1].focus()
  }
  const close = (returnFocus: boolean) => {
    setIsOpen(false)
    if (returnFocus) toggleRef.current?.focus()
  }

  const onToggleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault()
      if (isOpen && event.key !== 'ArrowDown') close(false)
      else openAt('first')
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      openAt('last')
    }
  }
  const onLinkKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return
    event.preventDefault()
    openAt('first')
  }
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key]
    if (!move) return
    const anchors = Array.from(menuRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])
    if (anchors.length === 0) return
    event.preventDefault()
    anchors[move(anchors.indexOf(document.activeElement as HTMLAnchorElement), anchors.length)].focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation()
      close(true)
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
      <NavLink to={item.to} end={item.end} className={navClass} onKeyDown={onLinkKeyDown}>
        {item.label}
      </NavLink>
      {links.length > 0 && (
        <>
          <button
            ref={toggleRef}
            type="button"
            className="main-nav__toggle"
            aria-expanded={isOpen}
            aria-controls={menuId}
            aria-label={toggleLabel}
            onClick={() => setIsOpen((open) => !open)}
            onKeyDown={onToggleKeyDown}
            // Space activates a button on key up; the key down already opened the menu.
            onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
          >
            <Icon name="chevron" size={14} />
          </button>
          <div id={menuId} className="main-nav__dropdown">
            <ul ref={menuRef} aria-label={item.label} onKeyDown={onMenuKeyDown}>
              {links.map((link) => (
                <li key={link.key}>
                  <Link to={link.to} onClick={() => setIsOpen(false)}>
                    {link.label}
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
  // The shell's Back/Forward rule (lib/scroll-memory.ts); the nav is on every page, as the layout is.
  useBackForwardToTop()
  return (
    <nav className={`main-nav${isHome ? ' main-nav--home' : ''}`} aria-label="主导航">
      <div className="container main-nav__inner">
        {isHome && <TeacherLibraryMenu />}
        <ul className="main-nav__list">
          {NAV_ITEMS.map((item) => {
            const source = item.dropdown
            if (!source)
              return (
                <li key={item.to} className="main-nav__item">
                  <NavLink to={item.to} end={item.end} className={navClass}>
                    {item.label}
                  </NavLink>
                </li>
              )
            return source.kind === 'cooperation' ? (
              <CooperationDropdown key={item.to} item={item} />
            ) : (
              <CategoryDropdown key={item.to} item={item} source={source} />
            )
          })}
        </ul>
      </div>
    </nav>
  )
}
