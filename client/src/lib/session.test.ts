import { afterEach, describe, expect, test } from 'vitest'
import { clearSession, getSession, getStored, getToken, purgeExpired, saveSession, subscribeSession, updateSession } from './session'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.UTC(2026, 10, 21, 8, 0, 0)
const session = { token: 'jwt.token.value', nickname: '张老师', memberNo: 'M20261121001' }

const storedExpiry = (key: string) =>
  (JSON.parse(localStorage.getItem(`mingshi.${key}`) ?? 'null') as { expiresAt: number } | null)?.expiresAt

afterEach(() => clearSession())

describe('saveSession', () => {
  test('keeps the session 1 day without remember-me', () => {
    saveSession(session, false, NOW)

    expect(storedExpiry('token')).toBe(NOW + DAY)
    expect(storedExpiry('username')).toBe(NOW + DAY)
    expect(getSession(NOW + DAY - 1)).toEqual(session)
    expect(getSession(NOW + DAY)).toBeNull()
  })

  test('keeps the session 15 days with remember-me', () => {
    saveSession(session, true, NOW)

    expect(storedExpiry('token')).toBe(NOW + 15 * DAY)
    expect(getSession(NOW + 14 * DAY)).toEqual(session)
    expect(getSession(NOW + 15 * DAY)).toBeNull()
  })

  test('notifies subscribers on save, update and clear', () => {
    const calls: string[] = []
    const unsubscribe = subscribeSession(() => calls.push(getSession()?.nickname ?? 'none'))
    saveSession(session, false)
    updateSession({ nickname: '李老师' })
    clearSession()
    unsubscribe()
    saveSession(session, false)

    expect(calls).toEqual(['张老师', '李老师', 'none'])
  })
})

describe('reading expired values', () => {
  test('removes an expired value from storage when it is read', () => {
    saveSession(session, false, NOW)

    expect(getStored('token', NOW + 2 * DAY)).toBeNull()
    expect(localStorage.getItem('mingshi.token')).toBeNull()
    // Values not read yet stay until they are read or purged.
    expect(localStorage.getItem('mingshi.username')).not.toBeNull()
  })

  test('drops malformed entries instead of throwing', () => {
    localStorage.setItem('mingshi.token', '{not json')
    localStorage.setItem('mingshi.username', JSON.stringify({ value: 'x' }))

    expect(getToken()).toBeNull()
    expect(getStored('username')).toBeNull()
    expect(localStorage.length).toBe(0)
  })

  test('a stored token that is not text counts as no session', () => {
    localStorage.setItem('mingshi.token', JSON.stringify({ value: { forged: true }, expiresAt: Date.now() + DAY }))

    expect(getSession()).toBeNull()
    expect(getToken()).toBeNull()
  })
})

describe('purgeExpired', () => {
  test('removes every expired entry at start-up and keeps live ones', () => {
    saveSession(session, false, NOW - 2 * DAY)
    localStorage.setItem('unrelated', 'kept')

    purgeExpired(NOW)

    expect(localStorage.getItem('mingshi.token')).toBeNull()
    expect(localStorage.getItem('mingshi.username')).toBeNull()
    expect(localStorage.getItem('mingshi.memberNo')).toBeNull()
    expect(localStorage.getItem('unrelated')).toBe('kept')
  })

  test('leaves a session that is still valid', () => {
    saveSession(session, true, NOW)

    purgeExpired(NOW + 3 * DAY)

    expect(getSession(NOW + 3 * DAY)).toEqual(session)
  })
})

describe('updateSession', () => {
  test('replaces the nickname but keeps the original expiry', () => {
    saveSession(session, false, NOW)
    updateSession({ nickname: '王老师' })

    expect(storedExpiry('username')).toBe(NOW + DAY)
    expect(getSession(NOW)?.nickname).toBe('王老师')
  })

  test('does nothing without a session', () => {
    updateSession({ nickname: '王老师' })

    expect(localStorage.getItem('mingshi.username')).toBeNull()
  })
})
