import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { callsTo, CONSOLE_TEST_TIMEOUT, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'
import type { QueuedComment } from './comment-page'

afterEach(() => {
  vi.unstubAllGlobals()
})

const queued = (id: number, more: Partial<QueuedComment> = {}): QueuedComment => ({
  id,
  entity: 'course',
  entityText: '课程',
  recordId: 5,
  itemTitle: '基层治理十讲',
  link: '/course/detail/5',
  isReply: false,
  content: `第 ${id} 条评论`,
  status: 'pending',
  statusText: '待审核',
  hideReason: '',
  reportCount: 0,
  reports: [],
  member: { id: 9, nickname: '演示会员', memberNo: 'M1' },
  createdAt: '2026-11-27T01:00:00.000Z',
  reviewedAt: null,
  ...more,
})
const page = (list: QueuedComment[]) => ({ list, total: list.length, page: 1, limit: 20 })

describe('the comment moderation page', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('lists the pending queue, approves one, hides another with a reason', async () => {
    signIn()
    const calls = stubServer({
      'Member/getUserInfo': userInfo('reviewer', '值班审核'),
      'Admin/commentSettings': { requireReview: true },
      'Admin/commentQueue': page([queued(1), queued(2)]),
      'Admin/commentApprove': { id: 1, status: 'published', statusText: '已发布' },
      'Admin/commentHide': { id: 2, status: 'hidden', statusText: '已隐藏', hideReason: '广告' },
    })
    renderAdmin('/admin/review/comment')

    const row = (await screen.findByText('第 1 条评论')).closest('tr')!
    expect(callsTo(calls, 'Admin/commentQueue')[0].body).toEqual({ tab: 'pending', page: 1, limit: 20 })
    expect(within(row).getByText('基层治理十讲')).toBeTruthy()
    // A reviewer sees the setting but only admins change it.
    const mode = screen.getByRole('switch')
    await waitFor(() => expect(mode.getAttribute('aria-checked')).toBe('true'))
    expect((mode as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(within(row).getByRole('button', { name: '通过「第 1 条评论」' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/commentApprove').map((call) => call.body)).toEqual([{ id: 1 }]))
    expect(await screen.findByText('已通过，评论已展示')).toBeTruthy()

    const other = screen.getByText('第 2 条评论').closest('tr')!
    fireEvent.click(within(other).getByRole('button', { name: '隐藏「第 2 条评论」' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: /隐\s*藏/ }))
    expect(await within(dialog).findByText('请填写隐藏原因')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('隐藏原因'), { target: { value: '广告' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /隐\s*藏/ }))
    await waitFor(() => expect(callsTo(calls, 'Admin/commentHide').map((call) => call.body)).toEqual([{ id: 2, reason: '广告' }]))
  })

  test('an admin switches review on; the reported tab asks for reported comments and shows the reasons', async () => {
    signIn()
    const calls = stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/commentSettings': { requireReview: false },
      'Admin/commentSettingsSave': (body: unknown) => body,
      'Admin/commentQueue': (body: unknown) =>
        (body as { tab: string }).tab === 'reported'
          ? page([
              queued(3, {
                status: 'published',
                statusText: '已发布',
                reportCount: 2,
                reports: [{ reason: '辱骂', createdAt: '2026-11-27T02:00:00.000Z' }],
              }),
            ])
          : page([]),
    })
    renderAdmin('/admin/review/comment')

    expect(await screen.findByText('没有待审核的评论')).toBeTruthy()
    const mode = screen.getByRole('switch')
    await waitFor(() => expect((mode as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(mode)
    await waitFor(() => expect(callsTo(calls, 'Admin/commentSettingsSave').map((call) => call.body)).toEqual([{ requireReview: true }]))
    expect(await screen.findByText('已开启：新评论审核通过后展示')).toBeTruthy()

    fireEvent.click(screen.getByRole('tab', { name: '被举报' }))
    const row = (await screen.findByText('第 3 条评论')).closest('tr')!
    expect(within(row).getByText('2 次')).toBeTruthy()
    expect(within(row).getByRole('button', { name: '通过「第 3 条评论」' }).textContent).toContain('保留')
    expect(callsTo(calls, 'Admin/commentQueue').at(-1)!.body).toEqual({ tab: 'reported', page: 1, limit: 20 })
  })
})
