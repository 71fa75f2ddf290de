import { Link, useSearchParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { regionChildrenQuery } from '../../components/region/region-children'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { PageSpinner } from '../../components/ui/states'
import { paths } from '../../config/paths'
import { aboutPageQuery, useAboutPage } from '../../features/about/api/get-about-page'
import { BookingForm } from '../../features/booking/components/booking-form'
import { cooperationTypesQuery, useCooperationTypes } from '../../features/cooperation/api/get-cooperation-types'
import { ContactPanel } from '../../features/cooperation/components/contact-panel'
import { courseDetailsQuery, useCourseDetails } from '../../features/course/api/get-course-details'
import { useSession } from '../../features/member/hooks/use-session'
import { teacherDetailsQuery, useTeacherDetails } from '../../features/teacher/api/get-teacher-details'
import { parsePositiveInt } from '../../lib/use-page-param'
import type { PageLoader } from '../page-data'

/** ?teacher=, ?course= and ?type= (1-5): what the form starts with. */
function presetOf(search: URLSearchParams) {
  return {
    teacherId: parsePositiveInt(search.get('teacher'), 0),
    courseId: parsePositiveInt(search.get('course'), 0),
    typeId: parsePositiveInt(search.get('type'), 0),
  }
}

// The names at the top of the form: a missing teacher or course leaves the form usable, not a 404.
export const loader: PageLoader = async ({ url, queries }) => {
  const { teacherId, courseId } = presetOf(url.searchParams)
  await queries.prefetch(
    cooperationTypesQuery(),
    aboutPageQuery('contact'),
    // The picker's first level, so the form is whole without a call once the browser takes over.
    regionChildrenQuery(''),
    ...(teacherId ? [teacherDetailsQuery(teacherId)] : []),
    ...(courseId ? [courseDetailsQuery(courseId)] : []),
  )
}

const STEPS = [
  ['提交预约', '填写授课需求与联系方式'],
  ['专人联系', '1 个工作日内电话回访'],
  ['确认方案', '匹配名师、档期与报价'],
  ['安排授课', '按约定时间开展授课'],
] as const

export default function BookingPage() {
  const [search] = useSearchParams()
  const { teacherId, courseId, typeId } = presetOf(search)
  const types = useCooperationTypes()
  const teacher = useTeacherDetails(teacherId)
  const course = useCourseDetails(courseId)
  const contact = useAboutPage('contact')
  const session = useSession()
  const isWaiting = (teacherId > 0 && teacher.isPending) || (courseId > 0 && course.isPending) || types.isPending
  const courseTeacher = course.data?.teacher ?? null
  const preset = {
    // A type the list does not have (a hand-edited link) leaves the choice to the visitor.
    typeId: types.data?.some((type) => type.id === typeId) ? typeId : undefined,
    teacher: teacher.data ? { id: teacher.data.id, name: teacher.data.name } : courseTeacher,
    course: course.data ? { id: course.data.id, title: course.data.title } : null,
  }
  const heading = preset.course ? '邀请授课' : '预约名师'
  usePageMeta({
    menu: 'cooperation',
    title: preset.teacher ? `${heading} · ${preset.teacher.name}` : heading,
    description: '在线预约名师授课、专题培训与干部讲座，填写需求后工作人员 1 个工作日内与您联系。',
  })

  return (
    <>
      <PageBanner
        title={heading}
        subtitle="名师授课 · 专题培训 · 干部讲座 · 一站式预约"
        crumbs={[
          ...(preset.teacher
            ? [{ label: preset.teacher.name, to: paths.teacherDetail(preset.teacher.id) }]
            : [{ label: '商务合作', to: paths.cooperation }]),
          { label: heading },
        ]}
      />
      <ContentPage
        aside={
          <>
            <SidePanel title="预约流程">
              <ol className="booking-steps">
                {STEPS.map(([title, text], index) => (
                  <li key={title}>
                    <span className="booking-steps__no" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span>
                      <strong>{title}</strong>
                      <span>{text}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </SidePanel>
            <SidePanel title="已提交预约？">
              <p className="booking-aside-text">凭预约编号和联系电话查询处理进度{session ? '，或在个人中心查看我的预约' : ''}。</p>
              <p className="booking-aside-links">
                <Link className="btn btn--ghost" to={paths.bookingLookup()}>
                  查询预约进度
                </Link>
              </p>
            </SidePanel>
            <ContactPanel html={contact.data?.content} isLoading={contact.isPending} />
          </>
        }
      >
        {isWaiting ? (
          <PageSpinner />
        ) : (
          <BookingForm
            // A new preset (another teacher's button) starts a new form.
            key={`${preset.teacher?.id ?? 0}-${preset.course?.id ?? 0}-${typeId}`}
            types={(types.data ?? []).map((type) => ({ id: type.id, name: type.name }))}
            preset={preset}
            isMember={Boolean(session)}
          />
        )}
      </ContentPage>
    </>
  )
}
