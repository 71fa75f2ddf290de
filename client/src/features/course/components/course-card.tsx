import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { CommentCount } from '../../../components/ui/comment-count'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import './course-card.css'

export type CourseCardData = {
  id: number
  title: string
  cover_img: string
  teacherName?: string
  views?: number
  /** Shown comments and replies (shown when above 0). */
  commentCount?: number
}

/** 16:9 cover, title, teacher, views and comments, linking to the course's detail page. */
export function CourseCard({ course }: { course: CourseCardData }) {
  return (
    <Link className="lift-card course-card" to={paths.courseDetail(course.id)}>
      <span className="course-card__cover">
        {course.cover_img && (
          <ResponsiveImage
            src={course.cover_img}
            alt={course.title}
            width={480}
            height={270}
            sizes="(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 300px"
          />
        )}
        <span className="course-card__play" aria-hidden="true" />
      </span>
      <span className="course-card__body">
        <strong className="course-card__title line-clamp-2" title={course.title}>
          {course.title}
        </strong>
        {(course.teacherName || course.views !== undefined || !!course.commentCount) && (
          <span className="course-card__meta">
            {course.teacherName && <span className="line-clamp-1">主讲：{course.teacherName}</span>}
            <span className="course-card__stats">
              {course.views !== undefined && <span className="course-card__views">{course.views} 次学习</span>}
              <CommentCount count={course.commentCount} />
            </span>
          </span>
        )}
      </span>
    </Link>
  )
}
