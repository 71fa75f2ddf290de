import { Link } from 'react-router'
import './video-submission.css'

type Item = { value: string; label: string; hint?: string; to: string }

/**
 * Switches a user-centre tab between its article and video halves. The choice lives in the URL
 * (?submit=video, ?list=video), so links from teacher pages, reloads and Back keep it.
 */
export function VideoSubTabs({ label, current, items }: { label: string; current: string; items: Item[] }) {
  return (
    <nav className="vt-tabs" aria-label={label}>
      {items.map((item) => (
        <Link
          key={item.value}
          to={item.to}
          className={`vt-tabs__link${item.value === current ? ' is-active' : ''}`}
          aria-current={item.value === current ? 'page' : undefined}
        >
          <span className="vt-tabs__label">{item.label}</span>
          {item.hint && <span className="vt-tabs__hint">{item.hint}</span>}
        </Link>
      ))}
    </nav>
  )
}
