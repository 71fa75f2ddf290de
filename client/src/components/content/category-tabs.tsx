import { Link } from 'react-router'
import './content.css'

type Props = {
  label: string
  items: { id: number; name: string }[]
  activeId?: number
  hrefFor: (id?: number) => string
  allLabel?: string
}

/** Category filter as links, so the category lives in the URL (/teacher/{cid}) and Back restores it. */
export function CategoryTabs({ label, items, activeId, hrefFor, allLabel = '全部' }: Props) {
  return (
    <nav className="category-tabs card" aria-label={label}>
      <span className="category-tabs__label">{label}：</span>
      <ul className="category-tabs__list">
        <li>
          <Link to={hrefFor()} aria-current={activeId === undefined ? 'page' : undefined}>
            {allLabel}
          </Link>
        </li>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={hrefFor(item.id)} aria-current={activeId === item.id ? 'page' : undefined}>
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
