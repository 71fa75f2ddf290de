import { useSyncExternalStore } from 'react'
import { getSession, getToken, subscribeSession, type Session } from '../../../lib/session'

// The snapshot is the token string: getSession() builds a new object on every call, which
// useSyncExternalStore would treat as a change on every render.
const subscribe = (onChange: () => void) => {
  const unsubscribe = subscribeSession(onChange)
  // Another tab logging in or out changes localStorage; follow it here too.
  window.addEventListener('storage', onChange)
  return () => {
    unsubscribe()
    window.removeEventListener('storage', onChange)
  }
}
const tokenSnapshot = () => getToken() ?? ''
const nicknameSnapshot = () => getSession()?.nickname ?? ''

/** The stored session, re-rendering on login, logout and renames; null when logged out. */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribe, tokenSnapshot, () => '')
  const nickname = useSyncExternalStore(subscribe, nicknameSnapshot, () => '')
  if (!token) return null
  return { token, nickname, memberNo: getSession()?.memberNo ?? '' }
}
