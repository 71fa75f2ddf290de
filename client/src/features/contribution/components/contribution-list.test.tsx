import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { usePageParam } from '../../../lib/use-page-param'
import { renderRoutes } from '../../../testing/render-routes'
import { ContributionList } from './contribution-list'

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { headers: { 'Content-Type': 'application/json' } })

const article = (id: number, status: string, statusText: string, reviewNote = '') => ({
  id,
  kind: 'viewpoint',
  kindText: '学术观点',
  title: `投稿 ${id}`,
  status,
  statusText,
  reviewNote,
  reviewedAt: '2026-11-23T03:00:00.000Z',
  createdAt: '2026-11-22T02:00:00.000Z',
})

/** My lists at the network boundary: articles and videos, one taken down each. */
function serverAnswers() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/Member/myContribution') {
        const list = [article(2, 'withdrawn', '已下架', '内容涉及不实信息'), article(1, 'rejected', '未通过', '与主题无关')]
        return ok({ list, total: 2, page: 1, limit: 10 })
      }
      if (url === '/api/Member/myTeacherVideo') {
        const video = {
          id: 5,
          title: '讲课视频 5',
          cover_img: '',
          videoUrl: '/uploads/2026/11/22/5.mp4',
          status: 'withdrawn',
          statusText: '已下架',
          reviewNote: '视频与名师无关',
          reviewedAt: '2026-11-23T03:00:00.000Z',
          createdAt: '2026-11-22T02:00:00.000Z',
          teacher: { id: 3, name: '王立新' },
        }
        return ok({ list: [video], total: 1, page: 1, limit: 10 })
      }
      throw new Error(`unexpected request ${url}`)
    }),
  )
}

function Tab() {
  const [page, setPage] = usePageParam()
  return <ContributionList page={page} onPageChange={setPage} />
}

afterEach(() => vi.unstubAllGlobals())

describe('ContributionList: content taken down by staff', () => {
  test('an article reads 已下架 with the reason (下架原因), a rejection keeps its 审核意见', async () => {
    serverAnswers()
    renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=6')

    const withdrawn = await screen.findByRole('button', { name: /投稿 2/ })
    expect(within(withdrawn).getByText('已下架').className).toBe('uc-status uc-status--withdrawn')
    expect(within(withdrawn).getByText('下架原因：内容涉及不实信息')).toBeTruthy()
    expect(within(screen.getByRole('button', { name: /投稿 1/ })).getByText('审核意见：与主题无关')).toBeTruthy()
  })

  test('a video reads 已下架 with the reason', async () => {
    serverAnswers()
    renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=6&list=video')

    const row = await screen.findByRole('listitem', { name: '讲课视频 5' })
    expect(within(row).getByText('已下架').className).toBe('uc-status uc-status--withdrawn')
    expect(within(row).getByText('下架原因：视频与名师无关')).toBeTruthy()
    expect(within(row).queryByRole('link', { name: /查看视频/ })).toBeNull()
  })
})
