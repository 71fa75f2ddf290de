import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { mediaUrl } from '../../../lib/api-client'
import './course-card.css'

export type CourseCardData = { id: number; title: string; cover_img: string; teacherName?: string; views?: number }

/** 16:9 cover, title, teacher and views, linking to the course's detail page. */
export function CourseCard({ course }: { course: CourseCardData }) {
  return (
    <Link className="lift-card course-card" to={paths.courseDetail(course.id)}>
      <span className="course-card__cover">
        {course.cover_img && <img src={mediaUrl(course.cover_img)} alt={course.title} loading="lazy" decoding="async" />}
        <span className="course-card__play" aria-hidden="true" />
      </span>
      <span className="course-card__body">
        <strong className="course-card__title line-clamp-2" title={course.title}>
          {course.title}
        </strong>
        {(course.teacherName || course.views !== undefined) && (
          <span className="course-card__meta">
            {course.teacherName && <span className="line-clamp-1">主讲：{course.teacherName}</span>}
            {course.views !== undefined && <span className="course-card__views">{course.views} 次学习</span>}
          </span>
        )}
      </span>
    </Link>
  )
}
