import { useQuery } from '@tanstack/react-query'
import { Button, Result, Spin } from 'antd'
import type { ReactNode } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { getUserInfo } from '../../features/member/api/get-user-info'
import { useSession } from '../../features/member/hooks/use-session'
import { loginPath } from '../../features/member/lib/redirect'
import { StaffContext, staffOf, staffRoleOf } from './staff'

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
      <Result
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
      <Result
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
  return <StaffContext value={staffOf(me.data.nickname || session.nickname, me.data.member_no, role)}>{children}</StaffContext>
}
