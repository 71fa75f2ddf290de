import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { usePageParam } from '../../../lib/use-page-param'
import { renderRoutes } from '../../../testing/render-routes'
import { NotificationInbox } from './notification-inbox'

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { headers: { 'Content-Type': 'application/json' } })

type Item = { id: number; kind: string; title: string; body: string; link: string; isRead: boolean; createdAt: string }
const notice = (id: number, over: Partial<Item> = {}): Item => ({
  id,
  kind: 'follow',
  title: `通知 ${id}`,
  body: `正文 ${id}`,
  link: `/course/detail/${id}`,
  isRead: false,
  createdAt: '2026-11-27T08:00:00.000Z',
  ...over,
})

/** The inbox's actions at the network boundary, over an in-memory list; records every call. */
function serverWith(items: Item[], sms = { smsAccount: false, smsAvailable: true }) {
  const calls: { url: string; body: Record<string, unknown> }[] = []
  let list = [...items]
  const preferences = {
    kinds: [
      { kind: 'follow', label: '关注动态', hint: '关注的名师发布新课程', enabled: true },
      { kind: 'account', label: '账号安全', hint: '密码修改、在新设备登录', enabled: true },
    ],
    teachers: [{ teacherId: 5, name: '王立新', photo: '', enabled: true }],
    ...sms,
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Record<string, unknown>
      calls.push({ url, body })
      const unread = () => list.filter((item) => !item.isRead).length
      switch (url) {
        case '/api/Member/notificationList': {
          const shown = body.filter === 'unread' ? list.filter((item) => !item.isRead) : list
          return ok({ list: shown, total: shown.length, page: 1, limit: 10, unread: unread() })
        }
        case '/api/Member/notificationRead':
          list = list.map((item) => ((body.ids as number[]).includes(item.id) ? { ...item, isRead: true } : item))
          return ok({ updated: 1, unread: unread() })
        case '/api/Member/notificationReadAll':
          list = list.map((item) => ({ ...item, isRead: true }))
          return ok({ updated: 1, unread: 0 })
        case '/api/Member/notificationDelete':
          list = list.filter((item) => !(body.ids as number[]).includes(item.id))
          return ok({ deleted: 1, unread: unread() })
        case '/api/Member/notificationPreferences':
          return ok(preferences)
        case '/api/Member/notificationPreferenceSave':
          for (const { key, enabled } of body.items as { key: string; enabled: boolean }[]) {
            if (key === 'sms-account') preferences.smsAccount = enabled
          }
          return ok(preferences)
        default:
          return ok(null)
      }
    }),
  )
  return calls
}

function Tab() {
  const [page, setPage] = usePageParam()
  return <NotificationInbox page={page} onPageChange={setPage} />
}
const routes = [
  { path: '/user', element: <Tab /> },
  { path: '/course/detail/:id', element: <p>课程页</p> },
]

afterEach(() => vi.unstubAllGlobals())

describe('NotificationInbox (消息)', () => {
  test('lists notices, unread marked; opening one marks it read and goes to its item', async () => {
    const calls = serverWith([notice(2), notice(1, { isRead: true })])
    const router = renderRoutes(routes, '/user?tab=12')

    const first = await screen.findByRole('link', { name: /通知 2/ })
    expect(within(first).getByText('未读')).toBeTruthy()
    expect(within(screen.getByRole('link', { name: /通知 1/ })).queryByText('未读')).toBeNull()
    expect(screen.getByRole('button', { name: '未读 1' })).toBeTruthy()

    fireEvent.click(first)

    await screen.findByText('课程页')
    expect(router.state.location.pathname).toBe('/course/detail/2')
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/Member/notificationRead', body: { ids: [2] } }))
  })

  test('the unread filter lives in the URL and asks for unread notices', async () => {
    const calls = serverWith([notice(2), notice(1, { isRead: true })])
    const router = renderRoutes(routes, '/user?tab=12')

    fireEvent.click(await screen.findByRole('button', { name: '未读 1' }))

    await waitFor(() => expect(router.state.location.search).toBe('?tab=12&filter=unread'))
    await waitFor(() => expect(screen.queryByRole('link', { name: /通知 1/ })).toBeNull())
    expect(calls.some((call) => call.url === '/api/Member/notificationList' && call.body.filter === 'unread')).toBe(true)
  })

  test('marks all read', async () => {
    const calls = serverWith([notice(2), notice(1)])
    renderRoutes(routes, '/user?tab=12')

    await screen.findByRole('link', { name: /通知 2/ })
    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }))

    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/Member/notificationReadAll'))
    await waitFor(() => expect(within(screen.getByRole('list')).queryAllByText('未读')).toHaveLength(0))
  })

  test('deletes a notice after confirmation', async () => {
    const calls = serverWith([notice(2), notice(1)])
    renderRoutes(routes, '/user?tab=12')

    fireEvent.click(await screen.findByRole('button', { name: '删除消息：通知 2' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }))

    await waitFor(() => expect(screen.queryByRole('link', { name: /通知 2/ })).toBeNull())
    expect(calls).toContainEqual({ url: '/api/Member/notificationDelete', body: { ids: [2] } })
    expect(screen.getByRole('link', { name: /通知 1/ })).toBeTruthy()
  })

  test('an empty inbox says so', async () => {
    serverWith([])
    renderRoutes(routes, '/user?tab=12')
    expect(await screen.findByText('暂无消息，关注名师后，新课程、新视频会第一时间通知您')).toBeTruthy()
  })

  test('通知设置: switches per kind, per followed teacher, and the SMS opt-in save at once', async () => {
    const calls = serverWith([])
    const router = renderRoutes(routes, '/user?tab=12')

    fireEvent.click(await screen.findByRole('tab', { name: '通知设置' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=12&view=settings'))
    const sms = await screen.findByRole('switch', { name: /账号安全短信提醒/ })
    expect(screen.getByRole('switch', { name: /关注动态/ })).toHaveProperty('checked', true)
    expect(screen.getByRole('switch', { name: '王立新' })).toHaveProperty('checked', true)

    fireEvent.click(sms)

    await waitFor(() => expect(screen.getByRole('switch', { name: /账号安全短信提醒/ })).toHaveProperty('checked', true))
    expect(calls).toContainEqual({
      url: '/api/Member/notificationPreferenceSave',
      body: { items: [{ key: 'sms-account', enabled: true }] },
    })

    fireEvent.click(screen.getByRole('switch', { name: '王立新' }))
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/Member/notificationPreferenceSave',
        body: { items: [{ key: 'teacher:5', enabled: false }] },
      }),
    )
  })

  test('通知设置: without SMS notices on the site, the SMS switch is off and disabled, and says why', async () => {
    serverWith([], { smsAccount: true, smsAvailable: false })
    renderRoutes(routes, '/user?tab=12&view=settings')

    const sms = await screen.findByRole('switch', { name: /账号安全短信提醒/ })

    expect(sms).toHaveProperty('checked', false)
    expect(sms).toHaveProperty('disabled', true)
    expect(screen.getByText('站点未开通短信通知')).toBeTruthy()
  })
})
