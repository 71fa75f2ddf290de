// Every console page once: its path under /admin, its menu group and label, who may open it, and
// what it renders. The menu, the breadcrumb, the routes and the role checks all read this list.
import {
  AuditOutlined,
  DashboardOutlined,
  IdcardOutlined,
  MessageOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { lazy, type ReactNode } from 'react'
import { ADMIN_ONLY, CONTENT_EDITORS, EVERY_STAFF, REVIEWERS, type StaffRole } from '../access/staff'
import { contentEntities } from '../entities/content-entities'

// Each page is its own chunk, loaded when it is first opened (admin-layout.tsx waits for it), so
// opening the console does not download every page's code and the antd parts only it uses.
const EntityListPage = lazy(() => import('../crud/entity-list-page').then((module) => ({ default: module.EntityListPage })))
const MediaLibraryPage = lazy(() => import('../media/media-library-page').then((module) => ({ default: module.MediaLibraryPage })))
const AuditLogPage = lazy(() => import('../pages/audit-log-page').then((module) => ({ default: module.AuditLogPage })))
const DashboardPage = lazy(() => import('../pages/dashboard-page').then((module) => ({ default: module.DashboardPage })))
const InquiryPage = lazy(() => import('../pages/inquiry-page').then((module) => ({ default: module.InquiryPage })))
const MemberPage = lazy(() => import('../pages/member-page').then((module) => ({ default: module.MemberPage })))
const MenuSeoPage = lazy(() => import('../pages/menu-seo-page').then((module) => ({ default: module.MenuSeoPage })))
const ReviewPage = lazy(() => import('../pages/review-page').then((module) => ({ default: module.ReviewPage })))
const SensitiveWordPage = lazy(() => import('../pages/sensitive-word-page').then((module) => ({ default: module.SensitiveWordPage })))
const StaffPage = lazy(() => import('../pages/staff-page').then((module) => ({ default: module.StaffPage })))
const SiteConfigPage = lazy(() => import('../pages/site-config-page').then((module) => ({ default: module.SiteConfigPage })))
const TransferPage = lazy(() => import('../pages/transfer-page').then((module) => ({ default: module.TransferPage })))

export type NavPage = { path: string; label: string; roles: readonly StaffRole[]; render: () => ReactNode }
export type NavSection = { key: string; label: string; icon: ReactNode; pages: NavPage[]; isGroup: boolean }

const single = (key: string, icon: ReactNode, page: NavPage): NavSection => ({
  key,
  label: page.label,
  icon,
  pages: [page],
  isGroup: false,
})

export const adminNav: NavSection[] = [
  single('dashboard', <DashboardOutlined />, { path: '', label: '工作台', roles: EVERY_STAFF, render: () => <DashboardPage /> }),
  {
    key: 'content',
    label: '内容管理',
    icon: <ReadOutlined />,
    isGroup: true,
    pages: contentEntities.map(({ path, config }) => ({
      path,
      label: config.title,
      roles: CONTENT_EDITORS,
      render: () => <EntityListPage key={config.word} config={config} />,
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
        render: () => <ReviewPage key="contribution" kind="contribution" />,
      },
      { path: 'review/video', label: '视频审核', roles: REVIEWERS, render: () => <ReviewPage key="video" kind="video" /> },
    ],
  },
  single('member', <TeamOutlined />, { path: 'member', label: '会员管理', roles: ADMIN_ONLY, render: () => <MemberPage /> }),
  single('staff', <IdcardOutlined />, { path: 'staff', label: '员工账号', roles: ADMIN_ONLY, render: () => <StaffPage /> }),
  single('inquiry', <MessageOutlined />, { path: 'inquiry', label: '合作咨询', roles: EVERY_STAFF, render: () => <InquiryPage /> }),
  single('media', <PictureOutlined />, { path: 'media', label: '媒体库', roles: CONTENT_EDITORS, render: () => <MediaLibraryPage /> }),
  {
    key: 'system',
    label: '系统',
    icon: <SettingOutlined />,
    isGroup: true,
    pages: [
      { path: 'system/config', label: '站点配置', roles: ADMIN_ONLY, render: () => <SiteConfigPage /> },
      { path: 'system/menu-seo', label: '栏目 SEO', roles: ADMIN_ONLY, render: () => <MenuSeoPage /> },
      { path: 'system/sensitive-word', label: '敏感词', roles: ADMIN_ONLY, render: () => <SensitiveWordPage /> },
      { path: 'system/audit', label: '审计日志', roles: ADMIN_ONLY, render: () => <AuditLogPage /> },
      { path: 'system/transfer', label: '导入导出', roles: ADMIN_ONLY, render: () => <TransferPage /> },
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
