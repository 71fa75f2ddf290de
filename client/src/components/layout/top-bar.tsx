import { Link, useLocation, type Location } from 'react-router'
import { paths, USER_TABS } from '../../config/paths'
import { SITE_NAME } from '../../features/index/constants'
import { useSession } from '../../features/member/hooks/use-session'
import { NotificationBell } from '../../features/notification'
import { loginPath } from '../../features/member/lib/redirect'
import { post } from '../../lib/api-client'
import { useHydrated } from '../../lib/hydration'
import { clearSession } from '../../lib/session'
import { confirmDialog } from './confirm-dialog'

export const WELCOME_TEXT = `您好，欢迎来到${SITE_NAME}！`
const CONTRIBUTE_PATH = paths.user(USER_TABS.contribute)

export const fullPath = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`

/** Spec §2 top bar: on /login the login link does nothing, from /register it is plain /login. */
export function loginTarget(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  if (location.pathname === paths.login) return null
  if (location.pathname === paths.register) return paths.login
  return loginPath(fullPath(location))
}

export async function logout() {
  const confirmed = await confirmDialog({ title: '退出登录', message: '确定要退出登录吗？', confirmText: '确定', cancelText: '取消' })
  if (!confirmed) return false
  // The server ends this token's session; signing out here does not wait on it or fail with it.
  await post('/api/Member/logout', {}, { silent: true }).catch(() => undefined)
  clearSession()
  window.location.reload()
  return true
}

export function TopBar() {
  const location = useLocation()
  const session = useSession()
  // The server never sees the #hash, so the link the browser takes over is the one without it.
  const isHydrated = useHydrated()
  const login = loginTarget(isHydrated ? location : { ...location, hash: '' })

  // A landmark of its own, so nothing on the page sits outside one (sign-in, sign-up, contribute).
  return (
    <nav className="top-bar" aria-label="会员导航">
      <div className="container top-bar__inner">
        <p className="top-bar__welcome">{WELCOME_TEXT}</p>
        <ul className="top-bar__actions">
          {session ? (
            <>
              <li>
                <Link className="top-bar__nickname" to={paths.user()} title="进入个人中心">
                  {session.nickname || '会员'}
                </Link>
              </li>
              <li>
                <button type="button" className="top-bar__link" onClick={() => void logout()}>
                  退出
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                {login ? (
                  <Link className="top-bar__link" to={login}>
                    登录
                  </Link>
                ) : (
                  // Already on the login page: the link stays visible but does nothing.
                  <a className="top-bar__link" href={paths.login} aria-current="page" onClick={(event) => event.preventDefault()}>
                    登录
                  </a>
                )}
              </li>
              <li>
                <Link className="top-bar__link" to={paths.register}>
                  注册
                </Link>
              </li>
            </>
          )}
          <li>
            <NotificationBell />
          </li>
          <li>
            <Link className="top-bar__link top-bar__contribute" to={session ? CONTRIBUTE_PATH : loginPath(CONTRIBUTE_PATH)}>
              我要投稿
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  )
}
