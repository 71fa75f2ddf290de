import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import type { TeacherDetail } from '../../../../../common/api/teacher'
import './teacher-profile.css'

/** The head of a teacher's detail page: photo, name, title, category, summary and an action slot (follow). */
export function TeacherProfile({ teacher, action }: { teacher: TeacherDetail; action?: ReactNode }) {
  return (
    <section className="teacher-profile card">
      <div className="teacher-profile__photo">
        {teacher.img ? (
          <ResponsiveImage
            src={teacher.img}
            alt={`${teacher.name}照片`}
            width={300}
            height={400}
            sizes="(max-width: 768px) 60vw, 300px"
            priority
          />
        ) : (
          <span aria-hidden="true">{teacher.name.slice(0, 1)}</span>
        )}
      </div>
      <div className="teacher-profile__body">
        <div className="teacher-profile__head">
          <h1 className="teacher-profile__name">{teacher.name}</h1>
          {teacher.categoryName && (
            <Link className="teacher-profile__category" to={paths.teacher(teacher.categoryId)}>
              {teacher.categoryName}
            </Link>
          )}
        </div>
        {teacher.title && <p className="teacher-profile__title">{teacher.title}</p>}
        {teacher.intro && <p className="teacher-profile__intro">{teacher.intro}</p>}
        <div className="teacher-profile__foot">
          {action}
          <span className="teacher-profile__stats">
            {teacher.courseCount !== undefined && <span>{teacher.courseCount} 门课程</span>}
            {teacher.followers !== undefined && <span>{teacher.followers} 人关注</span>}
            <span>{teacher.views} 人次浏览</span>
          </span>
        </div>
      </div>
    </section>
  )
}
