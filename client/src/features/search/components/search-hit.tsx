import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { CommentCount } from '../../../components/ui/comment-count'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import type { SearchHit } from '../../../../../common/api/search'
import { Highlight } from './highlight'
import './search.css'

const KIND_LABEL = { teacher: '名师', course: '课程', special: '专题' } as const

/** One search result: thumbnail, kind badge, highlighted title/name and summary. */
export function SearchHitRow({ hit, keyword }: { hit: SearchHit; keyword?: string }) {
  const to =
    hit.type === 'teacher' ? paths.teacherDetail(hit.id) : hit.type === 'course' ? paths.courseDetail(hit.id) : paths.specialDetail(hit.id)
  const title = hit.type === 'teacher' ? hit.name : hit.title
  const image = hit.type === 'teacher' ? hit.img : hit.cover_img
  return (
    <article className={`search-hit search-hit--${hit.type}`}>
      <Link className="search-hit__thumb" to={to} tabIndex={-1} aria-hidden="true">
        {image && <ResponsiveImage src={image} alt="" width={480} height={270} sizes="(max-width: 640px) 35vw, 200px" />}
      </Link>
      <div className="search-hit__body">
        <h3 className="search-hit__title">
          <span className="search-hit__kind">{KIND_LABEL[hit.type]}</span>
          <Link to={to}>
            <Highlight text={title} keyword={keyword} />
          </Link>
        </h3>
        {hit.type === 'teacher' && hit.title && (
          <p className="search-hit__sub">
            <Highlight text={hit.title} keyword={keyword} />
          </p>
        )}
        {hit.type === 'course' && hit.teacher && (
          <p className="search-hit__sub">
            主讲：<Link to={paths.teacherDetail(hit.teacher.id)}>{hit.teacher.name}</Link>
          </p>
        )}
        {hit.intro && (
          <p className="search-hit__intro line-clamp-2">
            <Highlight text={hit.intro} keyword={keyword} />
          </p>
        )}
        {hit.type !== 'teacher' && hit.commentCount > 0 && (
          <p className="search-hit__sub">
            <CommentCount count={hit.commentCount} />
          </p>
        )}
      </div>
    </article>
  )
}
