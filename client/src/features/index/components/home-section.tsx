import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A home block: title with an optional "more" link, then its content. */
export function HomeSection({
  title,
  more,
  className = '',
  children,
  id,
}: {
  title: string
  more?: { to: string; label?: string }
  className?: string
  children: ReactNode
  id?: string
}) {
  const headingId = id ?? `home-${title}`
  return (
    <section className={`home-section ${className}`} aria-labelledby={headingId}>
      <div className="section-title">
        <h2 id={headingId}>{title}</h2>
        {more && (
          <Link to={more.to} aria-label={`${more.label ?? '更多'}${title}`}>
            {more.label ?? '更多'} ›
          </Link>
        )}
      </div>
      {children}
    </section>
  )
}

/** External links open in a new window; site paths stay in the app. */
export function SmartLink({ href, className, children, label }: { href: string; className?: string; children: ReactNode; label?: string }) {
  if (/^https?:\/\//.test(href))
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
        {children}
      </a>
    )
  if (href.startsWith('/'))
    return (
      <Link className={className} to={href} aria-label={label}>
        {children}
      </Link>
    )
  return <div className={className}>{children}</div>
}
