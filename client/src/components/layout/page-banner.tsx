import { Link } from 'react-router'
import { useBreadcrumbs } from './use-page-meta'
import './page-banner.css'

export type Crumb = { label: string; to?: string }

/** The slim coloured band with breadcrumbs at the top of inner pages. */
export function PageBanner({ title, subtitle, crumbs = [] }: { title: string; subtitle?: string; crumbs?: Crumb[] }) {
  const trail: Crumb[] = [{ label: '首页', to: '/' }, ...crumbs]
  useBreadcrumbs(trail)
  return (
    <section className="page-banner">
      <div className="container page-banner__inner">
        <div className="page-banner__text">
          <h1 className="page-banner__title">{title}</h1>
          {subtitle && <p className="page-banner__subtitle">{subtitle}</p>}
        </div>
        <nav className="page-banner__crumbs" aria-label="面包屑导航">
          <ol>
            {trail.map((crumb, index) => {
              const isLast = index === trail.length - 1
              return (
                <li key={`${crumb.label}-${index}`}>
                  {crumb.to && !isLast ? (
                    <Link to={crumb.to}>{crumb.label}</Link>
                  ) : (
                    <span aria-current={isLast ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              )
            })}
          </ol>
        </nav>
      </div>
    </section>
  )
}
