import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import UserCenterPage from '../../../app/routes/user-center'
import { saveSession } from '../../../lib/session'
import { dismissToast, subscribeToasts } from '../../../lib/toast'
import { renderRoutes } from '../../../testing/render-routes'
import type { ReviewContributionItem, ReviewVideoItem } from '../api/review'
import { ReviewPanel } from './review-panel'

type Envelope = { code: number; msg: string; data: unknown }
type Handler = (body: Record<string, unknown>) => Envelope

const ok = (data: unknown): Envelope => ({ code: 200, msg: '操作成功', data })
const page = <T,>(list: T[], total = list.length) => ok({ list, total, page: 1, limit: 10 })

// Files of unapproved submissions come as signed, expiring URLs; they are shown exactly as given.
const SIGNED = '?expires=1795466400&sig=Zm9vYmFy'
const viewpoint: ReviewContributionItem = {
  id: 11,
  kind: 'viewpoint',
  kindText: '学术观点',
  title: '新时代干部教育的三点思考',
  content: '<p>第一，<strong>理论武装</strong>要走深走实。</p>',
  status: 'pending',
  statusText: '待审核',
  reviewNote: '',
  createdAt: '2026-11-20T02:30:00.000Z',
  reviewedAt: null,
  member: { nickname: '演示会员', member_no: 'M00000007' },
  attachments: [
    { id: 3, url: `/uploads/2026/11/20/a.png${SIGNED}`, kind: 'image', name: '课堂照片.png', size: 20480 },
    { id: 4, url: `/uploads/2026/11/20/b.pdf${SIGNED}`, kind: 'document', name: '讲稿.pdf', size: 2 * 1024 * 1024 },
  ],
  publishedId: null,
}
const activity: ReviewContributionItem = {
  ...viewpoint,
  id: 12,
  kind: 'activity',
  kindText: '教学活动',
  title: '红色教育基地现场教学',
  content: '<p>活动纪实</p>',
  member: null,
  attachments: [],
}
const video: ReviewVideoItem = {
  id: 31,
  title: '乡村振兴专题讲座',
  intro: '第一讲：产业振兴',
  cover_img: '/uploads/seed/video/v-31.jpg',
  videoUrl: `/uploads/2026/11/20/v.mp4${SIGNED}`,
  status: 'pending',
  statusText: '待审核',
  reviewNote: '',
  createdAt: '2026-11-19T08:00:00.000Z',
  reviewedAt: null,
  teacher: { id: 5, name: '王教授' },
  member: { nickname: '演示会员', member_no: 'M00000007' },
}

