import { Link, useSearchParams } from 'react-router'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { AuthShell } from '../../features/member/components/auth-shell'
import { LoginForm } from '../../features/member/components/login-form'

export default function LoginPage() {
  usePageMeta({ menu: 'login' })
  const [search] = useSearchParams()
  const redirect = search.get('redirect')
  return (
    <AuthShell
      title="会员登录"
      subtitle={redirect ? '登录后将返回您刚才浏览的页面' : '使用手机号和密码登录'}
      footer={
        <>
          还没有账号？<Link to={paths.register}>立即注册</Link>
        </>
      }
    >
      <LoginForm />
    </AuthShell>
  )
}
