import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import type { TeacherCard } from '../../../../../common/api/cards'
import './teacher-mini.css'

/** Round photo, name and title in one row: the teacher beside a course or video. */
export function TeacherMini({ teacher }: { teacher: TeacherCard }) {
  return (
    <Link className="teacher-mini" to={paths.teacherDetail(teacher.id)}>
      {teacher.img && <ResponsiveImage src={teacher.img} alt={`${teacher.name}照片`} width={72} height={72} sizes="72px" />}
      <span className="teacher-mini__text">
        <strong>{teacher.name}</strong>
        {teacher.title && <small className="line-clamp-2">{teacher.title}</small>}
        <span className="teacher-mini__more">查看名师主页 ›</span>
      </span>
    </Link>
  )
}
