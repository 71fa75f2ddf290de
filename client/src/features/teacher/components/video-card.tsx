import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { mediaUrl } from '../../../lib/api-client'
import type { TeacherVideoSummary } from '../types'
import './video-card.css'

/** A teacher video thumbnail with a play badge, linking to /teacher/video/{id}. */
export function VideoCard({ video, isCurrent = false }: { video: TeacherVideoSummary; isCurrent?: boolean }) {
  return (
    <Link
      className={`video-card${isCurrent ? ' is-current' : ''}`}
      to={paths.teacherVideo(video.id)}
      aria-current={isCurrent ? 'page' : undefined}
    >
      <span className="video-card__cover">
        {video.cover_img && <img src={mediaUrl(video.cover_img)} alt={video.title} loading="lazy" decoding="async" />}
        <span className="video-card__play" aria-hidden="true" />
        {isCurrent && <span className="video-card__badge">正在播放</span>}
      </span>
      <span className="video-card__title line-clamp-2" title={video.title}>
        {video.title}
      </span>
    </Link>
  )
}
