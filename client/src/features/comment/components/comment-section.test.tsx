import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { CommentPage } from '../../../../../common/api/comment'
import { saveSession } from '../../../lib/session'
import { renderRoutes } from '../../../testing/render-routes'
import { CommentSection } from './comment-section'

const at = '2026-11-20T08:30:00.000Z'
const page = (overrides: Partial<CommentPage> = {}): CommentPage => ({
  list: [
    {
      id: 1,
      content: '讲得很好，笔记在 https://example.org/notes 可以看',
      createdAt: at,
      author: { nickname: '爱丽丝' },
      replies: [{ id: 2, content: '谢谢分享', createdAt: at, author: { nickname: '小波' }, replyTo: null }],
      replyCount: 1,
    },
  ],
  total: 1,
  page: 1,
  limit: 10,
  count: 2,
  ownIds: [],
  ownPending: [],
  ...overrides,
})

type Envelope = { code: number; msg: string; data: unknown }

/** Answers each API path with its envelope (a function gets the request body); records every call. */
function server(routes: Record<string, Envelope | ((body: Record<string, unknown>) => Envelope)>) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '')
    const route = routes[path]
    const body =
      typeof route === 'function'
        ? route(JSON.parse(init.body as string) as Record<string, unknown>)
        : (route ?? { code: 404, msg: '接口不存在', data: null })
    return new Response(JSON.stringify(body), { status: body.code === 200 ? 200 : body.code })
  })
  vi.stubGlobal('fetch', fetch)
  const callsTo = (path: string) =>
    fetch.mock.calls.filter(([url]) => url === `/api/${path}`).map(([, init]) => JSON.parse(init.body as string) as Record<string, unknown>)
  return { fetch, callsTo }
}
const ok = (data: unknown): Envelope => ({ code: 200, msg: '操作成功', data })

