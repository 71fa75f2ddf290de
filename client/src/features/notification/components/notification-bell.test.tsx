import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { saveSession } from '../../../lib/session'
import { renderRoutes } from '../../../testing/render-routes'
import { badgeText, NotificationBell } from './notification-bell'

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { headers: { 'Content-Type': 'application/json' } })

afterEach(() => vi.unstubAllGlobals())

describe('NotificationBell', () => {
  test('signed out: leads to 消息 through the login page, no count asked for', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    renderRoutes([{ path: '*', element: <NotificationBell /> }], '/')

    expect(screen.getByRole('link', { name: '消息' }).getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/user?tab=12')}`)
    expect(fetch).not.toHaveBeenCalled()
  })

  test('signed in: the unread count from getUserInfo, opening tab 12', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/api/Member/getUserInfo') throw new Error(`unexpected request ${url}`)
        return ok({ member_no: 'M1', nickname: '张老师', unreadCount: 3 })
      }),
    )
    act(() => saveSession({ token: 't.o.k', nickname: '张老师', memberNo: 'M1' }, false))
    renderRoutes([{ path: '*', element: <NotificationBell /> }], '/')

    const bell = await screen.findByRole('link', { name: '消息，3 条未读' })
    expect(bell.getAttribute('href')).toBe('/user?tab=12')
    expect(bell.textContent).toContain('3')
  })

  test('the badge stays short past 99', () => {
    expect(badgeText(7)).toBe('7')
    expect(badgeText(120)).toBe('99+')
  })
})
