import type { ReactNode } from 'react'
import './content.css'

/** A titled block inside a detail page's main column. */
export function DetailSection({ id, title, extra, children }: { id?: string; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="detail-section card" id={id} tabIndex={id ? -1 : undefined} aria-labelledby={id ? `${id}-title` : undefined}>
      <div className="list-head">
        <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  )
}

/** Buttons that scroll to the sections of a long detail page (hash links would count as navigations). */
export function SectionNav({ sections }: { sections: { id: string; label: string }[] }) {
  const go = (id: string) => {
    const target = document.getElementById(id)
    if (!target) return
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    target.focus({ preventScroll: true })
  }
  return (
    <nav className="section-nav card" aria-label="页面导航">
      {sections.map((section) => (
        <button key={section.id} type="button" onClick={() => go(section.id)}>
          {section.label}
        </button>
      ))}
    </nav>
  )
}
