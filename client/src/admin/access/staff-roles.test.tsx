// The console shows each role only what the server lets it do (common/staff-roles.ts): an editor
// gets no 发布/下线/删除 and no bulk actions, a reviewer no content menu, an admin the 员工账号 page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, callsTo, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
})

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, limit: 20 })
const teacher = (id: number, name: string, extra: object = {}) => ({
  id,
  slug: `t-${id}`,
  name,
  category: 'economy',
  title: '教授',
  photo: '/uploads/images/t.jpg',
  intro: '',
  isRecommended: false,
  isHot: false,
  isPublished: true,
  state: 'published',
  publishAt: null,
  unpublishAt: null,
  sort: 0,
  views: 0,
  tags: [],
  createdAt: '2026-01-05T08:00:00.000Z',
  ...extra,
})
const dashboard = {
  members: 3,
  registrations: [],
  pendingReviews: { contributions: 0, videos: 0 },
  openBookings: 0,
  newBookings: 0,
  topTeachers: [],
  topCourses: [],
}

function openConsoleAs(role: string, answers: Record<string, unknown>) {
  signIn('值班员工')
  return stubServer({
    'Member/getUserInfo': { ...userInfo('editor', '值班员工'), role, isAdmin: role === 'admin' },
    'Admin/dashboard': dashboard,
    'Admin/teacherCategoryList': page([{ id: 1, slug: 'economy', name: '经济', sort: 0 }]),
    'Admin/tagList': page([]),
    ...answers,
  })
}

describe('what each role sees', { timeout: CONSOLE_TEST_TIMEOUT * 4 }, () => {
  test('an editor edits content but sees no 发布, 下线, 定时发布, 删除 or bulk actions', async () => {
    const zhang = teacher(7, '张三')
    const draft = teacher(8, '李四', { isPublished: false, state: 'draft' })
    const calls = openConsoleAs('editor', {
      'Admin/teacherList': page([zhang, draft]),
      'Admin/teacherGet': { ...draft, content: '' },
    })
    const router = renderAdmin('/admin/teacher')
    await screen.findByText('张三', undefined, { timeout: 60_000 })

    expect(screen.getByRole('button', { name: '编辑「张三」' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '下线「张三」' })).toBeNull()
    expect(screen.queryByRole('button', { name: '发布「李四」' })).toBeNull()
    expect(screen.queryByRole('button', { name: '删除「张三」' })).toBeNull()
    expect(screen.queryAllByRole('checkbox')).toEqual([])
    expect(screen.getByRole('button', { name: /新建名师/ })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '更多操作「李四」' }))
    expect(await screen.findByText('历史版本', { selector: '.ant-dropdown-menu-title-content' })).toBeTruthy()
    expect(screen.queryByText('定时发布', { selector: '.ant-dropdown-menu-title-content' })).toBeNull()

    void router.navigate('/admin/teacher?edit=8')
    const drawer = await screen.findByRole('dialog')
    await within(drawer).findByRole('button', { name: /历史版本/ })
    expect(within(drawer).queryByRole('button', { name: /^发\s?布$/ })).toBeNull()
    expect(within(drawer).queryByRole('button', { name: /定时发布/ })).toBeNull()
    expect(callsTo(calls, 'Admin/teacherPublish')).toEqual([])

    const menu = screen.getByRole('menu', { name: '管理后台导航' })
    expect(within(menu).queryByText('员工账号')).toBeNull()
  })

  test('a reviewer gets the review queues but no content menu, and a 403 page at a content address', async () => {
    const calls = openConsoleAs('reviewer', { 'Admin/teacherList': page([]) })
    renderAdmin('/admin/teacher')
    expect(await screen.findByText('抱歉，审核员不能访问此页面。')).toBeTruthy()
    const menu = screen.getByRole('menu', { name: '管理后台导航' })
    expect(within(menu).getByText('审核')).toBeTruthy()
    expect(within(menu).queryByText('内容管理')).toBeNull()
    expect(within(menu).queryByText('媒体库')).toBeNull()
    expect(screen.getByText('审核员')).toBeTruthy()
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherList')).toEqual([]))
  })

  test('an admin lists staff with role tags and invites one: the first password is shown once', async () => {
    const staff = (id: number, nickname: string, role: string, roleText: string, extra: object = {}) => ({
      id,
      member_no: `M0000000${id}`,
      nickname,
      phone: '139****0000',
      role,
      roleText,
      disabledAt: null,
      createdAt: '2026-01-05T08:00:00.000Z',
      lastLoginAt: null,
      ...extra,
    })
    const calls = openConsoleAs('admin', {
      'Admin/staffList': page([
        staff(2, '小审', 'reviewer', '审核员'),
        staff(3, '小发', 'publisher', '发布员', { disabledAt: '2026-02-01T00:00:00.000Z' }),
      ]),
      'Admin/staffCreate': { ...staff(4, '新编辑', 'editor', '编辑'), password: 'abc234XYZ789', message: '已创建' },
    })
    renderAdmin('/admin/staff')
    await screen.findByText('小审', undefined, { timeout: 60_000 })
    const row = (name: string) => screen.getByText(name).closest('tr')!
    expect(within(row('小审')).getByText('审核员')).toBeTruthy()
    expect(within(row('小发')).getByText('已停用')).toBeTruthy()
    expect(within(row('小发')).getByRole('button', { name: '启用「小发」' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /邀请员工/ }))
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13900001111' } })
    fireEvent.change(screen.getByLabelText('昵称'), { target: { value: '新编辑' } })
    fireEvent.click(screen.getByRole('button', { name: '创建账号' }))

    await waitFor(() =>
      expect(callsTo(calls, 'Admin/staffCreate')[0]?.body).toEqual({ phone: '13900001111', nickname: '新编辑', role: 'editor' }),
    )
    expect(await screen.findByText('abc234XYZ789')).toBeTruthy()
    expect(screen.getByText(/初始密码只显示这一次/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '我已记下' }))
    // The list is asked for again, with the new account in it.
    await waitFor(() => expect(callsTo(calls, 'Admin/staffList').length).toBeGreaterThan(1))
  })
})
