// Every console page once: its path under /admin, its menu group and label, who may open it, and
// what it renders. The menu, the breadcrumb, the routes and the role checks all read this list.
import {
  AuditOutlined,
  CalendarOutlined,
  DashboardOutlined,
  IdcardOutlined,
  PictureOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { lazy, type ComponentType, type ReactNode } from 'react'
import { BOOKING_HANDLERS } from '../../../../common/staff-roles'
import { ADMIN_ONLY, CONTENT_EDITORS, EVERY_STAFF, REVIEWERS, type StaffRole } from '../access/staff'
import { contentMenu } from './content-menu'
import type { PendingKind } from './pending-counts'

/**
 * A page as its own chunk, loaded when it is first opened (admin-layout.tsx waits for it), so opening
 * the console does not download every page's code and the antd parts only it uses. `load` is also
 * called ahead of rendering (admin-app.tsx), so the page's chunk arrives while the gate checks the user.
 */
function lazyPage<M, P extends object>(loadPage: () => Promise<M>, pick: (module: M) => ComponentType<P>, { hasApp = true } = {}) {
  // dayjs in Chinese and antd's App (admin-layout.tsx puts it around the page) come with every page
  // that has dates or messages: all but the dashboard, which the console opens on.
  const load = hasApp
    ? () => Promise.all([loadPage(), import('./dayjs-locale'), import('./page-app')]).then(([module]) => module)
    : loadPage
  return { load, hasApp, Page: lazy(() => load().then((module) => ({ default: pick(module) }))) }
}

const dashboard = lazyPage(
  () => import('../pages/dashboard-page'),
  (module) => module.DashboardPage,
  { hasApp: false },
)
// A content page brings the content declarations (common/content-types/, with their zod rules), which
// the menu does not need (content-menu.ts).
const content = lazyPage(
  () => Promise.all([import('../crud/entity-list-page'), import('../entities/content-entities')]),
  ([{ EntityListPage }, { contentEntities }]) =>
    function ContentPage({ path }: { path: string }) {
      const entity = contentEntities.find((candidate) => candidate.path === path)
      return entity ? <EntityListPage config={entity.config} /> : null
    },
)
const media = lazyPage(
  () => import('../media/media-library-page'),
  (module) => module.MediaLibraryPage,
)
const audit = lazyPage(
  () => import('../pages/audit-log-page'),
  (module) => module.AuditLogPage,
)
const jobs = lazyPage(
  () => import('../pages/job-page'),
  (module) => module.JobPage,
)
const booking = lazyPage(
  () => import('../pages/booking-page'),
  (module) => module.BookingPage,
)
const bookingCalendar = lazyPage(
  () => import('../pages/booking-calendar-page'),
  (module) => module.BookingCalendarPage,
)
const member = lazyPage(
  () => import('../pages/member-page'),
  (module) => module.MemberPage,
)
const menuSeo = lazyPage(
  () => import('../pages/menu-seo-page'),
  (module) => module.MenuSeoPage,
)
const review = lazyPage(
  () => import('../pages/review-page'),
  (module) => module.ReviewPage,
)
const comments = lazyPage(
  () => import('../pages/comment-page'),
  (module) => module.CommentPage,
)
const sensitiveWord = lazyPage(
  () => import('../pages/sensitive-word-page'),
  (module) => module.SensitiveWordPage,
)
const staffPage = lazyPage(
  () => import('../pages/staff-page'),
  (module) => module.StaffPage,
)
const siteConfig = lazyPage(
  () => import('../pages/site-config-page'),
  (module) => module.SiteConfigPage,
)
const transfer = lazyPage(
  () => import('../pages/transfer-page'),
  (module) => module.TransferPage,
)
const alertChannels = lazyPage(
  () => import('../pages/alert-channel-page'),
  (module) => module.AlertChannelPage,
)

export type NavPage = {
  path: string
  label: string
  roles: readonly StaffRole[]
  render: () => ReactNode
  /** Its chunk: `load` fetches it without rendering; `hasApp`, rendered inside antd's App (page-app.tsx). */
  chunk: { load: () => Promise<unknown>; hasApp: boolean }
  /** The count of Admin/pendingCounts its menu entry shows as a badge (what waits there). */
  badge?: PendingKind
  /** A count shown beside it as a warning (超时 N): what waits too long. */
  alarm?: PendingKind
  /** Its addresses go deeper (/admin/booking/12 opens a booking on the booking page). */
  hasSubPaths?: boolean
}
export type NavSection = { key: string; label: string; icon: ReactNode; pages: NavPage[]; isGroup: boolean }

const single = (key: string, icon: ReactNode, page: NavPage): NavSection => ({
  key,
  label: page.label,
  icon,
  pages: [page],
  isGroup: false,
})

export const adminNav: NavSection[] = [
  single('dashboard', <DashboardOutlined />, {
    path: '',
    label: '工作台',
    roles: EVERY_STAFF,
    render: () => <dashboard.Page />,
    chunk: dashboard,
  }),
  {
    key: 'content',
    label: '内容管理',
    icon: <ReadOutlined />,
    isGroup: true,
    pages: contentMenu.map(({ path, title }) => ({
      path,
      label: title,
      roles: CONTENT_EDITORS,
      render: () => <content.Page key={path} path={path} />,
      chunk: content,
    })),
  },
  {
    key: 'review',
    label: '审核',
    icon: <AuditOutlined />,
    isGroup: true,
    pages: [
      {
        path: 'review/contribution',
        label: '投稿审核',
        roles: REVIEWERS,
        render: () => <review.Page key="contribution" kind="contribution" />,
        chunk: review,
        badge: 'contributions',
      },
      {
        path: 'review/video',
        label: '视频审核',
        roles: REVIEWERS,
        render: () => <review.Page key="video" kind="video" />,
        chunk: review,
        badge: 'videos',
      },
      { path: 'review/comment', label: '评论管理', roles: REVIEWERS, render: () => <comments.Page />, chunk: comments, badge: 'comments' },
    ],
  },
  single('member', <TeamOutlined />, {
    path: 'member',
    label: '会员管理',
    roles: ADMIN_ONLY,
    render: () => <member.Page />,
    chunk: member,
  }),
  single('staff', <IdcardOutlined />, {
    path: 'staff',
    label: '员工账号',
    roles: ADMIN_ONLY,
    render: () => <staffPage.Page />,
    chunk: staffPage,
  }),
  {
    key: 'booking',
    label: '预约管理',
    icon: <CalendarOutlined />,
    isGroup: true,
    pages: [
      {
        path: 'booking',
        label: '预约处理',
        roles: BOOKING_HANDLERS,
        render: () => <booking.Page />,
        chunk: booking,
        badge: 'bookings',
        alarm: 'bookingsOverdue',
        hasSubPaths: true,
      },
      {
        path: 'booking/calendar',
        label: '档期日历',
        roles: BOOKING_HANDLERS,
        render: () => <bookingCalendar.Page />,
        chunk: bookingCalendar,
      },
    ],
  },
  single('media', <PictureOutlined />, {
    path: 'media',
    label: '媒体库',
    roles: CONTENT_EDITORS,
    render: () => <media.Page />,
    chunk: media,
  }),
  single('jobs', <ScheduleOutlined />, {
    path: 'jobs',
    label: '后台任务',
    roles: EVERY_STAFF,
    render: () => <jobs.Page />,
    chunk: jobs,
  }),
  {
    key: 'system',
    label: '系统',
    icon: <SettingOutlined />,
    isGroup: true,
    pages: [
      { path: 'system/config', label: '站点配置', roles: ADMIN_ONLY, render: () => <siteConfig.Page />, chunk: siteConfig },
      { path: 'system/menu-seo', label: '栏目 SEO', roles: ADMIN_ONLY, render: () => <menuSeo.Page />, chunk: menuSeo },
      { path: 'system/sensitive-word', label: '敏感词', roles: ADMIN_ONLY, render: () => <sensitiveWord.Page />, chunk: sensitiveWord },
      { path: 'system/alert', label: '告警通知', roles: ADMIN_ONLY, render: () => <alertChannels.Page />, chunk: alertChannels },
      { path: 'system/audit', label: '审计日志', roles: ADMIN_ONLY, render: () => <audit.Page />, chunk: audit },
      { path: 'system/transfer', label: '导入导出', roles: ADMIN_ONLY, render: () => <transfer.Page />, chunk: transfer },
    ],
  },
]

/** The section and page a path under /admin belongs to (the longest matching page path). */
export function findNavPage(subPath: string): { section: NavSection; page: NavPage } | null {
  const clean = subPath.replace(/^\/+|\/+$/g, '')
  let found: { section: NavSection; page: NavPage } | null = null
  for (const section of adminNav) {
    for (const page of section.pages) {
      const isMatch = page.path === '' ? clean === '' : clean === page.path || clean.startsWith(`${page.path}/`)
      if (isMatch && (!found || page.path.length > found.page.path.length)) found = { section, page }
    }
  }
  return found
}
