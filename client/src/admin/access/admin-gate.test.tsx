import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, callsTo, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
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

describe('the console gate', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('sends a visitor to the login page and back to the console afterwards', async () => {
    const calls = stubServer({})
    const router = renderAdmin('/admin/teacher?page=2')
    await screen.findByText('登录页')
    expect(router.state.location.pathname).toBe('/login')
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin/teacher?page=2')
    expect(calls).toEqual([])
  })

  test('shows a member without a staff role a 403 page with a way home, and loads nothing else', async () => {
    signIn('普通会员')
    const calls = stubServer({ 'Member/getUserInfo': userInfo('member', '普通会员') })
    renderAdmin('/admin')
    expect(await screen.findByText('抱歉，您的账号没有管理后台的权限。如需开通，请联系平台管理员。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
    expect(calls.map((call) => call.action)).toEqual(['Member/getUserInfo'])
  })

  test('gives an admin every menu group, with the nickname and role in the header', async () => {
    signIn()
    stubServer({ 'Member/getUserInfo': userInfo('admin'), 'Admin/dashboard': dashboard })
    renderAdmin('/admin')
    const menu = await screen.findByRole('menu', { name: '管理后台导航' })
    for (const item of ['工作台', '内容管理', '审核', '会员管理', '预约管理', '媒体库', '系统'])
      expect(within(menu).getByText(item)).toBeTruthy()
    expect(screen.getByText('平台管理员')).toBeTruthy()
    expect(screen.getByText('管理员')).toBeTruthy()
    expect(screen.getByRole('link', { name: /返回前台/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /退出登录/ })).toBeTruthy()
  })

  test('hides admin-only pages from an editor, who gets a 403 page at their address', async () => {
    signIn('内容编辑')
    const calls = stubServer({ 'Member/getUserInfo': userInfo('editor', '内容编辑'), 'Admin/dashboard': dashboard })
    renderAdmin('/admin/member')
    expect(await screen.findByText('抱歉，此页面仅限管理员访问。')).toBeTruthy()
    const menu = screen.getByRole('menu', { name: '管理后台导航' })
    expect(within(menu).queryByText('会员管理')).toBeNull()
    expect(within(menu).queryByText('系统')).toBeNull()
    expect(within(menu).getByText('内容管理')).toBeTruthy()
    expect(screen.getByText('编辑')).toBeTruthy()
    // The member list is never asked for.
    await waitFor(() => expect(callsTo(calls, 'Admin/memberList')).toEqual([]))
  })
})
