import { Link } from 'react-router'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { AuthShell } from '../../features/member/components/auth-shell'
import { SmsGate } from '../../features/member/components/sms-gate'
import { RegisterForm } from '../../features/member/components/register-form'

export default function RegisterPage() {
  usePageMeta({ menu: 'register' })
  return (
    <AuthShell
      title="会员注册"
      subtitle="注册后可关注名师、收藏课程与专题、在线投稿"
      footer={
        <>
          已有账号？<Link to={paths.login}>直接登录</Link>
        </>
      }
    >
      <SmsGate action="注册新账号">
        <RegisterForm />
      </SmsGate>
    </AuthShell>
  )
}
