import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import { TEACHER_CAROUSEL_INTERVAL_MS } from '../constants'
import type { TeacherCard } from '../../../../../common/api/cards'
import { Carousel } from './carousel'
import './teacher-carousel.css'

/** A portrait's drawn width: half the row on phones, a third on tablets, a fifth (about 200 px) on desktops. */
const PORTRAIT_SIZES = '(max-width: 599px) 45vw, (max-width: 1023px) 30vw, 220px'

/**
 * Looped teacher carousel (spec §9: 5 per view on desktops), fewer on narrow screens so portraits
 * stay readable. The count per view is CSS (teacher-carousel.css), the same in the server's HTML
 * and in the browser, so the row never reflows when the page is taken over.
 */
export function TeacherCarousel({ teachers }: { teachers: TeacherCard[] }) {
  return (
    <Carousel
      className="teacher-carousel"
      slideClassName="teacher-carousel__slide"
      dots={false}
      label="推荐名师"
      unit="位名师"
      items={teachers}
      interval={TEACHER_CAROUSEL_INTERVAL_MS}
      getKey={(teacher) => teacher.id}
      renderItem={(teacher) => (
        <Link className="teacher-slide" to={paths.teacherDetail(teacher.id)}>
          <span className="teacher-slide__photo">
            {teacher.img && (
              <ResponsiveImage src={teacher.img} alt={`${teacher.name}照片`} width={300} height={400} sizes={PORTRAIT_SIZES} />
            )}
          </span>
          <span className="teacher-slide__body">
            <strong>{teacher.name}</strong>
            {teacher.title && <span className="line-clamp-2">{teacher.title}</span>}
          </span>
        </Link>
      )}
    />
  )
}