/** The server at the network boundary: one handler per action; every request is recorded. */
function server(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const action = url.replace('/api/', '')
    const handler = handlers[action]
    const body = handler ? handler(JSON.parse((init.body as string) || '{}') as Record<string, unknown>) : ok(null)
    return new Response(JSON.stringify(body), {
      status: body.code === 200 ? 200 : body.code,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  const calls = (action: string) =>
    fetch.mock.calls.filter(([url]) => url === `/api/${action}`).map(([, init]) => JSON.parse(init.body as string) as unknown)
  return { fetch, calls }
}

function renderPanel(url = '/user?tab=9') {
  saveSession({ token: 'admin-token', nickname: '平台管理员', memberNo: 'M00000002' }, false)
  return renderRoutes([{ path: '/user', element: <ReviewPanel page={1} onPageChange={() => undefined} /> }], url)
}

afterEach(() => {
  vi.unstubAllGlobals()
  // Toasts live in a module store for 3 seconds; one test's must not satisfy the next one's checks.
  subscribeToasts((toasts) => toasts.forEach((toast) => dismissToast(toast.id)))()
})

describe('ReviewPanel', () => {
  test('lists pending contributions with author, kind and counts, and previews content and attachments', async () => {
    const { calls, fetch } = server({
      'Member/reviewContributions': () => page([viewpoint, activity]),
      'Member/reviewVideos': () => page([video]),
    })
    renderPanel()

    const row = (await screen.findByRole('heading', { name: viewpoint.title })).closest('li')!
    expect(row.textContent).toContain('学术观点')
    expect(row.textContent).toContain('投稿人：演示会员（M00000007）')
    expect(row.textContent).toContain('待审核')
    expect(screen.getByText('待审核的投稿共 2 条')).toBeTruthy()
    // A deleted author is named as such rather than left blank.
    expect(screen.getByRole('heading', { name: activity.title }).closest('li')!.textContent).toContain('投稿人：已注销会员')
    // The sub-views carry their pending totals; the filter marks the current status.
    expect(screen.getByRole('link', { name: /投稿审核\s*2\s*条待审核/ }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: /视频审核\s*1\s*条待审核/ }).getAttribute('href')).toBe('/user?tab=9&view=video')
    expect(screen.getByRole('link', { name: '待审核' }).getAttribute('aria-current')).toBe('true')
    expect(screen.getByRole('link', { name: '已驳回' }).getAttribute('href')).toBe('/user?tab=9&status=rejected')
    expect(calls('Member/reviewContributions')).toContainEqual({ status: 'pending', page: 1, limit: 10 })
    expect(new Headers(fetch.mock.calls[0][1].headers).get('Authorization')).toBe('Bearer admin-token')

    // The preview is rendered only when opened.
    expect(within(row).queryByText('理论武装')).toBeNull()
    const toggle = within(row).getByRole('button', { name: '预览投稿' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(within(row).getByText('理论武装').tagName).toBe('STRONG')
    expect(within(row).getByRole('img', { name: '课堂照片.png' }).getAttribute('src')).toBe(`/uploads/2026/11/20/a.png${SIGNED}`)
    expect(
      within(row)
        .getByRole('link', { name: /讲稿\.pdf（2\.0 MB）/ })
        .getAttribute('href'),
    ).toBe(`/uploads/2026/11/20/b.pdf${SIGNED}`)
  })

  test('rejecting needs a reason of at most 200 characters, then sends it and refreshes the list', async () => {
    let decided = false
    const { calls } = server({
      'Member/reviewContributions': () => page(decided ? [activity] : [viewpoint, activity]),
      'Member/reviewVideos': () => page([]),
      'Member/reviewContribution': () => {
        decided = true
        return ok({ id: viewpoint.id, status: 'rejected', statusText: '已驳回', publishedId: null })
      },
    })
    renderPanel()

    fireEvent.click(await screen.findByRole('button', { name: `驳回「${viewpoint.title}」` }))
    const reason = screen.getByRole('textbox', { name: '驳回原因' })
    expect(document.activeElement).toBe(reason)
    expect(reason.getAttribute('maxlength')).toBe('200')
    fireEvent.change(reason, { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }))
    expect((await screen.findByRole('alert')).textContent).toBe('请填写驳回原因')
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(calls('Member/reviewContribution')).toEqual([])

    // Cancel closes the form and hands focus back to 驳回; nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: '取消' }))
    const reopen = screen.getByRole('button', { name: `驳回「${viewpoint.title}」` })
    await waitFor(() => expect(document.activeElement).toBe(reopen))
    fireEvent.click(reopen)

    fireEvent.change(screen.getByRole('textbox', { name: '驳回原因' }), { target: { value: '与投稿主题无关' } })
    expect(screen.getByText('7 / 200')).toBeTruthy()
    const before = calls('Member/reviewContributions').length
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }))

    expect(await screen.findByText('已驳回', { selector: '.toast *, .toast' })).toBeTruthy()
    expect(calls('Member/reviewContribution')).toEqual([{ id: viewpoint.id, approve: false, note: '与投稿主题无关' }])
    await waitFor(() => expect(document.querySelector('.rv-notice')?.textContent).toContain(`「${viewpoint.title}」已驳回`))
    expect(document.activeElement).toBe(document.querySelector('.rv-notice'))
    await waitFor(() => expect(screen.queryByRole('heading', { name: viewpoint.title })).toBeNull())
    expect(calls('Member/reviewContributions').length).toBeGreaterThan(before)
  })

  test('approving asks first, calls the API only after confirmation and links to the published article', async () => {
    let decided = false
    const { calls } = server({
      'Member/reviewContributions': () => page(decided ? [] : [viewpoint]),
      'Member/reviewVideos': () => page([]),
      'Member/reviewContribution': () => {
        decided = true
        return ok({ id: viewpoint.id, status: 'approved', statusText: '已通过', publishedId: 55 })
      },
    })
    renderPanel()
    const approve = await screen.findByRole('button', { name: `通过「${viewpoint.title}」` })

    fireEvent.click(approve)
    const dialog = await screen.findByRole('alertdialog', { name: '审核通过' })
    expect(dialog.textContent).toContain(`确定通过「${viewpoint.title}」吗？通过后将立即公开发布。`)
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls('Member/reviewContribution')).toEqual([])

    fireEvent.click(approve)
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '通过' }))

    await screen.findByText('审核通过，已发布')
    expect(calls('Member/reviewContribution')).toEqual([{ id: viewpoint.id, approve: true }])
    expect(screen.getByRole('link', { name: '查看发布的文章' }).getAttribute('href')).toBe('/article/detail/55')
    expect(await screen.findByText('暂无待审核的投稿')).toBeTruthy()
  })

  test('a refusal from the server keeps the row and its buttons and refreshes the list', async () => {
    const { calls } = server({
      'Member/reviewContributions': () => page([viewpoint]),
      'Member/reviewVideos': () => page([]),
      'Member/reviewContribution': () => ({ code: 400, msg: '该投稿已审核', data: null }),
    })
    renderPanel()
    fireEvent.click(await screen.findByRole('button', { name: `通过「${viewpoint.title}」` }))
    const before = calls('Member/reviewContributions').length
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '通过' }))

    expect(await screen.findByText('该投稿已审核')).toBeTruthy()
    await waitFor(() => expect(calls('Member/reviewContributions').length).toBeGreaterThan(before))
    expect(screen.queryByText('审核通过，已发布')).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: `通过「${viewpoint.title}」` }).hasAttribute('disabled')).toBe(false))
  })

  test('approved contributions open their published page: an activity on the schooling route', async () => {
    const approved = {
      ...activity,
      status: 'approved' as const,
      statusText: '已通过',
      reviewedAt: '2026-11-21T01:00:00.000Z',
      publishedId: 8,
    }
    const { calls } = server({
      'Member/reviewContributions': (body) => page(body.status === 'approved' ? [approved] : []),
      'Member/reviewVideos': () => page([]),
    })
    renderPanel('/user?tab=9&status=approved')

    const row = (await screen.findByRole('heading', { name: approved.title })).closest('li')!
    expect(within(row).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/schooling/detail/8')
    expect(within(row).queryByRole('button', { name: /通过|驳回/ })).toBeNull()
    expect(screen.getByText('已通过的投稿共 1 条')).toBeTruthy()
    expect(calls('Member/reviewContributions')).toContainEqual({ status: 'approved', page: 1, limit: 10 })
  })

  test('the video view shows the teacher, the cover and a player, and rejects with a reason', async () => {
    const { calls } = server({
      'Member/reviewContributions': () => page([]),
      'Member/reviewVideos': () => page([video]),
      'Member/reviewVideo': () => ok({ id: video.id, status: 'rejected', statusText: '已驳回' }),
    })
    renderPanel('/user?tab=9&view=video')

    const row = (await screen.findByRole('heading', { name: video.title })).closest('li')!
    expect(row.textContent).toContain('名师：王教授')
    expect(row.textContent).toContain('上传人：演示会员（M00000007）')
    expect(within(row).getByRole('img', { name: `${video.title}的封面` })).toBeTruthy()
    fireEvent.click(within(row).getByRole('button', { name: '预览视频' }))
    const player = row.querySelector('video')!
    fireEvent.click(within(row).getByRole('button', { name: `播放「${video.title}」` }))
    expect(player.hasAttribute('controls')).toBe(true)
    expect(player.getAttribute('src')).toBe(video.videoUrl)
    // The shared player shows the cover's responsive copy (a signed cover would be shown as it is).
    expect(player.getAttribute('poster')).toBe(`${video.cover_img}.w960.webp`)

    fireEvent.click(within(row).getByRole('button', { name: `驳回「${video.title}」` }))
    fireEvent.change(within(row).getByRole('textbox', { name: '驳回原因' }), { target: { value: '画面不清晰' } })
    fireEvent.click(within(row).getByRole('button', { name: '确认驳回' }))
    await waitFor(() => expect(calls('Member/reviewVideo')).toEqual([{ id: video.id, approve: false, note: '画面不清晰' }]))
    expect(calls('Member/reviewContribution')).toEqual([])
  })
})

