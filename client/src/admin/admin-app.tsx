// The console at /admin: its own lazy chunk (router.tsx), so the public pages never load antd.
import { Button, ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd'
import zhCN from 'antd/es/locale/zh_CN'
import { useEffect, type ReactNode } from 'react'
import { Link, Route, Routes, useLocation } from 'react-router'
import { AdminGate } from './access/admin-gate'
import { mayOpen, useStaff, type StaffRole } from './access/staff'
import { AdminLayout } from './layout/admin-layout'
import { AdminResult } from './layout/admin-result'
import { adminNav, findNavPage } from './layout/admin-nav'
import './admin.css'

const consoleTheme: ThemeConfig = {
  algorithm: antTheme.defaultAlgorithm,
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    fontFamily: "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', system-ui, sans-serif",
  },
  components: {
    Layout: { siderBg: '#001529', headerBg: '#ffffff', bodyBg: '#f0f2f5', headerHeight: 56, headerPadding: '0 16px' },
    Menu: { darkItemBg: '#001529', darkSubMenuItemBg: '#000c17' },
  },
}

/** Staff who open an address their role cannot use see this (the menu does not offer it). */
function RequireRole({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const staff = useStaff()
  if (mayOpen(staff, roles)) return children
  return (
    <AdminResult
      status="403"
      title="403"
      subTitle={roles.length > 1 ? `抱歉，${staff.roleLabel}不能访问此页面。` : '抱歉，此页面仅限管理员访问。'}
      extra={
        <Link to="/admin">
          <Button type="primary">返回工作台</Button>
        </Link>
      }
    />
  )
}

/**
 * The console's root element with the base text styles antd's App would give it (colour, font); the
 * App itself comes with the pages that use it (layout/page-app.tsx).
 */
function ConsoleRoot({ children }: { children: ReactNode }) {
  const { token } = antTheme.useToken()
  return (
    <div className="adm-app" style={{ color: token.colorText, fontFamily: token.fontFamily }}>
      {children}
    </div>
  )
}

function NotFound() {
  return (
    <AdminResult
      status="404"
      title="404"
      subTitle="页面不存在"
      extra={
        <Link to="/admin">
          <Button type="primary">返回工作台</Button>
        </Link>
      }
    />
  )
}

export default function AdminApp() {
  const { pathname } = useLocation()
  // The page's chunk loads while the gate asks who the user is, not after.
  useEffect(() => {
    void findNavPage(pathname.replace(/^\/admin/i, ''))?.page.chunk.load()
  }, [pathname])

  return (
    <ConfigProvider locale={zhCN} theme={consoleTheme}>
      <ConsoleRoot>
        <AdminGate>
          <Routes>
            <Route element={<AdminLayout />}>
              {adminNav.flatMap((section) =>
                section.pages.map((page) => (
                  <Route
                    key={page.path || 'index'}
                    index={page.path === ''}
                    path={page.path ? `${page.path}${page.hasSubPaths ? '/*' : ''}` : undefined}
                    element={<RequireRole roles={page.roles}>{page.render()}</RequireRole>}
                  />
                )),
              )}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </AdminGate>
      </ConsoleRoot>
    </ConfigProvider>
  )
}
