import { Link, useSearchParams } from 'react-router'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { useSetupStatus } from '../../features/staff/api/setup-admin'
import { AuthShell } from '../../features/member/components/auth-shell'
import { SetupAdminForm } from '../../features/staff/components/setup-admin-form'

/** /admin/setup?token=…: the first admin of a new deployment, from the link in the start-up log. */
export default function AdminSetupPage() {
  usePageMeta({ title: '创建管理员' })
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const status = useSetupStatus()

  const notice = (text: string) => (
    <div className="auth-notice" role="status">
      <p>{text}</p>
      <Link className="btn auth-notice__action" to={paths.login}>
        去登录
      </Link>
    </div>
  )

  let body
  if (status.isPending) body = <p className="auth-notice">正在检查安装状态…</p>
  else if (status.data && !status.data.needed) body = notice('管理员已经创建，安装链接已失效。请直接登录。')
  else if (!token) body = notice('缺少安装令牌：请打开服务器启动日志中的完整安装链接。')
  else body = <SetupAdminForm token={token} />

  return (
    <AuthShell title="创建管理员" subtitle="首次安装：创建平台的第一位管理员，此链接只能使用一次">
      {body}
    </AuthShell>
  )
}
