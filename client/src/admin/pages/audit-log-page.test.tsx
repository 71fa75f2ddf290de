import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
})

const entry = (id: number, more: Record<string, unknown>) => ({
  id,
  staffId: 3,
  staffName: '内容编辑',
  action: 'Admin/teacherSave',
  entity: 'teacher',
  entityId: '7',
  summary: '',
  before: null,
  after: null,
  ip: '127.0.0.1',
  createdAt: '2026-11-27T01:00:00.000Z',
  ...more,
})

describe('the audit log page', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('shows each action and who did it in words, the code only as a detail', async () => {
    signIn()
    const rows = [
      entry(1, { actionText: '保存名师', summary: '修改名师「张三」' }),
      entry(2, {
        action: 'Admin/coursePublish',
        actionText: '发布课程',
        staffId: null,
        staffName: '定时任务',
        summary: '定时发布课程「甲」',
      }),
      entry(3, { action: 'Admin/memberRole', actionText: '修改会员角色', entity: 'member', summary: '将「小王」的角色由 会员 改为 编辑' }),
      entry(4, { action: 'cli:grant', staffId: null, staffName: '', summary: '授予角色' }),
    ]
    stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/auditList': { list: rows, total: rows.length, page: 1, limit: 20 },
    })
    renderAdmin('/admin/system/audit')

    const row = async (summary: string) => (await screen.findByText(summary)).closest('tr')!
    expect(within(await row('修改名师「张三」')).getByText('保存名师')).toBeTruthy()
    const scheduled = await row('定时发布课程「甲」')
    expect(within(scheduled).getByText('发布课程')).toBeTruthy()
    expect(within(scheduled).getByText('定时任务')).toBeTruthy()
    expect(within(await row('将「小王」的角色由 会员 改为 编辑')).getByText('修改会员角色')).toBeTruthy()
    // An action the server has no words for still shows; a row without a name is the system's.
    const cli = await row('授予角色')
    expect(within(cli).getByText('cli:grant')).toBeTruthy()
    expect(within(cli).getByText('系统')).toBeTruthy()
    expect(screen.queryByText('Admin/teacherSave')).toBeNull()

    fireEvent.click(within(await row('修改名师「张三」')).getByRole('button', { name: '查看变更' }))
    expect(await screen.findByText('Admin/teacherSave')).toBeTruthy()
  })
})
