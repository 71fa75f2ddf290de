// Browser-stored session with expiry (spec §4): token and nickname kept 15 days with
// remember-me, otherwise 1 day; expired values are removed when read and at start-up.
export const SESSION_KEYS = ['token', 'username', 'userInfo', 'memberNo'] as const
export type SessionKey = (typeof SESSION_KEYS)[number]

const DAY_MS = 24 * 60 * 60 * 1000
export const SESSION_DAYS = { remembered: 15, session: 1 } as const

type Stored = { value: unknown; expiresAt: number }
const storageKey = (key: SessionKey) => `mingshi.${key}`

function read(key: SessionKey): Stored | null {
  const raw = localStorage.getItem(storageKey(key))
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as Stored
    if (typeof parsed?.expiresAt !== 'number') throw new Error('malformed')
    return parsed
  } catch {
    localStorage.removeItem(storageKey(key))
    return null
  }
}

export function getStored<T>(key: SessionKey, now = Date.now()): T | null {
  const stored = read(key)
  if (!stored) return null
  if (stored.expiresAt <= now) {
    localStorage.removeItem(storageKey(key))
    return null
  }
  return stored.value as T
}

export function setStored(key: SessionKey, value: unknown, expiresAt: number) {
  localStorage.setItem(storageKey(key), JSON.stringify({ value, expiresAt } satisfies Stored))
}

export function removeStored(key: SessionKey) {
  localStorage.removeItem(storageKey(key))
}

/** Removes every expired entry; called once at start-up. */
export function purgeExpired(now = Date.now()) {
  SESSION_KEYS.forEach((key) => getStored(key, now))
}

export type Session = { token: string; nickname: string; memberNo: string }

type Listener = () => void
const listeners = new Set<Listener>()
export const subscribeSession = (listener: Listener) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const notify = () => listeners.forEach((listener) => listener())

export function saveSession(session: Session, remember: boolean, now = Date.now()) {
  const expiresAt = now + (remember ? SESSION_DAYS.remembered : SESSION_DAYS.session) * DAY_MS
  setStored('token', session.token, expiresAt)
  setStored('username', session.nickname, expiresAt)
  setStored('memberNo', session.memberNo, expiresAt)
  notify()
}

/** Keeps the stored expiry but replaces values (e.g. a renamed nickname or a refreshed token). */
export function updateSession(patch: Partial<Session>) {
  const expiresAt = read('token')?.expiresAt
  if (!expiresAt) return
  if (patch.token) setStored('token', patch.token, expiresAt)
  if (patch.nickname) setStored('username', patch.nickname, expiresAt)
  notify()
}

export function clearSession() {
  SESSION_KEYS.forEach(removeStored)
  notify()
}

/** A stored text, or null: a hand-edited store holding anything else must not reach React as a token. */
const storedText = (key: SessionKey, now = Date.now()) => {
  const value = getStored<unknown>(key, now)
  return typeof value === 'string' ? value : null
}

export function getSession(now = Date.now()): Session | null {
  const token = storedText('token', now)
  if (!token) return null
  return { token, nickname: storedText('username', now) ?? '', memberNo: storedText('memberNo', now) ?? '' }
}

export const getToken = () => storedText('token')

/** When the stored session ends (ms since epoch), or null when there is none. */
export const getSessionExpiresAt = (now = Date.now()) => (getStored('token', now) ? (read('token')?.expiresAt ?? null) : null)
