import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import { searchPath } from '../../../lib/search-params'
import type { SpecialDetail } from '../../../../../common/api/special'
import './special-hero.css'

const isExternal = (url: string) => /^https?:\/\//i.test(url)

/** A special's head: a wide cover with the title over it, its tags (each a tag search) and actions. */
export function SpecialHero({ special, action }: { special: SpecialDetail; action?: ReactNode }) {
  const raw = special.special_url?.trim() ?? ''
  // A special whose landing page is its own detail page needs no extra link.
  const url = raw === paths.specialDetail(special.id) ? '' : raw
  return (
    <section className="special-hero card">
      <div className="special-hero__cover">
        {special.cover_img && (
          <ResponsiveImage
            src={special.cover_img}
            alt={special.title}
            width={1200}
            height={450}
            sizes="(max-width: 1240px) 100vw, 1200px"
            priority
          />
        )}
        <div className="special-hero__overlay">
          {special.categoryName && (
            <Link className="special-hero__category" to={paths.special(special.categoryId)}>
              {special.categoryName}
            </Link>
          )}
          <h1 className="special-hero__title">{special.title}</h1>
        </div>
      </div>
      <div className="special-hero__body">
        {special.intro && <p className="special-hero__intro">{special.intro}</p>}
        {special.tags.length > 0 && (
          <div className="special-hero__labels">
            <span>专题标签：</span>
            <ul className="tag-list" aria-label="专题标签">
              {special.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to={searchPath({ type: 'special', label: tag.name })}>{tag.name}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="special-hero__actions">
          {action}
          {url &&
            (isExternal(url) ? (
              <a className="btn btn--ghost" href={url} target="_blank" rel="noopener noreferrer">
                进入专题网站 ↗<span className="visually-hidden">（在新窗口打开）</span>
              </a>
            ) : (
              url.startsWith('/') &&
              !url.startsWith('//') && (
                <Link className="btn btn--ghost" to={url}>
                  进入专题页面
                </Link>
              )
            ))}
          <span className="special-hero__views">{special.views} 人次浏览</span>
        </div>
      </div>
    </section>
  )
}
