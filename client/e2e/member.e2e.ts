// Member journeys against the real server and seeded database: the logged-out user centre,
// registration with captcha + SMS code, the captcha a login needs after three failures, login with
// and without remember-me, logout confirmation, follow / collect from detail pages, and a
// contribution with an image.
import crypto from 'node:crypto'
import { PNG } from 'pngjs'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { setUpJourneys } from './harness'

const DAY_MS = 24 * 60 * 60 * 1000
const DEMO = DEMO_MEMBER

// A seeded account only the password-recovery journey touches (each portal has its own database);
// the failed-login journey then signs in with the password it was given.
const RECOVER = DEMO_ADMIN
const RECOVERED_PASSWORD = 'newpass2026'
/** The account the registration journey creates; the account-deletion journey removes it. */
const registered = { phone: `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`, password: 'abc12345' }

// Debug level makes the dev-only captcha answer line visible (never logged in production).
const journeys = setUpJourneys({ LOG_LEVEL: 'debug' })
const { newPage, api } = journeys

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(`mingshi.${k}`) ?? 'null') as { value: string; expiresAt: number } | null, key)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Solves the image captcha on the page from the dev-only log line the server writes for it. */
async function solveCaptcha(page: Page, inputSelector: string) {
  const captchaId = await page.locator('img[data-captcha-id]').getAttribute('data-captcha-id')
  expect(captchaId).toBeTruthy()
  const [, answer] = await journeys.portal.waitForLog(new RegExp(`图形验证码 captchaId=${escapeRegExp(captchaId!)} answer=([^"\\s]+)`))
  await page.fill(inputSelector, answer)
}

/** Logs the demo member in; without a redirect the login page returns home. */
async function login(page: Page, remember: boolean, redirect?: string) {
  await page.goto(`${journeys.portal.baseUrl}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`)
  await page.fill('#login-phone', DEMO.phone)
  await page.fill('#login-password', DEMO.password)
  if (remember) await page.getByRole('checkbox', { name: /记住我/ }).check()
  await page.getByRole('button', { name: '登 录' }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === (redirect ?? '/'))
}

/** A PNG the upload check accepts (it decides by the bytes, not the name). */
function pngFile() {
  const png = new PNG({ width: 64, height: 48 })
  for (let i = 0; i < png.data.length; i += 4) png.data.set([184, 38 + (i % 200), 31, 255], i)
  return { name: '课堂照片.png', mimeType: 'image/png', buffer: PNG.sync.write(png) }
}

