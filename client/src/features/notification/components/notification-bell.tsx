import { Link } from 'react-router'
import { paths, USER_TABS } from '../../../config/paths'
import { loginPath, useSession } from '../../member'
import { useUnreadCount } from '../api/get-unread-count'
import './notification-bell.css'

const INBOX = paths.user(USER_TABS.messages)

/** 99+ past 99: the badge keeps its width. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count))

/**
 * The top bar's bell: opens 消息 (tab 12), with the unread count once it is known. The server renders
 * it for everyone (signed out it leads through the login page), at a fixed size, and the count sits over
 * its corner, so neither signing in nor the count arriving moves anything on the bar.
 */
export function NotificationBell() {
  const session = useSession()
  const unread = useUnreadCount(Boolean(session))
  const count = unread ?? 0
  const label = count > 0 ? `消息，${count} 条未读` : '消息'
  return (
    <Link className="top-bar__link notice-bell" to={session ? INBOX : loginPath(INBOX)} aria-label={label} title={label}>
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />
      </svg>
      <span className="notice-bell__text">消息</span>
      {count > 0 && (
        <span className="notice-bell__badge" aria-hidden="true">
          {badgeText(count)}
        </span>
      )}
    </Link>
  )
}
