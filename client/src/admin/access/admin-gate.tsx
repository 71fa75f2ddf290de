import { useQuery } from '@tanstack/react-query'
import { Button, Spin } from 'antd'
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { getUserInfo } from '../../features/member/api/get-user-info'
import { useSession } from '../../features/member/hooks/use-session'
import { loginPath } from '../../features/member/lib/redirect'
import { AdminResult } from '../layout/admin-result'
import { StaffContext, staffOf, staffRoleOf } from './staff'

// Shown once per new staff member: its form (antd's Form and inputs) loads when it is due, not with
// the console's first load, inside antd's App (layout/page-app.tsx) for its App.useApp(), as a page is.
const FirstPassword = lazy(async () => {
  const [{ FirstPasswordForm }, { default: PageApp }] = await Promise.all([import('./first-password'), import('../layout/page-app')])
  return {
    default: (props: ComponentProps<typeof FirstPasswordForm>) => (
      <PageApp>
        <FirstPasswordForm {...props} />
      </PageApp>
    ),
  }
})

/**
 * The console opens only for staff: a visitor goes to the portal's login page and comes back; a
 * member without a staff role sees a 403 page. The server checks the role again on every call.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  const me = useQuery({
    queryKey: ['admin', 'me', session?.token ?? ''],
    queryFn: () => getUserInfo(),
    enabled: Boolean(session),
    staleTime: 0,
    gcTime: 0,
  })

  if (!session) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />
  if (me.isPending) return <Spin fullscreen description="正在验证身份…" />
  if (me.isError) {
    return (
      <AdminResult
        status="error"
        title="无法验证身份"
        subTitle={me.error.message}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            重试
          </Button>
        }
      />
    )
  }
  const role = staffRoleOf(me.data)
  if (!role) {
    return (
      <AdminResult
        style={{ paddingTop: '12vh' }}
        status="403"
        title="403"
        subTitle="抱歉，您的账号没有管理后台的权限。如需开通，请联系平台管理员。"
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    )
  }
  if (me.data.passwordChangeDue) {
    return (
      <Suspense fallback={<Spin fullscreen />}>
        <FirstPassword nickname={me.data.nickname || session.nickname} onChanged={() => void me.refetch()} />
      </Suspense>
    )
  }
  return <StaffContext value={staffOf(me.data.nickname || session.nickname, me.data.member_no, role)}>{children}</StaffContext>
}
