import { Link } from 'react-router'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { AuthShell } from '../../features/member/components/auth-shell'
import { SmsGate } from '../../features/member/components/sms-gate'
import { FindPasswordForm } from '../../features/member/components/find-password-form'

export default function FindPasswordPage() {
  usePageMeta({ menu: 'login', title: '找回密码' })
  return (
    <AuthShell
      title="找回密码"
      subtitle="通过注册手机号接收验证码，设置新的登录密码"
      footer={
        <>
          想起密码了？<Link to={paths.login}>返回登录</Link>
          <span aria-hidden="true"> · </span>
          <Link to={paths.register}>注册新账号</Link>
        </>
      }
    >
      <SmsGate action="找回密码">
        <FindPasswordForm />
      </SmsGate>
    </AuthShell>
  )
}
