import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths, USER_TABS } from '../../../config/paths'
import { loginPath, useSession } from '../../member'
import './video-submit-link.css'

/** Where a teacher's page sends members who want to file a lecture video for that teacher. */
export const videoSubmitPath = (teacherId: number) => `${paths.user(USER_TABS.contribute)}&teacherId=${teacherId}&submit=video`

/**
 * 投稿讲课视频 beside a teacher's video section (with `children`, e.g. the video count, before it).
 * Visitors go through the login page and come back to the form, as the top bar's 我要投稿 does.
 */
export function VideoSubmitLink({ teacherId, children }: { teacherId: number; children?: ReactNode }) {
  const session = useSession()
  const target = videoSubmitPath(teacherId)
  return (
    <span className="vt-submit">
      {children}
      <Link className="vt-submit__link" to={session ? target : loginPath(target)}>
        <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <path d="M8 10.5V2.5M5 5.5l3-3 3 3M2.5 10v3.5h11V10" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        投稿讲课视频
      </Link>
    </span>
  )
}
