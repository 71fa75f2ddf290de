import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { callsTo, CONSOLE_TEST_TIMEOUT, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
})

const channel = (id: number, more: Record<string, unknown>) => ({
  id,
  name: `通道${id}`,
  provider: 'wecom',
  providerText: '企业微信群机器人',
  urlMasked: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693******5aaa',
  hasSecret: false,
  secretMasked: '',
  events: [],
  enabled: true,
  lastError: '',
  lastSentAt: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  updatedAt: '2026-11-27T01:00:00.000Z',
  ...more,
})

const channels = [
  channel(1, { name: '审核群', lastSentAt: '2026-11-27T02:30:00.000Z' }),
  channel(2, {
    name: '钉钉运营群',
    provider: 'dingtalk',
    providerText: '钉钉自定义机器人（加签）',
    hasSecret: true,
    secretMasked: 'SEC******XYZW',
    events: ['inquiry'],
    enabled: false,
    lastError: '钉钉自定义机器人拒绝了消息，错误码 310000：sign not match',
  }),
]

describe('the alert channel page', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('lists each channel with its events, state, last send and last error, and points at failed deliveries', async () => {
    signIn()
    stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/alertChannelList': { list: channels, failedDeliveries: 2 },
      'Admin/pendingCounts': { contributions: 3, videos: 0, bookings: 12, bookingsOverdue: 0 },
    })
    renderAdmin('/admin/system/alert')

    const row = (await screen.findByText('钉钉运营群')).closest('tr')!
    expect(within(row).getByText('钉钉自定义机器人（加签）')).toBeTruthy()
    expect(within(row).getByText('新名师预约')).toBeTruthy()
    expect(within(row).getByText('停用')).toBeTruthy()
    expect(within(row).getByText('从未发送')).toBeTruthy()
    expect(within(row).getByText(/sign not match/)).toBeTruthy()
    const first = (await screen.findByText('审核群')).closest('tr')!
    expect(within(first).getByText('全部事件')).toBeTruthy()
    expect(within(first).getByText('2026-11-27 10:30')).toBeTruthy()
    const warning = screen.getByText(/有 2 条推送多次重试后仍失败/)
    expect(within(warning).getByRole('link', { name: '后台任务' }).getAttribute('href')).toBe('/admin/jobs?state=failed')
    // The menu shows what waits: 3 contributions (审核 and 投稿审核), 12 new bookings.
    expect((await screen.findAllByLabelText('3 项待处理')).length).toBeGreaterThan(0)
    expect(screen.getAllByLabelText('12 项待处理').length).toBeGreaterThan(0)
    expect(screen.queryByLabelText('0 项待处理')).toBeNull()
  })

  test("tests a channel and shows the robot's answer", async () => {
    signIn()
    const calls = stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/alertChannelList': { list: channels, failedDeliveries: 0 },
      'Admin/alertChannelTest': {
        isSent: false,
        message: '发送失败：企业微信群机器人拒绝了消息，错误码 93000：invalid webhook url（请稍后重试）',
      },
    })
    renderAdmin('/admin/system/alert')

    fireEvent.click(await screen.findByRole('button', { name: '测试「审核群」' }))

    expect(await screen.findByText(/错误码 93000/)).toBeTruthy()
    expect(callsTo(calls, 'Admin/alertChannelTest').map((call) => call.body)).toEqual([{ id: 1 }])
    expect(screen.queryByText(/多次重试后仍失败/)).toBeNull()
  })

  test('adds a channel, and an edit left blank keeps the stored URL and secret', async () => {
    signIn()
    const calls = stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/alertChannelList': { list: channels, failedDeliveries: 0 },
      'Admin/alertChannelSave': (body: unknown) => channel(3, body as Record<string, unknown>),
    })
    renderAdmin('/admin/system/alert')

    fireEvent.click(await screen.findByRole('button', { name: /添加通道/ }))
    const drawer = await screen.findByRole('dialog')
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '新群' } })
    fireEvent.change(within(drawer).getByLabelText('Webhook 地址'), { target: { value: 'ftp://nope' } })
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }))
    expect(await within(drawer).findByText('Webhook 地址应为以 http:// 或 https:// 开头的完整网址')).toBeTruthy()
    fireEvent.change(within(drawer).getByLabelText('Webhook 地址'), {
      target: { value: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc' },
    })
    fireEvent.click(within(drawer).getByLabelText('新视频待审核'))
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }))

    await waitFor(() => expect(callsTo(calls, 'Admin/alertChannelSave')).toHaveLength(1))
    expect(callsTo(calls, 'Admin/alertChannelSave')[0].body).toEqual({
      name: '新群',
      provider: 'wecom',
      url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc',
      secret: '',
      events: ['video'],
      enabled: true,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(await screen.findByRole('button', { name: '编辑「钉钉运营群」' }))
    const editor = await screen.findByRole('dialog')
    expect(within(editor).getByText(/已设置（SEC\*\*\*\*\*\*XYZW）/)).toBeTruthy()
    fireEvent.change(within(editor).getByLabelText('名称'), { target: { value: '运营群' } })
    fireEvent.click(within(editor).getByRole('button', { name: /保\s*存/ }))

    await waitFor(() => expect(callsTo(calls, 'Admin/alertChannelSave')).toHaveLength(2))
    expect(callsTo(calls, 'Admin/alertChannelSave')[1].body).toEqual({
      id: 2,
      name: '运营群',
      provider: 'dingtalk',
      events: ['inquiry'],
      enabled: false,
    })
  })

  test('is not offered to editors', async () => {
    signIn('内容编辑')
    stubServer({ 'Member/getUserInfo': userInfo('editor', '内容编辑') })
    renderAdmin('/admin/system/alert')

    expect(await screen.findByText('抱歉，此页面仅限管理员访问。')).toBeTruthy()
  })
})
