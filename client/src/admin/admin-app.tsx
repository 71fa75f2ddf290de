// The console at /admin: its own lazy chunk (router.tsx), so the public pages never load antd.
import { App as AntApp, Button, ConfigProvider, Result, theme as antTheme, type ThemeConfig } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import type { ReactNode } from 'react'
import { Link, Route, Routes } from 'react-router'
import { AdminGate } from './access/admin-gate'
import { mayOpen, useStaff, type StaffRole } from './access/staff'
import { AdminLayout } from './layout/admin-layout'
import { adminNav } from './layout/admin-nav'
import './admin.css'

dayjs.locale('zh-cn')

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
    <Result
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

function NotFound() {
  return (
    <Result
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
  return (
    <ConfigProvider locale={zhCN} theme={consoleTheme}>
      <AntApp className="adm-app" message={{ maxCount: 3 }}>
        <AdminGate>
          <Routes>
            <Route element={<AdminLayout />}>
              {adminNav.flatMap((section) =>
                section.pages.map((page) => (
                  <Route
                    key={page.path || 'index'}
                    index={page.path === ''}
                    path={page.path || undefined}
                    element={<RequireRole roles={page.roles}>{page.render()}</RequireRole>}
                  />
                )),
              )}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </AdminGate>
      </AntApp>
    </ConfigProvider>
  )
}
