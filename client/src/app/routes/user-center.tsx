import { canReview } from '../../../../common/rules/roles'
import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { ErrorState, PageSpinner } from '../../components/ui/states'
import { paths, USER_TABS } from '../../config/paths'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'
import { useMyCourseCollect, useMySpecialCollect, useMyTeacherFollow } from '../../features/collect/api/get-my-lists'
import { CollectButton } from '../../features/collect/components/collect-button'
import { FollowButton } from '../../features/collect/components/follow-button'
import { MyListPanel } from '../../features/collect/components/my-list-panel'
import { ContributeForm } from '../../features/contribution/components/contribute-form'
import { ContributionList } from '../../features/contribution/components/contribution-list'
import { ReleaseList } from '../../features/contribution/components/release-list'
import { RecentVideos } from '../../features/member/components/user-center/recent-videos'
import { RecentViews } from '../../features/member/components/user-center/recent-views'
import { CourseCard } from '../../features/course/components/course-card'
import { useUserInfo } from '../../features/member/api/get-user-info'
import { DeleteAccountForm } from '../../features/member/components/user-center/delete-account-form'
import { LoginRequired } from '../../features/member/components/user-center/login-required'
import { PasswordForm } from '../../features/member/components/user-center/password-form'
import { ProfileForm } from '../../features/member/components/user-center/profile-form'
import { FALLBACK_TABS, UserNav } from '../../features/member/components/user-center/user-nav'
import '../../features/member/components/user-center/user-center.css'
import { useSession } from '../../features/member/hooks/use-session'
import { ReviewPanel } from '../../features/review/components/review-panel'
import { NotificationInbox } from '../../features/notification'
import { MyBookings } from '../../features/booking/components/my-bookings'
import { SpecialCard } from '../../features/special/components/special-card'
import { TeacherCard } from '../../features/teacher/components/teacher-card'

const LIST_SIZE = 12
const TAB_IDS = Object.values(USER_TABS) as number[]

const TAB_INTRO: Record<number, string> = {
  1: '完善个人资料，便于我们为您推荐合适的课程',
  2: '修改后其他设备上的登录将失效',
  3: '您收藏的课程',
  4: '您关注的名师',
  5: '您收藏的专题',
  6: '投稿审核进度与审核意见',
  7: '分享学术观点、教学活动或名师讲课视频',
  8: '注销后账号将无法恢复，请谨慎操作',
  9: '审核会员提交的投稿与名师视频，通过后即公开发布',
  10: '审核通过、已在网站公开发布的投稿',
  13: '最近打开过的名师、课程和专题（保留最近 100 条）',
  12: '关注名师的新动态、投稿与视频审核结果、账号安全提醒',
  14: '您提交的名师预约与邀请授课，处理进度和工作人员的回复',
}

/** ?tab=N (default 1) and ?page=N for the list tabs; tab changes reset the page. */
function useUserTab() {
  const [search] = useSearchParams()
  const raw = parsePositiveInt(search.get('tab'))
  const tab = TAB_IDS.includes(raw) ? raw : USER_TABS.profile
  const [page, setPage] = usePageParam()
  return { tab, page, setPage }
}

function CourseTab({ page, setPage }: { page: number; setPage: (page: number) => void }) {
  const query = useMyCourseCollect({ page, limit: LIST_SIZE })
  return (
    <MyListPanel
      query={query}
      page={page}
      onPageChange={setPage}
      emptyText="您还没有收藏课程"
      browse={{ to: paths.course(), label: '去看看课程' }}
      renderItem={(course) => (
        <>
          <CourseCard course={course} />
          <div className="uc-grid__action">
            <CollectButton kind="course" id={course.id} initialCollected small />
          </div>
        </>
      )}
    />
  )
}

