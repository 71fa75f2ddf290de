// The admin review tab against the real server and seeded database: the demo member files
// contributions through the API, the demo admin approves one (it is published as an article)
// and rejects another with a reason the member then reads in their inbox and in "my contributions".
import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api } = journeys

type Account = { phone: string; password: string }
const unique = () => crypto.randomBytes(3).toString('hex')

/** A signed-in API call: answers the envelope whatever its code, so refusals can be asserted. */
async function callAs(token: string, action: string, body: object) {
  const res = await fetch(`${journeys.portal.baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } }
}

/** The demo member files a contribution with a title no other test uses. */
async function fileContribution(title: string) {
  const { token } = await api<{ token: string }>('Member/login', { phone: DEMO_MEMBER.phone, password: DEMO_MEMBER.password })
  const res = await callAs(token, 'Member/addContribution', {
    title,
    kind: 'viewpoint',
    content: `<p>${title} 的正文：基层治理的实践与思考。</p>`,
    attachmentIds: [],
  })
  expect(res.body).toMatchObject({ code: 200, data: { status: 'pending' } })
}

async function login(page: Page, account: Account, redirect: string) {
  await page.goto(`${journeys.portal.baseUrl}/login?redirect=${encodeURIComponent(redirect)}`)
  await page.fill('#login-phone', account.phone)
  await page.fill('#login-password', account.password)
  await page.getByRole('button', { name: '登 录' }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === redirect)
}

const reviewTab = (page: Page) => page.getByRole('navigation', { name: '个人中心导航' }).getByRole('link', { name: /内容审核/ })
const pendingCount = async (page: Page) => Number((await reviewTab(page).locator('.uc-nav__count').textContent()) ?? 'NaN')
const row = (page: Page, title: string) => page.locator('.rv-item').filter({ has: page.getByRole('heading', { name: title }) })

describe('content review in the browser', () => {
  test('the demo member has no review tab, ?tab=9 shows the profile and the API refuses', async () => {
    const { page, consoleErrors } = await newPage()
    await login(page, DEMO_MEMBER, '/user?tab=9')
    await page.getByRole('heading', { level: 2, name: '个人资料' }).waitFor()
    await page
      .getByRole('navigation', { name: '个人中心导航' })
      .getByRole('link', { name: /我的投稿/ })
      .waitFor()
    expect(await reviewTab(page).count()).toBe(0)
    expect(await page.locator('.rv-panel').count()).toBe(0)

    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('mingshi.token') ?? 'null') as { value: string }).value)
    const refused = await callAs(token, 'Member/reviewContributions', {})
    expect(refused).toEqual({ status: 403, body: { code: 403, msg: '仅管理员、编辑和审核员可以审核内容', data: null } })
    expect(consoleErrors).toEqual([])
  })

  test('the admin approves a contribution, which is then published as an article', async () => {
    const title = `待审观点 ${unique()}`
    await fileContribution(title)
    const { page, consoleErrors } = await newPage()

    await login(page, DEMO_ADMIN, '/user')
    await reviewTab(page).click()
    await page.getByRole('heading', { level: 2, name: '内容审核' }).waitFor()
    const item = row(page, title)
    await item.waitFor()
    expect(await item.textContent()).toContain(`投稿人：${DEMO_MEMBER.nickname}`)
    const before = await pendingCount(page)
    expect(before).toBeGreaterThan(0)

    await item.getByRole('button', { name: '预览投稿' }).click()
    await item.getByText('基层治理的实践与思考').waitFor()

    // Backing out of the confirmation changes nothing.
    await item.getByRole('button', { name: `通过「${title}」` }).click()
    const dialog = page.getByRole('alertdialog', { name: '审核通过' })
    await dialog.getByRole('button', { name: '取消' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await item.getByRole('button', { name: `通过「${title}」` }).isEnabled()).toBe(true)

    await item.getByRole('button', { name: `通过「${title}」` }).click()
    await dialog.getByRole('button', { name: '通过' }).click()
    await page.getByText('审核通过，已发布').waitFor()
    await page.locator('.rv-notice').getByText(`「${title}」已通过审核并发布`).waitFor()
    await item.waitFor({ state: 'detached' })
    await expect.poll(() => pendingCount(page)).toBe(before - 1)

    // Among the approved ones it links to the published article.
    await page.getByRole('navigation', { name: '审核状态' }).getByRole('link', { name: '已通过' }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'approved')
    const approved = row(page, title)
    await approved.locator('.uc-status--approved').getByText('已通过').waitFor()
    await approved.getByRole('link', { name: '查看' }).click()
    await page.waitForURL(/\/article\/detail\/\d+$/)
    await page.locator('.article__title').getByText(title).waitFor()

    // The public viewpoint list carries it too (ordered by the editors' sort, so look through every page).
    const listed: string[] = []
    for (let n = 1; ; n++) {
      const { list, total } = await api<{ list: { title: string }[]; total: number }>('Teacher/teacherViewpoint', { page: n, limit: 50 })
      listed.push(...list.map((article) => article.title))
      if (n * 50 >= total) break
    }
    expect(listed).toContain(title)
    expect(consoleErrors).toEqual([])
  })

  test('a rejection needs a reason, and the member reads it in 消息 and in "my contributions"', async () => {
    const title = `待驳回观点 ${unique()}`
    const reason = `与征稿主题无关 ${unique()}`
    await fileContribution(title)
    const { page, consoleErrors } = await newPage()

    await login(page, DEMO_ADMIN, '/user?tab=9')
    const item = row(page, title)
    await item.getByRole('button', { name: `驳回「${title}」` }).click()
    const note = item.getByRole('textbox', { name: '驳回原因' })
    expect(await note.evaluate((element) => element === document.activeElement)).toBe(true)
    await item.getByRole('button', { name: '确认驳回' }).click()
    await item.getByText('请填写驳回原因').waitFor()

    await note.fill(reason)
    await item.getByText(`${reason.length} / 200`).waitFor()
    await item.getByRole('button', { name: '确认驳回' }).click()
    await page.locator('.toast').getByText('已驳回').waitFor()
    await item.waitFor({ state: 'detached' })

    await page.getByRole('navigation', { name: '审核状态' }).getByRole('link', { name: '已驳回' }).click()
    await row(page, title).getByText(`驳回原因：${reason}`).waitFor()

    // The reason reaches the member's inbox: the bell counts it, 消息 lists it.
    const member = await newPage()
    await login(member.page, DEMO_MEMBER, '/user?tab=12')
    await member.page.getByRole('link', { name: /^消息，\d+ 条未读$/ }).waitFor()
    const notice = member.page.locator('.notice-row').filter({ hasText: `您的投稿「${title}」未通过审核` })
    await notice.getByText(`原因：${reason}`).waitFor()

    // The member sees the decision and the reason (members read the rejection as 未通过).
    await member.page.goto(member.page.url().replace(/tab=12/, 'tab=6'))
    const mine = member.page.locator('.uc-contributions li').filter({ hasText: title })
    await mine.locator('.uc-status--rejected').waitFor()
    await mine.getByText(`审核意见：${reason}`).waitFor()
    expect(consoleErrors).toEqual([])
    expect(member.consoleErrors).toEqual([])
  })

  test('the review tab fits a 360 px phone without sideways scrolling', async () => {
    const title = `手机审核 ${unique()}`
    await fileContribution(title)
    const { page, consoleErrors } = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    await login(page, DEMO_ADMIN, '/user?tab=9')
    const item = row(page, title)
    await item.getByRole('button', { name: '预览投稿' }).click()
    await item.getByRole('button', { name: `驳回「${title}」` }).click()
    await item.getByRole('textbox', { name: '驳回原因' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

    await page.goto(`${journeys.portal.baseUrl}/user?tab=9&view=video`)
    await page.locator('.rv-panel').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(consoleErrors).toEqual([])
  })
})
