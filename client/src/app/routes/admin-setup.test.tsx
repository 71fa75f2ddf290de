import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-routes'
import { SmsGate } from '../../features/member/components/sms-gate'
import AdminSetupPage from './admin-setup'

type Call = { action: string; body: Record<string, unknown> }

/** The server at the network boundary: one envelope per action, every request recorded. */
function server(answers: Record<string, { code?: number; msg?: string; data?: unknown }>) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const action = url.replace('/api/', '')
      calls.push({ action, body: JSON.parse((init.body as string) ?? '{}') as Record<string, unknown> })
      const answer = answers[action] ?? { data: [] }
      const code = answer.code ?? 200
      return new Response(JSON.stringify({ code, msg: answer.msg ?? '操作成功', data: answer.data ?? null }), { status: code })
    }),
  )
  return calls
}

const fill = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } })
const renderSetup = (url: string) => renderRoutes([{ path: '/admin/setup', element: <AdminSetupPage /> }], url)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('/admin/setup', () => {
  test('creates the first admin with the token of the link, after checking the fields', async () => {
    const calls = server({
      'Admin/setupStatus': { data: { needed: true } },
      'Admin/setup': { data: { member_no: 'M1', nickname: '运营' } },
    })
    renderSetup('/admin/setup?token=tok-123')
    await screen.findByLabelText('管理员手机号')

    fireEvent.click(screen.getByRole('button', { name: '创建管理员' }))
    expect(await screen.findByText('请输入手机号')).toBeTruthy()
    expect(calls.map((call) => call.action)).not.toContain('Admin/setup')

    fill('setup-phone', '13700137000')
    fill('setup-nickname', '运营')
    fill('setup-password', 'Prod2026ok')
    fill('setup-confirmPassword', 'Prod2026ok')
    fireEvent.click(screen.getByRole('button', { name: '创建管理员' }))

    expect(await screen.findByText(/已创建，安装链接随之失效/)).toBeTruthy()
    expect(calls.find((call) => call.action === 'Admin/setup')?.body).toEqual({
      token: 'tok-123',
      phone: '13700137000',
      nickname: '运营',
      password: 'Prod2026ok',
    })
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login')
  })

  test('once an admin exists the page says so instead of showing the form', async () => {
    server({ 'Admin/setupStatus': { data: { needed: false } } })
    renderSetup('/admin/setup?token=tok-123')
    expect(await screen.findByText('管理员已经创建，安装链接已失效。请直接登录。')).toBeTruthy()
    expect(screen.queryByLabelText('管理员手机号')).toBeNull()
  })

  test('without a token it points to the start-up log', async () => {
    server({ 'Admin/setupStatus': { data: { needed: true } } })
    renderSetup('/admin/setup')
    expect(await screen.findByText('缺少安装令牌：请打开服务器启动日志中的完整安装链接。')).toBeTruthy()
  })

  test("the server's refusal is shown and the form stays", async () => {
    server({
      'Admin/setupStatus': { data: { needed: true } },
      'Admin/setup': { code: 403, msg: '安装链接已过期，请运行 npm run admin -- setup-link 获取新链接' },
    })
    renderSetup('/admin/setup?token=wrong')
    await screen.findByLabelText('管理员手机号')
    fill('setup-phone', '13700137000')
    fill('setup-password', 'Prod2026ok')
    fill('setup-confirmPassword', 'Prod2026ok')
    fireEvent.click(screen.getByRole('button', { name: '创建管理员' }))
    expect(await screen.findByText('安装链接已过期，请运行 npm run admin -- setup-link 获取新链接')).toBeTruthy()
    expect(screen.getByLabelText('管理员手机号')).toBeTruthy()
  })
})

describe('SmsGate', () => {
  const renderGate = () =>
    renderRoutes([{ path: '/register', element: <SmsGate action="注册新账号">{<p>注册表单</p>}</SmsGate> }], '/register')

  test('shows the form while SMS is on', async () => {
    const calls = server({ 'Member/authOptions': { data: { sms: true } } })
    renderGate()
    await waitFor(() => expect(calls.map((call) => call.action)).toContain('Member/authOptions'))
    expect(screen.getByText('注册表单')).toBeTruthy()
  })

  test('explains instead of a form nobody could complete when SMS is off', async () => {
    server({ 'Member/authOptions': { data: { sms: false } } })
    renderGate()
    expect(await screen.findByText('本站暂未开通短信验证码服务，暂不能注册新账号。')).toBeTruthy()
    expect(screen.queryByText('注册表单')).toBeNull()
  })
})
