import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { WatchedVideo } from '../../member'
import { ResponsiveImage, useLcpHint } from '../../../components/ui/responsive-image'
import { searchPath } from '../../../lib/search-params'
import type { CourseDetail } from '../../../../../common/api/course'
import './course-hero.css'

/** Course head: the video (or cover), title, teacher, category, views, tags and an action slot (collect). */
export function CourseHero({ course, action }: { course: CourseDetail; action?: ReactNode }) {
  // With a video, its poster is the page's largest picture; a ready streaming copy shows its own frame,
  // a JPEG with no responsive copies to hint at.
  useLcpHint(course.videoUrl && course.stream?.state !== 'ready' ? course.cover_img : null, '', true)
  return (
    <section className="course-hero card">
      <div className="course-hero__media">
        {course.videoUrl ? (
          <WatchedVideo
            kind="course"
            id={course.id}
            title={course.title}
            stream={course.stream}
            original={course.videoUrl}
            preload="auto"
            poster={course.cover_img}
          />
        ) : (
          course.cover_img && (
            <ResponsiveImage
              src={course.cover_img}
              alt={course.title}
              width={480}
              height={270}
              sizes="(max-width: 768px) 100vw, 640px"
              priority
            />
          )
        )}
      </div>
      <div className="course-hero__body">
        <h1 className="course-hero__title">{course.title}</h1>
        <dl className="course-hero__facts">
          {course.teacher && (
            <div>
              <dt>主讲名师</dt>
              <dd>
                <Link to={paths.teacherDetail(course.teacher.id)}>{course.teacher.name}</Link>
              </dd>
            </div>
          )}
          {course.categoryName && (
            <div>
              <dt>课程分类</dt>
              <dd>
                <Link to={paths.course(course.categoryId)}>{course.categoryName}</Link>
              </dd>
            </div>
          )}
          <div>
            <dt>学习人次</dt>
            <dd>{course.views}</dd>
          </div>
        </dl>
        {course.intro && <p className="course-hero__intro line-clamp-2">{course.intro}</p>}
        {course.tags.length > 0 && (
          <ul className="tag-list" aria-label="课程标签">
            {course.tags.map((tag) => (
              <li key={tag.id}>
                <Link to={searchPath({ type: 'course', label: tag.name })}>{tag.name}</Link>
              </li>
            ))}
          </ul>
        )}
        <div className="course-hero__actions">{action}</div>
      </div>
    </section>
  )
}
