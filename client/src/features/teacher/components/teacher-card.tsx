import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import './teacher-card.css'

export type TeacherCardData = { id: number; name: string; img: string; title?: string }

/** Portrait card: photo, name and title, linking to the teacher's detail page. */
export function TeacherCard({ teacher }: { teacher: TeacherCardData }) {
  return (
    <Link className="lift-card teacher-card" to={paths.teacherDetail(teacher.id)}>
      <span className="teacher-card__photo">
        {teacher.img ? (
          <ResponsiveImage
            src={teacher.img}
            alt={`${teacher.name}照片`}
            width={300}
            height={375}
            sizes="(max-width: 640px) 50vw, (max-width: 1024px) 25vw, 240px"
          />
        ) : (
          <span className="teacher-card__initial" aria-hidden="true">
            {teacher.name.slice(0, 1)}
          </span>
        )}
      </span>
      <span className="teacher-card__body">
        <strong className="teacher-card__name line-clamp-1">{teacher.name}</strong>
        {teacher.title && (
          <span className="teacher-card__title line-clamp-2" title={teacher.title}>
            {teacher.title}
          </span>
        )}
      </span>
    </Link>
  )
}
