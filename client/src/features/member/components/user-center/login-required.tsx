import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { loginPath } from '../../lib/redirect'

export const LOGIN_REQUIRED_TEXT = '请您先登录后再查看!'
export const LOGIN_REQUIRED_DELAY_MS = 2000

/** Spec §8: the user centre without a token shows the notice for 2 s, then goes to /login. */
export function LoginRequired() {
  const navigate = useNavigate()
  const location = useLocation()
  const target = loginPath(`${location.pathname}${location.search}`)
  useEffect(() => {
    const timer = setTimeout(() => navigate(target, { replace: true }), LOGIN_REQUIRED_DELAY_MS)
    return () => clearTimeout(timer)
  }, [navigate, target])
  return (
    <div className="container uc-login-required">
      <div className="card uc-login-required__card" role="alert">
        <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="var(--primary-bg)" stroke="var(--primary-light)" strokeWidth="2" />
          <rect x="15" y="21" width="18" height="14" rx="3" fill="var(--primary)" />
          <path d="M18.5 21v-3.5a5.5 5.5 0 0 1 11 0V21" fill="none" stroke="var(--primary)" strokeWidth="2.5" />
        </svg>
        <p className="uc-login-required__text">{LOGIN_REQUIRED_TEXT}</p>
        <p className="uc-login-required__sub">2 秒后将自动跳转到登录页面…</p>
        <Link className="btn" to={target} replace>
          立即登录
        </Link>
      </div>
    </div>
  )
}
