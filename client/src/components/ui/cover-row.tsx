import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { mediaUrl } from '../../lib/api-client'
import './cover-row.css'

type CoverRowProps = {
  to: string
  /** The picture's stored address; `placeholder` (two characters, e.g. 视频) stands in without one. */
  cover: string | null | undefined
  placeholder: string
  title: string
  /** What goes under the title: an intro, a progress bar, the meta line. */
  children?: ReactNode
  /** A control beside the row (删除), outside the link: a button inside a link is not allowed. */
  action?: ReactNode
}

/**
 * One row of the user centre's lists of things to open (我的发布, 最近观看): a cover, the title and
 * what the list says about it, the whole row a link. Put rows in a `<ul className="uc-releases">`.
 */
export function CoverRow({ to, cover, placeholder, title, children, action }: CoverRowProps) {
  return (
    <li className={action ? 'uc-releases__with-action' : undefined}>
      <Link className="uc-release" to={to}>
        <span className="uc-release__cover">
          {cover ? <img src={mediaUrl(cover)} alt="" loading="lazy" decoding="async" /> : <span aria-hidden="true">{placeholder}</span>}
        </span>
        <span className="uc-release__main">
          <strong className="line-clamp-1">{title}</strong>
          {children}
        </span>
      </Link>
      {action && <span className="uc-release__action">{action}</span>}
    </li>
  )
}