function renderSection() {
  return renderRoutes(
    [
      { path: '/course/detail/:id', element: <CommentSection entity="course" recordId={7} /> },
      { path: '/login', element: <p>登录页</p> },
    ],
    '/course/detail/7',
  )
}
const signIn = () => saveSession({ token: 't', nickname: '爱丽丝', memberNo: 'M1' }, false)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('CommentSection', () => {
  test('a visitor reads comments and replies, links marked as user content, and is asked to log in', async () => {
    const { callsTo } = server({ 'Course/commentList': ok(page()) })
    const router = renderSection()

    expect(await screen.findByText('谢谢分享')).toBeTruthy()
    expect(callsTo('Course/commentList')).toEqual([{ entity: 'course', recordId: 7, page: 1, limit: 10 }])
    expect(screen.getByText('共 2 条')).toBeTruthy()
    const link = screen.getByRole('link', { name: 'https://example.org/notes' })
    expect(link.getAttribute('rel')).toBe('ugc nofollow noopener')
    expect(screen.queryByRole('button', { name: '回复' })).toBeNull()
    expect(screen.queryByRole('button', { name: '举报' })).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()

    fireEvent.click(screen.getByRole('link', { name: '登录' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/course/detail/7')}`)
  })

  test('says so when there are no comments yet', async () => {
    server({ 'Course/commentList': ok(page({ list: [], total: 0, count: 0 })) })
    renderSection()
    expect(await screen.findByText('暂无评论，快来发表第一条评论吧')).toBeTruthy()
  })

  test('a member writes with a live counter; empty text is refused before any call; a held comment says it waits', async () => {
    signIn()
    const { callsTo } = server({
      'Course/commentList': ok(page()),
      'Member/addComment': ok({ id: 9, status: 'pending', message: '评论已提交，审核通过后展示' }),
    })
    renderSection()
    const box = await screen.findByPlaceholderText('写下你的评论，友善交流')

    fireEvent.click(screen.getByRole('button', { name: '发表评论' }))
    expect((await screen.findByRole('alert')).textContent).toBe('请输入评论内容')
    expect(callsTo('Member/addComment')).toEqual([])

    fireEvent.change(box, { target: { value: '  很有启发  ' } })
    expect(screen.getByText('4/500')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }))

    expect((await screen.findByText('评论已提交，审核通过后展示')).className).toBe('comment-pending')
    expect(callsTo('Member/addComment')).toEqual([{ entity: 'course', recordId: 7, content: '很有启发' }])
    expect((box as HTMLTextAreaElement).value).toBe('')
  })

  test('marks text over the limit and does not send it', async () => {
    signIn()
    const { callsTo } = server({ 'Course/commentList': ok(page()) })
    renderSection()
    const box = await screen.findByPlaceholderText('写下你的评论，友善交流')
    fireEvent.change(box, { target: { value: '长'.repeat(501) } })
    expect(screen.getByText('501/500').className).toContain('is-over')
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }))
    expect((await screen.findByRole('alert')).textContent).toBe('评论最多 500 个字')
    expect(callsTo('Member/addComment')).toEqual([])
  })

  test('a reply to a reply names the member answered and sends that comment as parent', async () => {
    signIn()
    const { callsTo } = server({
      'Course/commentList': ok(page()),
      'Member/addComment': ok({ id: 10, status: 'published', message: '评论成功' }),
    })
    renderSection()
    const reply = (await screen.findByText('谢谢分享')).closest('li')!
    fireEvent.click(within(reply).getByRole('button', { name: '回复' }))
    const box = screen.getByPlaceholderText('回复 @小波')
    fireEvent.change(box, { target: { value: '不客气' } })
    fireEvent.click(within(box.closest('form')!).getByRole('button', { name: '回复' }))

    expect(await screen.findByText('评论成功')).toBeTruthy()
    expect(callsTo('Member/addComment')).toEqual([{ entity: 'course', recordId: 7, content: '不客气', parentId: 2 }])
    expect(screen.queryByPlaceholderText('回复 @小波')).toBeNull()
  })

  test('a member deletes their own comment after confirming, and reports another with a reason', async () => {
    signIn()
    const { callsTo } = server({
      'Course/commentList': ok(page({ ownIds: [1] })),
      'Member/deleteComment': ok(null),
      'Member/reportComment': ok({ message: '举报已提交，我们会尽快处理' }),
    })
    renderSection()
    const own = (await screen.findByText(/讲得很好/)).closest('li')!
    const other = screen.getByText('谢谢分享').closest('li')!
    expect(within(other).queryByRole('button', { name: '删除' })).toBeNull()

    fireEvent.click(within(other).getByRole('button', { name: '举报' }))
    const dialog = await screen.findByRole('dialog', { name: '举报评论' })
    fireEvent.click(within(dialog).getByRole('button', { name: '提交举报' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('请填写举报原因')
    fireEvent.click(within(dialog).getByRole('button', { name: '广告或垃圾信息' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '提交举报' }))
    expect(await screen.findByText('举报已提交，我们会尽快处理')).toBeTruthy()
    expect(callsTo('Member/reportComment')).toEqual([{ id: 2, reason: '广告或垃圾信息' }])

    const deleteButton = Array.from(own.querySelectorAll(':scope > .comment__main > .comment__actions button')).find(
      (button) => button.textContent === '删除',
    )!
    fireEvent.click(deleteButton)
    const confirm = await screen.findByRole('alertdialog', { name: '删除评论' })
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }))
    await waitFor(() => expect(callsTo('Member/deleteComment')).toEqual([{ id: 1 }]))
  })

  test('the author sees their own held comment and reply with 审核中 after a reload, and may delete them', async () => {
    signIn()
    const held = { createdAt: at, author: { nickname: '爱丽丝' }, replyTo: null, status: 'pending' as const }
    const { callsTo } = server({
      'Course/commentList': ok(
        page({
          ownPending: [
            { ...held, id: 12, parentId: 1, content: '我的待审核回复' },
            { ...held, id: 11, parentId: null, content: '我的待审核评论' },
          ],
        }),
      ),
      'Member/deleteComment': ok(null),
    })
    renderSection()

    const top = (await screen.findByText('我的待审核评论')).closest('li')!
    expect(within(top).getByText('审核中')).toBeTruthy()
    expect(within(top).queryByRole('button', { name: '回复' })).toBeNull()
    expect(within(top).queryByRole('button', { name: '举报' })).toBeNull()
    // Above the published comments, and the reply under the comment it answers.
    expect(top.parentElement!.firstElementChild).toBe(top)
    const reply = screen.getByText('我的待审核回复').closest('li')!
    expect(within(reply).getByText('审核中')).toBeTruthy()
    expect(
      screen
        .getByText(/讲得很好/)
        .closest('li.comment')!
        .contains(reply),
    ).toBe(true)
    expect(screen.getAllByText('审核中')).toHaveLength(2)
    expect(screen.getByText('共 2 条')).toBeTruthy()

    fireEvent.click(within(top).getByRole('button', { name: '删除' }))
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: '删除评论' })).getByRole('button', { name: '删除' }))
    await waitFor(() => expect(callsTo('Member/deleteComment')).toEqual([{ id: 11 }]))
  })

  test('nobody else sees a 审核中 tag', async () => {
    server({ 'Course/commentList': ok(page()) })
    renderSection()
    expect(await screen.findByText('谢谢分享')).toBeTruthy()
    expect(screen.queryByText('审核中')).toBeNull()
  })
})
