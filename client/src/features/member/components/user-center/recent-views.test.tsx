import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { usePageParam } from '../../../../lib/use-page-param'
import { renderRoutes } from '../../../../testing/render-routes'
import { RecentViews } from './recent-views'

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { headers: { 'Content-Type': 'application/json' } })

type Item = { entity: 'teacher' | 'course' | 'special'; id: number; title: string }
const view = ({ entity, id, title }: Item) => ({
  entity,
  entityText: { teacher: '名师', course: '课程', special: '专题' }[entity],
  id,
  title,
  cover_img: '',
  subtitle: entity === 'course' ? '主讲：王老师' : '',
  link: `/${entity === 'special' ? 'subject' : entity}/detail/${id}`,
  viewedAt: '2026-11-27T02:30:00.000Z',
})

/** Member/recentViewList and recentViewClear at the network boundary; records the clear calls. */
function serverWith(items: Item[]) {
  let stored = [...items]
  const clears: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { entity?: string; id?: number; page?: number; limit?: number }
      if (url === '/api/Member/recentViewClear') {
        clears.push(body)
        const before = stored.length
        stored = body.entity ? stored.filter((item) => !(item.entity === body.entity && item.id === body.id)) : []
        return ok({ cleared: before - stored.length })
      }
      if (url !== '/api/Member/recentViewList') throw new Error(`unexpected request ${url}`)
      return ok({ list: stored.map(view), total: stored.length, page: body.page, limit: body.limit })
    }),
  )
  return clears
}

function Tab() {
  const [page, setPage] = usePageParam()
  return <RecentViews page={page} onPageChange={setPage} />
}

afterEach(() => vi.unstubAllGlobals())

describe('RecentViews (我的足迹)', () => {
  test('each footprint opens its page, and one can be removed', async () => {
    const clears = serverWith([
      { entity: 'course', id: 7, title: '数字经济十讲' },
      { entity: 'teacher', id: 3, title: '王立新' },
      { entity: 'special', id: 2, title: '教育数字化' },
    ])
    renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=13')

    const course = await screen.findByRole('link', { name: /数字经济十讲/ })
    expect(course.getAttribute('href')).toBe('/course/detail/7')
    expect(course.textContent).toContain('主讲：王老师')
    expect(screen.getByRole('link', { name: /教育数字化/ }).getAttribute('href')).toBe('/subject/detail/2')
    expect(screen.getByText('共 3 条足迹')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '删除足迹「王立新」' }))

    await waitFor(() => expect(screen.queryByRole('link', { name: /王立新/ })).toBeNull())
    expect(clears).toEqual([{ entity: 'teacher', id: 3 }])
    expect(screen.getByText('共 2 条足迹')).toBeTruthy()
  })

  test('says what the tab is for when empty', async () => {
    serverWith([])
    renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=13')

    expect(await screen.findByText('还没有足迹，打开过的名师、课程和专题会显示在这里')).toBeTruthy()
  })
})