describe('member pages in the browser', () => {
  test('/user without a token shows the notice for 2 seconds, then lands on /login with a redirect back', async () => {
    const { page } = await newPage()
    // Timed from before the page is asked for: the notice's 2 s start when the page is taken over, so
    // the move cannot come sooner. (Timed from when this process saw the notice, a loaded machine's
    // polling lag made the wait look shorter: 1494 ms.)
    const askedAt = Date.now()
    await page.goto(`${journeys.portal.baseUrl}/user?tab=4`)
    await page.getByText('请您先登录后再查看!').waitFor()

    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5000 })
    expect(Date.now() - askedAt).toBeGreaterThanOrEqual(2000)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user?tab=4')
  })

  test('registers with the image captcha and the SMS code from the server log, and needs the consent box', async () => {
    const { page, consoleErrors } = await newPage()
    const { phone } = registered
    await page.goto(`${journeys.portal.baseUrl}/register`)

    // The consent links open the terms and privacy tabs of /about in a new tab.
    await expect(page.getByRole('link', { name: '《服务条款》' }).getAttribute('href')).resolves.toBe('/about?tab=2')
    await expect(page.getByRole('link', { name: '《隐私政策》' }).getAttribute('target')).resolves.toBe('_blank')
    await expect(page.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).resolves.toBe('/about?tab=3')

    // Asking for a code without the captcha is refused on the page.
    await page.fill('#register-phone', phone)
    await page.getByRole('button', { name: '获取验证码' }).click()
    await page.getByText('请输入图形验证码').waitFor()

    await solveCaptcha(page, '#register-captcha')
    await page.getByRole('button', { name: '获取验证码' }).click()
    const [, code] = await journeys.portal.waitForLog(new RegExp(`短信验证码 phone=${phone} code=(\\d{6}) purpose=register`))
    // The resend button counts down from 60 seconds and stays disabled meanwhile.
    const resend = page.locator('.member-send-code')
    await expect.poll(() => resend.textContent()).toMatch(/^(60|59) 秒后重发$/)
    expect(await resend.isDisabled()).toBe(true)

    await page.fill('#register-code', code)
    await page.fill('#register-password', registered.password)
    await page.fill('#register-confirmPassword', 'abc12346')
    await page.fill('#register-nickname', '浏览器测试')
    await page.getByRole('button', { name: '立即注册' }).click()
    await page.getByText('两次输入的密码不一致').waitFor()

    await page.fill('#register-confirmPassword', registered.password)
    await page.getByRole('button', { name: '立即注册' }).click()
    await page.getByText('请阅读并同意《服务条款》和《隐私政策》').waitFor()
    expect(new URL(page.url()).pathname).toBe('/register')
    expect(await page.getByRole('checkbox', { name: /我已阅读并同意/ }).isChecked()).toBe(false)

    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check()
    await page.getByRole('button', { name: '立即注册' }).click()
    await page.waitForURL((url) => url.pathname === '/user')
    await page.getByRole('heading', { name: '个人资料' }).waitFor()
    expect((await stored(page, 'username'))?.value).toBe('浏览器测试')
    expect(consoleErrors).toEqual([])
  })

  test('recovers a forgotten password with captcha and SMS code, then logs in with the new one', async () => {
    const { page, consoleErrors } = await newPage()
    await page.goto(`${journeys.portal.baseUrl}/login`)
    await page.getByRole('link', { name: '忘记密码？' }).click()
    await page.waitForURL((url) => url.pathname === '/forget')

    await page.fill('#forget-phone', RECOVER.phone)
    await solveCaptcha(page, '#forget-captcha')
    await page.getByRole('button', { name: '获取验证码' }).click()
    const [, code] = await journeys.portal.waitForLog(new RegExp(`短信验证码 phone=${RECOVER.phone} code=(\\d{6}) purpose=findPass`))
    await page.fill('#forget-code', code)
    await page.fill('#forget-password', 'short1')
    await page.fill('#forget-confirmPassword', 'short1')
    await page.getByRole('button', { name: '重置密码' }).click()
    await page.locator('#forget-password-error').getByText('密码长度须为 8-20 位').waitFor()

    await page.fill('#forget-password', RECOVERED_PASSWORD)
    await page.fill('#forget-confirmPassword', RECOVERED_PASSWORD)
    await page.getByRole('button', { name: '重置密码' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText('密码已重置，请使用新密码登录').waitFor()

    await page.goto(`${journeys.portal.baseUrl}/login?redirect=${encodeURIComponent('/user')}`)
    await page.fill('#login-phone', RECOVER.phone)
    await page.fill('#login-password', RECOVERED_PASSWORD)
    await page.getByRole('button', { name: '登 录' }).click()
    await page.waitForURL((url) => url.pathname === '/user')
    expect((await stored(page, 'username'))?.value).toBe(RECOVER.nickname)
    expect(consoleErrors).toEqual([])
  })

  test('three wrong passwords bring up the image captcha, and the right password with it still signs in', async () => {
    const { page, consoleErrors } = await newPage()
    await page.goto(`${journeys.portal.baseUrl}/login?redirect=${encodeURIComponent('/user')}`)
    await page.fill('#login-phone', RECOVER.phone)
    const attempt = async () => {
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/Member/login'))
      await page.getByRole('button', { name: '登 录' }).click()
      return (await (await answered).json()) as { code: number; msg: string }
    }
    const answers = []
    for (let i = 1; i <= 3; i++) {
      await page.fill('#login-password', `wrong-pass${i}`)
      answers.push(await attempt())
    }
    expect(answers.map((answer) => answer.code)).toEqual([400, 400, 428])
    await page.locator('#login-failure').getByText('手机号或密码错误，请输入图形验证码').waitFor()

    // The captcha appears with the focus in it; clicking the picture draws another.
    const image = page.locator('img[data-captcha-id]')
    await image.waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-captchaCode')
    const first = await image.getAttribute('data-captcha-id')
    await page.getByRole('button', { name: '看不清，换一张图形验证码' }).click()
    await expect.poll(() => image.getAttribute('data-captcha-id')).not.toBe(first)

    await page.fill('#login-password', RECOVERED_PASSWORD)
    await solveCaptcha(page, '#login-captchaCode')
    await page.getByRole('button', { name: '登 录' }).click()
    await page.waitForURL((url) => url.pathname === '/user')
    expect((await stored(page, 'username'))?.value).toBe(RECOVER.nickname)
    expect(consoleErrors.filter((e) => !/status of 4(00|28)/.test(e))).toEqual([])
  })

  test('login without remember-me keeps 1 day, logout asks first, and remember-me keeps 15 days', async () => {
    const { page, consoleErrors } = await newPage()
    await login(page, false, '/user?tab=2')
    await page.getByRole('heading', { name: '修改密码' }).waitFor()
    const short = await stored(page, 'token')
    expect(short!.expiresAt - Date.now()).toBeGreaterThan(DAY_MS - 5 * 60_000)
    expect(short!.expiresAt - Date.now()).toBeLessThanOrEqual(DAY_MS)

    // Cancelling the logout prompt keeps the session.
    await page.getByRole('button', { name: '退出' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('确定要退出登录吗？').waitFor()
    await dialog.getByRole('button', { name: '取消' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await stored(page, 'token'))?.value).toBe(short!.value)

    // Confirming clears token, nickname and member number and reloads.
    await page.getByRole('button', { name: '退出' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
    await page.getByText('请您先登录后再查看!').waitFor()
    expect(await stored(page, 'token')).toBeNull()
    expect(await stored(page, 'username')).toBeNull()
    // The server ended that session too: the old token is refused from now on.
    const old = await fetch(`${journeys.portal.baseUrl}/api/Member/getUserInfo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${short!.value}`, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect((await old.json()).code).toBe(401)

    await login(page, true, '/user?tab=3')
    const long = await stored(page, 'token')
    expect(long!.expiresAt - Date.now()).toBeGreaterThan(15 * DAY_MS - 5 * 60_000)
    expect(long!.expiresAt - Date.now()).toBeLessThanOrEqual(15 * DAY_MS)

    // A wrong password clears what was stored.
    await page.goto(`${journeys.portal.baseUrl}/login`)
    await page.fill('#login-phone', DEMO.phone)
    await page.fill('#login-password', 'wrong-pass1')
    await page.getByRole('button', { name: '登 录' }).click()
    await page.locator('#login-failure').getByText('手机号或密码错误').waitFor()
    expect(await stored(page, 'token')).toBeNull()
    expect(await stored(page, 'username')).toBeNull()
    expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([])
  })

  test('follows a teacher and collects a course from their detail pages, then finds them in the user centre', async () => {
    const teachers = await api<{ list: { id: number; name: string }[] }>('Teacher/teacherList', { page: 1, limit: 1 })
    const courses = await api<{ list: { id: number; title: string }[] }>('Course/courseList', { page: 1, limit: 1 })
    const teacher = teachers.list[0]
    const course = courses.list[0]
    const { page, consoleErrors } = await newPage()

    // Logged out, the follow button leads to login and back to the teacher.
    await page.goto(`${journeys.portal.baseUrl}/teacher/detail/${teacher.id}`)
    await page.getByRole('button', { name: '关注名师' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/teacher/detail/${teacher.id}`)
    await page.fill('#login-phone', DEMO.phone)
    await page.fill('#login-password', DEMO.password)
    await page.getByRole('button', { name: '登 录' }).click()
    await page.waitForURL((url) => url.pathname === `/teacher/detail/${teacher.id}`)

    await page.getByRole('button', { name: '关注名师' }).click()
    await page.getByRole('button', { pressed: true }).filter({ hasText: '已关注' }).waitFor()
    await page.getByText('关注成功').waitFor()

    await page.goto(`${journeys.portal.baseUrl}/course/detail/${course.id}`)
    await page.getByRole('button', { name: '收藏', exact: true }).click()
    await page.getByText('收藏成功').waitFor()

    await page.goto(`${journeys.portal.baseUrl}/user?tab=4`)
    await page.locator('.uc-grid').getByText(teacher.name, { exact: true }).waitFor()
    await page.goto(`${journeys.portal.baseUrl}/user?tab=3`)
    await page.locator('.uc-grid').getByText(course.title).waitFor()

    // 我的足迹 lists both detail pages opened signed in, the course (opened last) first.
    await page.goto(`${journeys.portal.baseUrl}/user?tab=13`)
    const footprints = page.locator('.uc-releases a')
    await footprints.filter({ hasText: teacher.name }).waitFor()
    await expect(footprints.first().textContent()).resolves.toContain(course.title)
    await page.goto(`${journeys.portal.baseUrl}/user?tab=3`)

    // Cancelling from the user centre removes the card.
    await page.locator('.uc-grid__item').filter({ hasText: course.title }).getByRole('button', { pressed: true }).click()
    await page.getByText('您还没有收藏课程').waitFor()
    expect(consoleErrors).toEqual([])
  })

  test('submits a contribution with an image and sees it pending in "my contributions"', async () => {
    const { page, consoleErrors } = await newPage()
    await login(page, false, '/user?tab=7')
    const title = `浏览器投稿 ${crypto.randomBytes(3).toString('hex')}`

    // Nothing filled in: the form names what is missing and sends nothing.
    await page.getByRole('button', { name: '提交投稿' }).click()
    await page.locator('#contribute-title-error').getByText('请输入标题').waitFor()
    await page.locator('#contribute-kind-error').getByText('请选择投稿类型').waitFor()
    await page.locator('#contribute-content-error').getByText('请输入投稿内容').waitFor()

    await page.fill('#contribute-title', title)
    await page.selectOption('#contribute-kind', 'viewpoint')
    await page.fill('#contribute-content', '第一段：基层治理的实践与思考。\n\n第二段：课堂互动的经验总结。')
    await page.locator('input[type=file][multiple]').setInputFiles(pngFile())
    await page.locator('.uc-file--done').getByText('已上传').waitFor()
    await page.getByRole('img', { name: '附件预览：课堂照片.png' }).waitFor()
    await page.getByRole('button', { name: '提交投稿' }).click()

    await page.waitForURL((url) => url.searchParams.get('tab') === '6')
    const row = page.locator('.uc-contributions li').filter({ hasText: title })
    await row.getByText('待审核').waitFor()
    await row.getByRole('button').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('课堂互动的经验总结').waitFor()
    await dialog.getByRole('img', { name: '课堂照片.png' }).waitFor()
    expect(consoleErrors).toEqual([])
  })

  test('deletes the account only after the password, the acknowledgement and the final confirmation', async () => {
    const { page, consoleErrors } = await newPage()
    await page.goto(`${journeys.portal.baseUrl}/login?redirect=${encodeURIComponent('/user?tab=8')}`)
    await page.fill('#login-phone', registered.phone)
    await page.fill('#login-password', registered.password)
    await page.getByRole('button', { name: '登 录' }).click()
    await page.getByRole('heading', { name: '注销账号' }).waitFor()

    await page.getByRole('button', { name: '注销账号' }).click()
    await page.locator('#delete-password-error').getByText('请输入密码以确认注销').waitFor()
    await page.getByText('请先勾选确认已了解注销后果').waitFor()

    await page.fill('#delete-password', registered.password)
    await page.getByRole('checkbox', { name: /我已了解/ }).check()
    await page.getByRole('button', { name: '注销账号' }).click()
    // Backing out of the final prompt changes nothing.
    await page.getByRole('alertdialog').getByRole('button', { name: '再想想' }).click()
    await page.getByRole('alertdialog').waitFor({ state: 'detached' })
    expect(await stored(page, 'token')).not.toBeNull()

    await page.getByRole('button', { name: '注销账号' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: '确认注销' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => stored(page, 'token')).toBeNull()

    // The phone and password no longer open an account.
    await expect(api('Member/login', { phone: registered.phone, password: registered.password })).rejects.toThrow('手机号或密码错误')
    expect(consoleErrors).toEqual([])
  })

  test('the member pages fit a 360 px phone without sideways scrolling', async () => {
    const { page, consoleErrors } = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    for (const path of ['/login', '/register', '/forget']) {
      await page.goto(`${journeys.portal.baseUrl}${path}`)
      await page.locator('.auth-card').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
    }
    await login(page, false, '/user')
    for (const tab of [1, 3, 7]) {
      await page.goto(`${journeys.portal.baseUrl}/user?tab=${tab}`)
      await page
        .locator('.uc-main')
        .waitFor({ timeout: 8000 })
        .catch(async (error: Error) => {
          // Say where the page ended up and what the server saw, not just "timeout".
          const text = (await page.locator('main, body').first().innerText()).slice(0, 300)
          throw new Error(`${error.message}\nurl: ${page.url()}\npage: ${text}\nserver:\n${journeys.portal.logs.slice(-15).join('\n')}`)
        })
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `tab ${tab}`).toBeLessThanOrEqual(360)
    }
    expect(consoleErrors).toEqual([])
  })
})
