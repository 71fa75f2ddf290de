import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getSession, saveSession } from '../../../lib/session'
import { renderRoutes } from '../../../testing/render-routes'
import { LoginForm } from './login-form'

const DAY_MS = 24 * 60 * 60 * 1000

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}

function renderLogin(url = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '*', element: <Where /> },
    ],
    url,
  )
}

/** The server at the network boundary: answers Member/login with `body` and records requests. */
function serverAnswers(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

type Call = { url: string; body: Record<string, unknown> }

/**
 * The server at the network boundary, answering Member/login with `answers` in turn and
 * Member/captcha with a new image each time (cap-1, cap-2 …); every request is recorded.
 */
function serverScript(answers: [unknown, number][]) {
  const calls: Call[] = []
  let captchas = 0
  let logins = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse((init.body as string) ?? '{}') as Record<string, unknown> })
      if (url.endsWith('/captcha')) {
        const data = { captchaId: `cap-${++captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 }
        return new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { status: 200 })
      }
      const [body, status] = answers[Math.min(logins++, answers.length - 1)]
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return calls
}
const loginBodies = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/login')).map((call) => call.body)

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })
const stored = (key: string) => JSON.parse(localStorage.getItem(`mingshi.${key}`) ?? 'null') as { value: string; expiresAt: number } | null
const okLogin = { code: 200, msg: '操作成功', data: { token: 'jwt-abc', member_no: 'M00000001', nickname: '张老师', expiresAt: '' } }

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('LoginForm', () => {
  test('shows the field rules and sends nothing while the form is invalid', async () => {
    const fetch = serverAnswers(okLogin)
    renderLogin()

    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    expect(await screen.findByText('请输入手机号')).toBeTruthy()
    expect(screen.getByText('请输入密码')).toBeTruthy()

    fill('手机号', '12345')
    fill('密码', 'secret')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy()
    expect(screen.queryByText('请输入密码')).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
    expect(screen.getByText(/8-20 位，须同时包含字母和数字/)).toBeTruthy()
  })

  test('remember-me keeps the session 15 days and returns to the redirect path', async () => {
    const fetch = serverAnswers(okLogin)
    const router = renderLogin('/login?redirect=%2Fuser%3Ftab%3D3')

    fill('手机号', '13800001111')
    fill('密码', 'abc12345')
    fireEvent.click(screen.getByRole('checkbox', { name: /记住我/ }))
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/user'))
    expect(router.state.location.search).toBe('?tab=3')
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/api/Member/login')
    expect(JSON.parse(init.body as string)).toEqual({ phone: '13800001111', password: 'abc12345', isWithout: true })
    expect(getSession()).toEqual({ token: 'jwt-abc', nickname: '张老师', memberNo: 'M00000001' })
    const left = stored('token')!.expiresAt - Date.now()
    expect(left).toBeGreaterThan(15 * DAY_MS - 60_000)
    expect(left).toBeLessThanOrEqual(15 * DAY_MS)
    expect(stored('username')!.expiresAt).toBe(stored('token')!.expiresAt)
  })

  test('without remember-me the session lasts 1 day, and an off-site redirect goes home instead', async () => {
    const fetch = serverAnswers(okLogin)
    const router = renderLogin('/login?redirect=%2F%2Fevil.example%2Fphish')

    fill('手机号', '13800001111')
    fill('密码', 'abc12345')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(JSON.parse(fetch.mock.calls[0][1].body as string)).toMatchObject({ isWithout: false })
    const left = stored('token')!.expiresAt - Date.now()
    expect(left).toBeGreaterThan(DAY_MS - 60_000)
    expect(left).toBeLessThanOrEqual(DAY_MS)
  })

  test('a failed login clears the stored token and nickname and shows the server message', async () => {
    saveSession({ token: 'old-token', nickname: '旧昵称', memberNo: 'M1' }, true)
    serverAnswers({ code: 400, msg: '手机号或密码错误', data: null }, 400)
    const router = renderLogin('/login?redirect=%2Fuser')
    expect(screen.getByText(/您当前已登录为「旧昵称」/)).toBeTruthy()

    fill('手机号', '13800001111')
    fill('密码', 'wrong-pass1')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))

    expect(await screen.findByText('手机号或密码错误', { selector: '#login-failure' })).toBeTruthy()
    expect(getSession()).toBeNull()
    expect(localStorage.getItem('mingshi.token')).toBeNull()
    expect(localStorage.getItem('mingshi.username')).toBeNull()
    expect(router.state.location.pathname).toBe('/login')
  })

  test('the same refused login sent again within 3000 ms is not sent; a corrected one is (spec §9 throttle)', async () => {
    const fetch = serverAnswers({ code: 400, msg: '手机号或密码错误', data: null }, 400)
    renderLogin()

    fill('手机号', '13800001111')
    fill('密码', 'wrong-pass1')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    expect(await screen.findByText('手机号或密码错误', { selector: '#login-failure' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetch).toHaveBeenCalledTimes(1)

    fill('密码', 'wrong-pass2')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
  })

  test('after failed attempts shows the captcha the server asks for, sends it, and draws a new image after each failure', async () => {
    const calls = serverScript([
      [{ code: 400, msg: '手机号或密码错误', data: null }, 400],
      [{ code: 428, msg: '手机号或密码错误，请输入图形验证码', data: null }, 428],
      [{ code: 400, msg: '图形验证码错误', data: null }, 400],
      [okLogin, 200],
    ])
    const router = renderLogin('/login?redirect=%2Fuser')
    fill('手机号', '13800001111')
    fill('密码', 'wrong-pass1')

    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    expect(await screen.findByText('手机号或密码错误', { selector: '#login-failure' })).toBeTruthy()
    expect(screen.queryByAltText('图形验证码')).toBeNull()
    // Another guess (the very same one again within 3 s would not be sent: spec §9 throttle).
    fill('密码', 'wrong-pass2')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    expect(await screen.findByText('手机号或密码错误，请输入图形验证码', { selector: '#login-failure' })).toBeTruthy()
    const first = await screen.findByAltText('图形验证码')
    expect(first.getAttribute('data-captcha-id')).toBe('cap-1')
    await waitFor(() => expect(document.activeElement?.id).toBe('login-captchaCode'))

    // Without the characters the form says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    expect(await screen.findByText('请输入图形验证码', { selector: '#login-captchaCode-error' })).toBeTruthy()
    expect(loginBodies(calls)).toHaveLength(2)

    fill('图形验证码', 'ab3d')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    expect(await screen.findByText('图形验证码错误', { selector: '#login-failure' })).toBeTruthy()
    await waitFor(() => expect(screen.getByAltText('图形验证码').getAttribute('data-captcha-id')).toBe('cap-2'))
    expect((screen.getByLabelText('图形验证码', { selector: 'input' }) as HTMLInputElement).value).toBe('')

    // Clicking the picture draws another one.
    fireEvent.click(screen.getByRole('button', { name: '看不清，换一张图形验证码' }))
    await waitFor(() => expect(screen.getByAltText('图形验证码').getAttribute('data-captcha-id')).toBe('cap-3'))

    fill('密码', 'abc12345')
    fill('图形验证码', 'xy7k')
    fireEvent.click(screen.getByRole('button', { name: '登 录' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'))
    expect(loginBodies(calls)).toEqual([
      { phone: '13800001111', password: 'wrong-pass1', isWithout: false },
      { phone: '13800001111', password: 'wrong-pass2', isWithout: false },
      { phone: '13800001111', password: 'wrong-pass2', isWithout: false, captchaId: 'cap-1', captchaCode: 'ab3d' },
      { phone: '13800001111', password: 'abc12345', isWithout: false, captchaId: 'cap-3', captchaCode: 'xy7k' },
    ])
  })

  test('a wait the server names counts down on the button', async () => {
    serverScript([[{ code: 429, msg: '登录尝试过于频繁，请 3 秒后再试', data: null }, 429]])
    renderLogin()
    fill('手机号', '13800001111')
    fill('密码', 'abc12345')

    fireEvent.click(screen.getByRole('button', { name: '登 录' }))

    const button = await screen.findByRole('button', { name: /^[23] 秒后可重试$/ })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('登录尝试过于频繁，请 3 秒后再试', { selector: '#login-failure' })).toBeTruthy()
  })
})
