import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { usePageParam } from '../../../lib/use-page-param'
import { renderRoutes } from '../../../testing/render-routes'
import { ReleaseList } from './release-list'

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { headers: { 'Content-Type': 'application/json' } })

const release = (id: number, kind: 'viewpoint' | 'activity') => ({
  id,
  kind,
  kindText: kind === 'viewpoint' ? '学术观点' : '教学活动',
  title: `已发布 ${id}`,
  cover_img: '',
  intro: `简介 ${id}`,
  views: id * 3,
  contributionId: 100 + id,
  publishedAt: '2026-11-23T03:00:00.000Z',
})

/** Member/myRelease at the network boundary: `total` published items, 10 a page; records the pages asked for. */
function serverWith(total: number) {
  const pages: number[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/Member/myRelease') throw new Error(`unexpected request ${url}`)
      const { page, limit } = JSON.parse(init.body as string) as { page: number; limit: number }
      pages.push(page)
      const ids = Array.from({ length: total }, (_, i) => total - i).slice((page - 1) * limit, page * limit)
      return ok({ list: ids.map((id) => release(id, id % 2 ? 'activity' : 'viewpoint')), total, page, limit })
    }),
  )
  return pages
}

function Tab() {
  const [page, setPage] = usePageParam()
  return <ReleaseList page={page} onPageChange={setPage} />
}

afterEach(() => vi.unstubAllGlobals())

describe('ReleaseList (我的发布)', () => {
  test('each published item opens its public page: a viewpoint as an article, an activity under 教学活动', async () => {
    serverWith(2)
    renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=10')

    const article = await screen.findByRole('link', { name: /已发布 2/ })
    expect(article.getAttribute('href')).toBe('/article/detail/2')
    expect(article.textContent).toContain('学术观点')
    expect(article.textContent).toContain('浏览 6')
    expect(screen.getByRole('link', { name: /已发布 1/ }).getAttribute('href')).toBe('/schooling/detail/1')
    expect(screen.getByText('共 2 篇已发布')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull()
  })

  test('pages like 我的投稿: ten a page, the next page asked for with page 2', async () => {
    const pages = serverWith(13)
    const router = renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=10')

    await screen.findByRole('link', { name: /已发布 13/ })
    expect(screen.getAllByRole('listitem')).toHaveLength(10)
    fireEvent.click(screen.getByRole('button', { name: '2' }))

    await screen.findByRole('link', { name: /已发布 3/ })
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    expect(router.state.location.search).toBe('?tab=10&page=2')
    expect(pages).toEqual([1, 2])
  })

  test('nothing published yet: says so and offers 我要投稿', async () => {
    serverWith(0)
    renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=10')

    expect(await screen.findByText('您还没有已发布的内容，投稿审核通过后会显示在这里')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('link', { name: '我要投稿' }).getAttribute('href')).toBe('/user?tab=7'))
  })
})
