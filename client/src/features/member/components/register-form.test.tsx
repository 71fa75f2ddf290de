import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getSession } from '../../../lib/session'
import { renderRoutes } from '../../../testing/render-routes'
import { RegisterForm } from './register-form'

type Call = { url: string; body: Record<string, unknown> }

/** The server at the network boundary: one envelope per action, every request recorded. */
function server(answers: Record<string, unknown>) {
  const calls: Call[] = []
  let captchas = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const action = url.replace('/api/Member/', '')
      calls.push({ url, body: JSON.parse((init.body as string) ?? '{}') as Record<string, unknown> })
      const data =
        action === 'captcha'
          ? { captchaId: `cap-${++captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 }
          : answers[action]
      return new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { status: 200 })
    }),
  )
  return calls
}

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterForm /> },
      { path: '/user', element: <p>个人中心</p> },
    ],
    '/register',
  )
}

const fill = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } })
const actions = (calls: Call[]) => calls.map((call) => call.url.replace('/api/Member/', ''))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('RegisterForm', () => {
  test('asks for phone and captcha before sending a code, then counts down and shows a new captcha', async () => {
    const calls = server({ sendAuthCode: { expiresIn: 300, resendIn: 60 } })
    renderRegister()
    await screen.findByAltText('图形验证码')

    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    expect(await screen.findByText('请输入手机号')).toBeTruthy()
    expect(screen.getByText('请输入图形验证码')).toBeTruthy()
    expect(actions(calls)).toEqual(['captcha'])

    fill('register-phone', '13800001111')
    fill('register-captcha', 'ab3d')
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))

    const button = await screen.findByRole('button', { name: /^(60|59) 秒后重发$/ })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    const send = calls.find((call) => call.url.endsWith('sendAuthCode'))
    expect(send?.body).toEqual({ phone: '13800001111', purpose: 'register', captchaId: 'cap-1', captchaCode: 'ab3d' })
    // The server allows one guess per image: a fresh one replaces it and the answer box is cleared.
    await waitFor(() => expect(screen.getByAltText('图形验证码').getAttribute('data-captcha-id')).toBe('cap-2'))
    expect((document.getElementById('register-captcha') as HTMLInputElement).value).toBe('')
  })

  test('refuses to submit without the consent box and sends nothing', async () => {
    const calls = server({})
    renderRegister()
    expect((screen.getByRole('checkbox', { name: /我已阅读并同意/ }) as HTMLInputElement).checked).toBe(false)

    fill('register-phone', '13800001111')
    fill('register-code', '123456')
    fill('register-password', 'abc12345')
    fill('register-confirmPassword', 'abc12345')
    fill('register-nickname', '新会员')
    fireEvent.click(screen.getByRole('button', { name: '立即注册' }))

    expect(await screen.findByText('请阅读并同意《服务条款》和《隐私政策》')).toBeTruthy()
    expect(actions(calls)).not.toContain('register')
  })

  test('names each rule the password, confirmation and code break', async () => {
    const calls = server({})
    renderRegister()

    fill('register-phone', '13800001111')
    fill('register-code', '12ab')
    fill('register-password', 'onlyletters')
    fill('register-confirmPassword', 'different1')
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }))
    fireEvent.click(screen.getByRole('button', { name: '立即注册' }))

    expect(await screen.findByText('短信验证码为 6 位数字')).toBeTruthy()
    expect(document.getElementById('register-password-error')?.textContent).toBe('密码为 8-20 位，须同时包含字母和数字，不能含空格或中文')
    expect(document.getElementById('register-confirmPassword-error')?.textContent).toBe('两次输入的密码不一致')
    expect(document.getElementById('register-nickname-error')?.textContent).toBe('请输入昵称')
    expect(actions(calls)).not.toContain('register')
  })

  test('a valid form registers, signs the member in and opens the user centre', async () => {
    const calls = server({ register: { token: 'jwt-new', member_no: 'M00000042', nickname: '新会员', expiresAt: '' } })
    const router = renderRegister()

    fill('register-phone', '13800001111')
    fill('register-code', '123456')
    fill('register-password', 'abc12345')
    fill('register-confirmPassword', 'abc12345')
    fill('register-nickname', ' 新会员 ')
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }))
    fireEvent.click(screen.getByRole('button', { name: '立即注册' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/user'))
    expect(calls.find((call) => call.url.endsWith('/register'))?.body).toEqual({
      phone: '13800001111',
      code: '123456',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      nickname: '新会员',
      agree: true,
    })
    expect(getSession()).toEqual({ token: 'jwt-new', nickname: '新会员', memberNo: 'M00000042' })
  })
})
