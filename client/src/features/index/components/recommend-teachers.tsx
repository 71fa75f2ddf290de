import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { TEACHER_NAMES_PER_CATEGORY } from '../constants'
import type { TeacherCard } from '../../../../../common/api/cards'
import type { CategoryNames } from '../../../../../common/api/home'
import { HomeSection } from './home-section'
import { TeacherCarousel } from './teacher-carousel'

/** Recommended teachers (spec §2): looped carousel, 5 per view, plus up to 14 names per category. */
export function RecommendTeachers({ teachers, categories }: { teachers: TeacherCard[]; categories: CategoryNames[] }) {
  return (
    <HomeSection title="推荐名师" more={{ to: paths.teacher() }} className="recommend-teachers">
      <TeacherCarousel teachers={teachers} />
      {categories.length > 0 && (
        <div className="teacher-names">
          {categories.map((category) => (
            <section key={category.id} className="teacher-names__column" aria-label={`${category.name}名师`}>
              <h3>
                <Link to={paths.teacher(category.id)}>{category.name}</Link>
              </h3>
              <ul>
                {category.teachers.slice(0, TEACHER_NAMES_PER_CATEGORY).map((teacher) => (
                  <li key={teacher.id}>
                    <Link to={paths.teacherDetail(teacher.id)}>{teacher.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </HomeSection>
  )
}
