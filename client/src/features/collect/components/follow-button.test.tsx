import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { saveSession } from '../../../lib/session'
import { renderRoutes } from '../../../testing/render-routes'
import { CollectButton } from './collect-button'
import { FollowButton } from './follow-button'

function renderAt(element: React.ReactNode, url = '/teacher/detail/7?from=list') {
  return renderRoutes(
    [
      { path: '/teacher/detail/:id', element },
      { path: '/course/detail/:id', element },
      { path: '/login', element: <p>登录页</p> },
    ],
    url,
  )
}

/** Answers each request with the next envelope, after `release()` when `hold` is set. */
function server(...bodies: { code: number; msg: string; data: unknown }[]) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    await gate
    const body = bodies.shift() ?? { code: 200, msg: '', data: null }
    return new Response(JSON.stringify(body), { status: body.code === 200 ? 200 : body.code })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, release }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('FollowButton', () => {
  test('a visitor is sent to log in with the current full path as redirect', async () => {
    const { fetch } = server()
    const router = renderAt(<FollowButton teacherId={7} initialFollowed={false} />)

    fireEvent.click(screen.getByRole('button', { name: '关注名师' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/teacher/detail/7?from=list')}`)
    expect(fetch).not.toHaveBeenCalled()
  })

  test('flips at once and keeps the new state when the server agrees', async () => {
    saveSession({ token: 't', nickname: '会员', memberNo: 'M1' }, false)
    const { fetch, release } = server({ code: 200, msg: '操作成功', data: { isFollowed: true } })
    renderAt(<FollowButton teacherId={7} initialFollowed={false} />)

    fireEvent.click(screen.getByRole('button', { name: '关注名师' }))
    const button = await screen.findByRole('button', { pressed: true })
    expect(button.textContent).toContain('已关注')
    release()

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/api/Teacher/teacherFollow')
    expect(JSON.parse(init.body as string)).toEqual({ teacherId: 7 })
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t')
    expect(await screen.findByText('关注成功')).toBeTruthy()
    expect(screen.getByRole('button', { pressed: true })).toBeTruthy()
  })

  test('a second click within 3000 ms sends nothing: one request, still followed (spec §9 throttle)', async () => {
    saveSession({ token: 't', nickname: '会员', memberNo: 'M1' }, false)
    const { fetch, release } = server({ code: 200, msg: '操作成功', data: { isFollowed: true } })
    release()
    renderAt(<FollowButton teacherId={7} initialFollowed={false} />)

    fireEvent.click(screen.getByRole('button', { name: '关注名师' }))
    await screen.findByText('关注成功')
    // The request has finished, so only the throttle stands between this click and an unfollow.
    fireEvent.click(screen.getByRole('button', { pressed: true }))

    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { pressed: true })).toBeTruthy()
  })

  test('rolls back when the server refuses', async () => {
    saveSession({ token: 't', nickname: '会员', memberNo: 'M1' }, false)
    const { release } = server({ code: 404, msg: '名师不存在', data: null })
    renderAt(<FollowButton teacherId={7} initialFollowed />)

    fireEvent.click(screen.getByRole('button', { pressed: true }))
    expect(await screen.findByRole('button', { pressed: false })).toBeTruthy()
    release()

    await waitFor(() => expect(screen.getByRole('button', { pressed: true })).toBeTruthy())
  })
})

describe('CollectButton', () => {
  test('cancels a collected course through Course/cancelCollect', async () => {
    saveSession({ token: 't', nickname: '会员', memberNo: 'M1' }, false)
    const { fetch, release } = server({ code: 200, msg: '操作成功', data: { isCollected: false } })
    release()
    renderAt(<CollectButton kind="course" id={12} initialCollected />, '/course/detail/12')

    fireEvent.click(screen.getByRole('button', { pressed: true }))

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    expect(fetch.mock.calls[0][0]).toBe('/api/Course/cancelCollect')
    expect(JSON.parse(fetch.mock.calls[0][1].body as string)).toEqual({ courseId: 12 })
    expect(screen.getByRole('button', { pressed: false }).textContent).toContain('收藏')
  })
})
