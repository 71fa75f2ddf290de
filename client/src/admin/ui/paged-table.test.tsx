import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, callsTo, refuse, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
})

const member = (id: number) => ({
  id,
  member_no: `M2026${String(id).padStart(4, '0')}`,
  nickname: `会员${id}`,
  phone: '138****8000',
  role: 'member',
  roleText: '会员',
  disabledAt: null,
  deletedAt: null,
  createdAt: '2026-11-01T02:00:00.000Z',
})

describe('PagedTable: the paged lists of the people and moderation pages', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('asks for the page and size the address names, and counts in the list’s unit', async () => {
    signIn()
    const calls = stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/memberList': { list: [member(51), member(52)], total: 52, page: 2, limit: 50 },
    })
    renderAdmin('/admin/member?page=2&size=50')
    expect(await screen.findByText('会员51')).toBeTruthy()
    expect(callsTo(calls, 'Admin/memberList')[0].body).toEqual({ page: 2, limit: 50 })
    expect(screen.getByText('共 52 位会员')).toBeTruthy()
    expect(screen.getByText('50 条/页')).toBeTruthy()
  })

  test('a size that is not offered falls back to the page’s own, and a failed list says why', async () => {
    signIn()
    const calls = stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/contributionList': refuse(500, '服务器繁忙，请稍后再试'),
    })
    renderAdmin('/admin/review/contribution?size=7')
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeTruthy()
    await waitFor(() => expect(callsTo(calls, 'Admin/contributionList')[0]?.body).toMatchObject({ page: 1, limit: 10 }))
  })
})