function TeacherTab({ page, setPage }: { page: number; setPage: (page: number) => void }) {
  const query = useMyTeacherFollow({ page, limit: LIST_SIZE })
  return (
    <MyListPanel
      query={query}
      page={page}
      onPageChange={setPage}
      layout="portraits"
      emptyText="您还没有关注名师"
      browse={{ to: paths.teacher(), label: '去看看名师' }}
      renderItem={(teacher) => (
        <>
          <TeacherCard teacher={teacher} />
          <div className="uc-grid__action">
            <FollowButton teacherId={teacher.id} initialFollowed small />
          </div>
        </>
      )}
    />
  )
}

function SpecialTab({ page, setPage }: { page: number; setPage: (page: number) => void }) {
  const query = useMySpecialCollect({ page, limit: LIST_SIZE })
  return (
    <MyListPanel
      query={query}
      page={page}
      onPageChange={setPage}
      emptyText="您还没有收藏专题"
      browse={{ to: paths.special(), label: '去看看专题' }}
      renderItem={(special) => (
        <>
          <SpecialCard special={special} />
          <div className="uc-grid__action">
            <CollectButton kind="special" id={special.id} initialCollected small />
          </div>
        </>
      )}
    />
  )
}

function UserCenter() {
  const navigate = useNavigate()
  const { tab: requested, page, setPage } = useUserTab()
  const info = useUserInfo()
  const isReviewer = canReview(info.data?.role)
  // Only getUserInfo knows who reviews: tab 9 waits for it, then is the profile for everyone else.
  const tab = requested === USER_TABS.review && !isReviewer && !info.isPending ? USER_TABS.profile : requested
  const tabName = tab === USER_TABS.review ? '内容审核' : (FALLBACK_TABS.find((item) => item.id === tab)?.name ?? '个人资料')

  // Spec §4: changing the user tab scrolls the page to the top.
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [tab, page])

  let content: React.ReactNode
  switch (tab) {
    case USER_TABS.profile:
      content = info.isPending ? (
        <PageSpinner />
      ) : info.isError ? (
        <ErrorState message={info.error.message} onRetry={() => info.refetch()} />
      ) : (
        <ProfileForm info={info.data} />
      )
      break
    case USER_TABS.password:
      content = <PasswordForm />
      break
    case USER_TABS.courses:
      content = <CourseTab page={page} setPage={setPage} />
      break
    case USER_TABS.teachers:
      content = <TeacherTab page={page} setPage={setPage} />
      break
    case USER_TABS.specials:
      content = <SpecialTab page={page} setPage={setPage} />
      break
    case USER_TABS.contributions:
      content = <ContributionList page={page} onPageChange={setPage} />
      break
    case USER_TABS.releases:
      content = <ReleaseList page={page} onPageChange={setPage} />
      break
    case USER_TABS.recentVideos:
      content = <RecentVideos page={page} onPageChange={setPage} />
      break
    case USER_TABS.recentViews:
      content = <RecentViews page={page} onPageChange={setPage} />
      break
    case USER_TABS.messages:
      content = <NotificationInbox page={page} onPageChange={setPage} />
      break
    case USER_TABS.bookings:
      content = <MyBookings page={page} onPageChange={setPage} />
      break
    case USER_TABS.contribute:
      content = <ContributeForm onDone={() => navigate(paths.user(USER_TABS.contributions))} />
      break
    case USER_TABS.review:
      content = isReviewer ? <ReviewPanel page={page} onPageChange={setPage} /> : <PageSpinner />
      break
    default:
      content = <DeleteAccountForm />
  }

  return (
    <>
      <PageBanner
        title="个人中心"
        subtitle={`欢迎您，${info.data?.nickname ?? ''}`}
        crumbs={[{ label: '个人中心', to: paths.user() }, { label: tabName }]}
      />
      <div className="container uc-layout">
        <UserNav tab={tab} info={info.data} />
        <section className="uc-main card" aria-labelledby="uc-title">
          <header className="uc-main__header">
            <h2 id="uc-title">{tabName}</h2>
            <p>{TAB_INTRO[tab]}</p>
          </header>
          {content}
        </section>
      </div>
    </>
  )
}

export default function UserCenterPage() {
  usePageMeta({ menu: 'user' })
  const session = useSession()
  return session ? <UserCenter /> : <LoginRequired />
}
