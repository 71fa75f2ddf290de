import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { useAuthOptions } from '../api/get-auth-options'

/**
 * Registration and password recovery need an SMS code. When the deployment turned SMS off, say so
 * in place of a form nobody could complete; until the answer arrives the form shows as usual.
 */
export function SmsGate({ action, children }: { action: string; children: ReactNode }) {
  const options = useAuthOptions()
  if (options.data?.sms !== false) return children
  return (
    <div className="auth-notice" role="status">
      <p>本站暂未开通短信验证码服务，暂不能{action}。</p>
      <p>如需帮助，请联系网站管理员。</p>
      <Link className="btn auth-notice__action" to={paths.login}>
        返回登录
      </Link>
    </div>
  )
}
