import { ExportOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons'
import { App, Avatar, Breadcrumb, Button, Layout, Menu, Space, Spin, Tag, type MenuProps } from 'antd'
import { Suspense, useEffect, useEffectEvent, useState } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { loginPath } from '../../features/member/lib/redirect'
import { post, setNeedLoginHandler } from '../../lib/api-client'
import { clearSession } from '../../lib/session'
import { mayOpen, ROLE_COLORS, useStaff } from '../access/staff'
import { adminNav, findNavPage } from './admin-nav'

const { Sider, Header, Content, Footer } = Layout
const BASE = '/admin'
const toPath = (path: string) => (path ? `${BASE}/${path}` : BASE)

/** Ant Design Pro style: a collapsible dark sider with the grouped menu, a header with breadcrumb and account. */
export function AdminLayout() {
  const staff = useStaff()
  const { modal } = App.useApp()
  const navigate = useNavigate()
  const location = useLocation()
  const [isCollapsed, setCollapsed] = useState(() => window.matchMedia?.('(max-width: 991px)').matches ?? false)
  const current = findNavPage(location.pathname.slice(BASE.length))
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
            label: section.label,
            children: section.pages.map((page) => ({ key: toPath(page.path), label: <Link to={toPath(page.path)}>{page.label}</Link> })),
          }
        : {
            key: toPath(section.pages[0].path),
            icon: section.icon,
            label: <Link to={toPath(section.pages[0].path)}>{section.label}</Link>,
          },
    )

  const signOut = () =>
    modal.confirm({
      title: '退出登录',
      content: '确定要退出登录吗？',
      okText: '退出',
      cancelText: '取消',
      onOk: async () => {
        await post('/api/Member/logout', {}, { silent: true }).catch(() => undefined)
        clearSession()
        navigate('/', { replace: true })
      },
    })

  const crumbs = [
    { title: <Link to={BASE}>管理后台</Link> },
    ...(current && current.page.path !== ''
      ? [...(current.section.isGroup ? [{ title: current.section.label }] : []), { title: current.page.label }]
      : []),
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
          <Breadcrumb items={crumbs} className="adm-header__crumbs" />
          <Space size={4} className="adm-header__right">
            <Button type="text" icon={<ExportOutlined />} href="/" target="_blank">
              返回前台
            </Button>
            <span className="adm-header__account">
              <Avatar size="small" icon={<UserOutlined />} className="adm-header__avatar" />
              <span className="adm-header__name">{staff.nickname}</span>
              <Tag color={ROLE_COLORS[staff.role]} className="adm-header__role">
                {staff.roleLabel}
              </Tag>
            </span>
            <Button type="text" icon={<LogoutOutlined />} onClick={signOut}>
              退出登录
            </Button>
          </Space>
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
            <Outlet />
          </Suspense>
        </Content>
        <Footer className="adm-footer">名师网管理后台 · 所有操作均记入审计日志</Footer>
      </Layout>
    </Layout>
  )
}
