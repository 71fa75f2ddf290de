import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import type { TeacherVideoSummary } from '../../../../../common/api/teacher'
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
        {video.cover_img && (
          <ResponsiveImage
            src={video.cover_img}
            alt={video.title}
            width={480}
            height={270}
            sizes="(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 300px"
          />
        )}
        <span className="video-card__play" aria-hidden="true" />
        {isCurrent && <span className="video-card__badge">正在播放</span>}
      </span>
      <span className="video-card__title line-clamp-2" title={video.title}>
        {video.title}
      </span>
    </Link>
  )
}
