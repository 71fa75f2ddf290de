import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { saveSession } from '../../../lib/session'
import { usePageParam } from '../../../lib/use-page-param'
import { renderRoutes } from '../../../testing/render-routes'
import { ContributionList } from '../../contribution/components/contribution-list'
import { VideoSubmitLink } from './video-submit-link'

const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data })

const video = (id: number, status: 'pending' | 'approved' | 'rejected', extra: object = {}) => ({
  id,
  title: `讲课视频 ${id}`,
  cover_img: '',
  videoUrl: `/uploads/2026/11/22/${id}.mp4`,
  status,
  statusText: { pending: '待审核', approved: '已通过', rejected: '未通过' }[status],
  reviewNote: '',
  reviewedAt: status === 'pending' ? null : '2026-11-23T03:00:00.000Z',
  createdAt: '2026-11-22T02:00:00.000Z',
  teacher: { id: 3, name: '王立新' },
  ...extra,
})

/** Member/myTeacherVideo at the network boundary: `pages` answers by the requested page. */
function serverAnswers(pages: Record<number, { list: unknown[]; total: number }>) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as { page: number; limit: number }
    if (url !== '/api/Member/myTeacherVideo') throw new Error(`unexpected request ${url}`)
    const page = pages[body.page] ?? { list: [], total: 0 }
    return new Response(JSON.stringify(ok({ ...page, page: body.page, limit: body.limit })), {
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function Tab() {
  const [page, setPage] = usePageParam()
  return <ContributionList page={page} onPageChange={setPage} />
}

const renderList = (url = '/user?tab=6&list=video') => renderRoutes([{ path: '/user', element: <Tab /> }], url)
const rowOf = (title: string) => screen.getByRole('listitem', { name: title })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ContributionList > 视频 (Member/myTeacherVideo)', () => {
  test("says how far each video's streaming copy is: waiting, the percent, done, or why it failed", async () => {
    serverAnswers({
      1: {
        list: [
          video(24, 'pending', { stream: { state: 'queued', percent: 0 } }),
          video(23, 'pending', { stream: { state: 'running', percent: 37 } }),
          video(22, 'pending', {
            stream: {
              state: 'ready',
              master: '/uploads/_signed/1/s/hls/1/a/master.m3u8',
              poster: '',
              duration: 4,
              width: 640,
              height: 360,
              renditions: [],
            },
          }),
          video(21, 'pending', { stream: { state: 'failed', reason: '视频文件不完整' } }),
          video(20, 'pending', { stream: null }),
        ],
        total: 5,
      },
    })
    renderList()
    await screen.findByText('讲课视频 24')
    expect(within(rowOf('讲课视频 24')).getByText('等待转码')).toBeTruthy()
    expect(within(rowOf('讲课视频 23')).getByText('转码中 37%')).toBeTruthy()
    expect(within(rowOf('讲课视频 22')).getByText('转码完成')).toBeTruthy()
    expect(within(rowOf('讲课视频 21')).getByText('转码失败：视频文件不完整')).toBeTruthy()
    expect(rowOf('讲课视频 20').textContent).not.toMatch(/转码/)
  })

  test('shows each video with its teacher, status, the note of a rejection and 查看 once approved', async () => {
    const fetch = serverAnswers({
      1: {
        list: [
          video(12, 'pending'),
          video(11, 'approved', { cover_img: '/uploads/2026/11/22/c.png', reviewNote: '内容充实' }),
          video(10, 'rejected', { reviewNote: '画面不清晰，请重新录制' }),
        ],
        total: 3,
      },
    })
    renderList()

    const pending = await screen.findByRole('listitem', { name: '讲课视频 12' })
    expect(within(pending).getByText('待审核').className).toBe('uc-status uc-status--pending')
    expect(within(pending).getByRole('link', { name: '王立新' }).getAttribute('href')).toBe('/teacher/detail/3')
    expect(within(pending).queryByRole('link', { name: /查看/ })).toBeNull()
    expect(within(pending).queryByText(/审核意见/)).toBeNull()
    expect(within(pending).getByText('投稿于 2026-11-22')).toBeTruthy()

    const approved = rowOf('讲课视频 11')
    expect(within(approved).getByText('已通过').className).toBe('uc-status uc-status--approved')
    expect(within(approved).getByRole('link', { name: '查看视频：讲课视频 11' }).getAttribute('href')).toBe('/teacher/video/11')
    expect(within(approved).getByRole('img', { name: '讲课视频 11的封面' }).getAttribute('src')).toBe('/uploads/2026/11/22/c.png')
    // A note on an approval is for the record; members read notes that ask them to change something.
    expect(within(approved).queryByText(/内容充实/)).toBeNull()

    const rejected = rowOf('讲课视频 10')
    expect(within(rejected).getByText('未通过').className).toBe('uc-status uc-status--rejected')
    expect(within(rejected).getByText('审核意见：画面不清晰，请重新录制')).toBeTruthy()
    expect(within(rejected).queryByRole('link', { name: /查看/ })).toBeNull()

    expect(JSON.parse(fetch.mock.calls[0][1].body as string)).toEqual({ page: 1, limit: 10 })
    const lists = screen.getByRole('navigation', { name: '投稿分类' })
    expect(within(lists).getByRole('link', { name: '视频' }).getAttribute('aria-current')).toBe('page')
    expect(within(lists).getByRole('link', { name: '文章' }).getAttribute('href')).toBe('/user?tab=6')
  })

  test('pages through the videos with ?page=', async () => {
    const fetch = serverAnswers({
      1: { list: Array.from({ length: 10 }, (_, i) => video(30 - i, 'pending')), total: 12 },
      2: { list: [video(20, 'approved'), video(19, 'pending')], total: 12 },
    })
    const router = renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=6&list=video')
    await screen.findByRole('listitem', { name: '讲课视频 30' })
    expect(screen.getByText('共 12 条')).toBeTruthy()

    fireEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' }))
    await screen.findByRole('listitem', { name: '讲课视频 19' })
    expect(router.state.location.search).toBe('?tab=6&list=video&page=2')
    expect(screen.getAllByRole('listitem').filter((item) => item.classList.contains('vt-item'))).toHaveLength(2)
    expect(JSON.parse(fetch.mock.calls.at(-1)![1].body as string)).toEqual({ page: 2, limit: 10 })
  })

  test('with no videos, offers to submit one', async () => {
    serverAnswers({})
    renderList()
    expect(await screen.findByText('您还没有投稿讲课视频')).toBeTruthy()
    expect(screen.getByRole('link', { name: '投稿讲课视频' }).getAttribute('href')).toBe('/user?tab=7&submit=video')
  })

  test('a failed request offers a retry', async () => {
    let calls = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1
        const body =
          calls === 1
            ? { code: 500, msg: '服务器繁忙，请稍后再试', data: null }
            : ok({ list: [video(5, 'pending')], total: 1, page: 1, limit: 10 })
        return new Response(JSON.stringify(body), { status: calls === 1 ? 500 : 200, headers: { 'Content-Type': 'application/json' } })
      }),
    )
    renderList()
    expect(await screen.findByText('服务器繁忙，请稍后再试', { selector: '.state span' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }))
    await waitFor(() => expect(screen.getByRole('listitem', { name: '讲课视频 5' })).toBeTruthy())
  })
})

describe('VideoSubmitLink (teacher page)', () => {
  const renderLink = () => renderRoutes([{ path: '/teacher/detail/:id', element: <VideoSubmitLink teacherId={7} /> }], '/teacher/detail/7')

  test('sends visitors through the login page back to the video form for this teacher', () => {
    renderLink()
    expect(screen.getByRole('link', { name: '投稿讲课视频' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/user?tab=7&teacherId=7&submit=video')}`,
    )
  })

  test('takes members straight to the form', () => {
    saveSession({ token: 'jwt-abc', nickname: '张老师', memberNo: 'M00000001' }, false)
    renderLink()
    expect(screen.getByRole('link', { name: '投稿讲课视频' }).getAttribute('href')).toBe('/user?tab=7&teacherId=7&submit=video')
  })
})
