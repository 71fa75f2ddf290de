import { ExportOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons'
import { Button, Layout, Menu, Spin, type MenuProps } from 'antd'
import { Fragment, lazy, Suspense, useCallback, useEffect, useEffectEvent, useState } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { loginPath } from '../../features/member/lib/redirect'
import { setNeedLoginHandler } from '../../lib/api-client'
import { mayOpen, ROLE_COLORS, useStaff } from '../access/staff'
import { adminNav, findNavPage, type NavPage } from './admin-nav'
import { usePendingCounts, type PendingCounts } from './pending-counts'
import './admin-layout.css'

const { Sider, Header, Content, Footer } = Layout
const PageApp = lazy(() => import('./page-app'))
const SignOutConfirm = lazy(() => import('./sign-out-confirm'))
const BASE = '/admin'
const toPath = (path: string) => (path ? `${BASE}/${path}` : BASE)

/** What waits behind a menu entry, as a small count after its label (nothing when none). */
function MenuBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span className="adm-menu-badge" aria-label={`${count} 项待处理`}>
      {count > 99 ? '99+' : count}
    </span>
  )
}
const pendingOf = (pages: NavPage[], counts: PendingCounts | null | undefined) =>
  pages.reduce((sum, page) => sum + (page.badge && counts ? (counts[page.badge] ?? 0) : 0), 0)

/** What waits too long (预约超过 24 小时未回复), after the count in a warning pill. */
function AlarmBadge({ pages, counts }: { pages: NavPage[]; counts: PendingCounts | null | undefined }) {
  const count = pages.reduce((sum, page) => sum + (page.alarm && counts ? (counts[page.alarm] ?? 0) : 0), 0)
  if (count <= 0) return null
  return (
    <span className="adm-menu-alarm" aria-label={`${count} 项超时未处理`}>
      超时 {count > 99 ? '99+' : count}
    </span>
  )
}

/** Ant Design Pro style: a collapsible dark sider with the grouped menu, a header with breadcrumb and account. */
export function AdminLayout() {
  const staff = useStaff()
  const [isSigningOut, setSigningOut] = useState(false)
  const endSignOut = useCallback(() => setSigningOut(false), [])
  const navigate = useNavigate()
  const location = useLocation()
  const [isCollapsed, setCollapsed] = useState(() => window.matchMedia?.('(max-width: 991px)').matches ?? false)
  const current = findNavPage(location.pathname.slice(BASE.length))
  const pending = usePendingCounts()
  const [openKeys, setOpenKeys] = useState<string[]>(() => (current?.section.isGroup ? [current.section.key] : []))

  // A console call answered NEED_LOGIN (expired, revoked or disabled): log in again, then come back.
  const onNeedLogin = useEffectEvent(() => navigate(loginPath(`${location.pathname}${location.search}`)))
  useEffect(() => {
    setNeedLoginHandler(() => onNeedLogin())
  }, [])
  useEffect(() => {
    document.title = `${current?.page.label ?? '管理后台'} - 名师网管理后台`
  }, [current?.page.label])

  // Pages an editor may not use are left out of the menu (the server refuses them anyway).
  const items: MenuProps['items'] = adminNav
    .map((section) => ({ ...section, pages: section.pages.filter((page) => mayOpen(staff, page.roles)) }))
    .filter((section) => section.pages.length > 0)
    .map((section) =>
      section.isGroup
        ? {
            key: section.key,
            icon: section.icon,
            label: (
              <>
                {section.label}
                <MenuBadge count={pendingOf(section.pages, pending)} />
                {/* An open group's page, just below, shows the warning: the sider is too narrow for both pills here. */}
                {!openKeys.includes(section.key) && <AlarmBadge pages={section.pages} counts={pending} />}
              </>
            ),
            children: section.pages.map((page) => ({
              key: toPath(page.path),
              label: (
                <Link to={toPath(page.path)}>
                  {page.label}
                  <MenuBadge count={pendingOf([page], pending)} />
                  <AlarmBadge pages={[page]} counts={pending} />
                </Link>
              ),
            })),
          }
        : {
            key: toPath(section.pages[0].path),
            icon: section.icon,
            label: (
              <Link to={toPath(section.pages[0].path)}>
                {section.label}
                <MenuBadge count={pendingOf(section.pages, pending)} />
                {/* An open group's page, just below, shows the warning: the sider is too narrow for both pills here. */}
                {!openKeys.includes(section.key) && <AlarmBadge pages={section.pages} counts={pending} />}
              </Link>
            ),
          },
    )

  const crumbs = [
    <Link to={BASE}>管理后台</Link>,
    ...(current && current.page.path !== '' ? [...(current.section.isGroup ? [current.section.label] : []), current.page.label] : []),
  ]

  return (
    <Layout className="adm-root" hasSider>
      <Sider className="adm-sider" theme="dark" width={216} collapsedWidth={64} collapsed={isCollapsed} trigger={null}>
        <Link to={BASE} className="adm-logo" aria-label="名师网管理后台">
          <span className="adm-logo__mark" aria-hidden>
            名
          </span>
          {!isCollapsed && (
            <span className="adm-logo__text">
              名师网<small>管理后台</small>
            </span>
          )}
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={current ? [toPath(current.page.path)] : []}
          openKeys={isCollapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          aria-label="管理后台导航"
        />
      </Sider>
      <Layout className="adm-main">
        <Header className="adm-header">
          <Button
            type="text"
            className="adm-header__trigger"
            icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!isCollapsed)}
            aria-label={isCollapsed ? '展开菜单' : '收起菜单'}
          />
          {/* Plain markup rather than antd's Breadcrumb, Avatar and Tag, whose dropdown, popover and
              tag styles would join the console's first load for a line of text and two marks. */}
          <nav aria-label="当前位置" className="adm-header__crumbs adm-crumbs">
            <ol>
              {crumbs.map((crumb, index) => (
                <Fragment key={index}>
                  {index > 0 && (
                    <li className="adm-crumbs__separator" aria-hidden>
                      /
                    </li>
                  )}
                  <li aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb}</li>
                </Fragment>
              ))}
            </ol>
          </nav>
          <div className="adm-header__right">
            <Button type="text" icon={<ExportOutlined />} href="/" target="_blank">
              返回前台
            </Button>
            <span className="adm-header__account">
              <span className="adm-header__avatar" aria-hidden>
                <UserOutlined />
              </span>
              <span className="adm-header__name">{staff.nickname}</span>
              <span className={`adm-header__role adm-role-tag adm-role-tag--${ROLE_COLORS[staff.role]}`}>{staff.roleLabel}</span>
            </span>
            <Button type="text" icon={<LogoutOutlined />} onClick={() => setSigningOut(true)}>
              退出登录
            </Button>
          </div>
        </Header>
        <Content className="adm-content">
          {/* Pages are lazy chunks (admin-nav.tsx): the menu and header stay while one loads. */}
          <Suspense
            fallback={
              <div className="adm-content__loading">
                <Spin description="页面加载中…" />
              </div>
            }
          >
            {current?.page.chunk.hasApp === false ? (
              <Outlet />
            ) : (
              <PageApp>
                <Outlet />
              </PageApp>
            )}
          </Suspense>
          {isSigningOut && (
            <Suspense fallback={null}>
              <SignOutConfirm onClose={endSignOut} />
            </Suspense>
          )}
        </Content>
        <Footer className="adm-footer">名师网管理后台 · 所有操作均记入审计日志</Footer>
      </Layout>
    </Layout>
  )
}