describe('user centre tab 9', () => {
  const profile = { member_no: 'M1', nickname: '演示会员', phone: '13800138000', avatar: '', gender: 0 }
  const renderUserCenter = () => {
    saveSession({ token: 't', nickname: '演示会员', memberNo: 'M1' }, false)
    return renderRoutes([{ path: '/user', element: <UserCenterPage /> }], '/user?tab=9')
  }

  test('a member who is not staff sees the profile tab and no review request is made', async () => {
    const { calls } = server({
      'Member/getUserInfo': () => ok({ ...profile, role: 'member', isAdmin: false }),
      'Member/getNavigation': () => ok([{ id: 1, name: '个人资料' }]),
    })
    renderUserCenter()

    expect(await screen.findByRole('heading', { level: 2, name: '个人资料' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /内容审核/ })).toBeNull()
    expect(calls('Member/reviewContributions')).toEqual([])
  })

  test.each([
    ['admin', true],
    ['editor', false],
  ])('staff (%s) get the review panel and the tab with its pending count', async (role, isAdmin) => {
    server({
      'Member/getUserInfo': () => ok({ ...profile, role, isAdmin }),
      'Member/getNavigation': () =>
        ok([
          { id: 1, name: '个人资料' },
          { id: 9, key: 'review', name: '内容审核', count: 3 },
        ]),
      'Member/reviewContributions': () => page([viewpoint]),
      'Member/reviewVideos': () => page([]),
    })
    renderUserCenter()

    expect(await screen.findByRole('heading', { level: 2, name: '内容审核' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: viewpoint.title })).toBeTruthy()
    const tab = screen.getByRole('link', { name: /内容审核\s*3/ })
    expect(tab.getAttribute('aria-current')).toBe('page')
  })
})
