// The admin console (/admin) against the real server and seeded database: the demo admin creates a
// teacher with a photo and a course for them (drafts), publishes them and finds both on the public pages; edits the ICP
// line and sees the footer change; takes down an approved contribution, whose member reads the
// reason; disables a member, who is logged out; an editor cannot open member management but reviews; an
// inquiry from an older client's form is filed as a booking and reaches 预约管理.
import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { dialogOpened, setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api } = journeys

type Account = { phone: string; password: string }
const unique = () => crypto.randomBytes(3).toString('hex')
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** antd puts a space between the two characters of a two-character button label (保 存). */
const button = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`)

/** A signed-in API call that answers the envelope whatever its code. */
async function callAs<T = unknown>(token: string, action: string, body: object = {}) {
  const res = await fetch(`${journeys.portal.baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } }
}

const tokenOf = async (account: Account) => (await api<{ token: string }>('Member/login', account)).token

/** The answer of an image captcha, from the line the server logs for it outside production. */
async function captchaAnswer(captchaId: string) {
  const [, answer] = await journeys.portal.waitForLog(new RegExp(`图形验证码 captchaId=${escapeRegExp(captchaId)} answer=([^"\\s]+)`))
  return answer
}

/** A new member through the public API (captcha and SMS code read from the server log). */
async function registerMember(nickname: string): Promise<Account & { id: number; nickname: string }> {
  const account = { phone: `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`, password: 'abc12345' }
  const { captchaId } = await api<{ captchaId: string }>('Member/captcha')
  await api('Member/sendAuthCode', { phone: account.phone, purpose: 'register', captchaId, captchaCode: await captchaAnswer(captchaId) })
  const [, code] = await journeys.portal.waitForLog(new RegExp(`短信验证码 phone=${account.phone} code=(\\d{6}) purpose=register`))
  await api('Member/register', { ...account, code, confirmPassword: account.password, nickname, agree: true })
  const admin = await tokenOf(DEMO_ADMIN)
  const found = await callAs<{ list: { id: number }[] }>(admin, 'Admin/memberList', { keyword: account.phone })
  return { ...account, id: found.body.data.list[0].id, nickname }
}

async function login(page: Page, account: Account, redirect: string) {
  await page.goto(`${journeys.portal.baseUrl}/login?redirect=${encodeURIComponent(redirect)}`)
  await page.fill('#login-phone', account.phone)
  await page.fill('#login-password', account.password)
  await page.getByRole('button', { name: '登 录' }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === redirect)
}

const menu = (page: Page) => page.getByRole('menu', { name: '管理后台导航' })
/** Opens a console page through the sider menu (a group is unfolded first when it is closed). */
async function openFromMenu(page: Page, group: string | null, item: string) {
  const link = menu(page).getByRole('link', { name: item, exact: true })
  if (group && !(await link.isVisible())) await menu(page).getByText(group, { exact: true }).click()
  await link.click()
  await page.getByRole('heading', { level: 4 }).first().waitFor()
}

/** Picks an option of an antd select, typing `search` first for the searchable ones. */
async function choose(page: Page, label: string, option: string | RegExp, search?: string) {
  const box = page.locator('.ant-drawer-open').getByLabel(label, { exact: true })
  await box.click()
  if (search) await box.fill(search)
  // Only the open list: one that is closing stays in the page for its animation.
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last()
  // The keyboard picks the first (active) option: a click can land while the list still slides in.
  await list.locator('.ant-select-item-option').first().filter({ hasText: option }).waitFor()
  await box.press('Enter')
  await list.waitFor({ state: 'hidden' })
}

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).waitFor()

/** Searches a console list once the form drawer has closed (it hands focus back as it goes). */
async function search(page: Page, box: string, text: string) {
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' })
  await page.getByRole('searchbox', { name: box }).fill(text)
  await page.getByRole('searchbox', { name: box }).press('Enter')
  await page.waitForURL((url) => url.searchParams.get('keyword') === text)
}

/** Publishes a listed draft with its row's 发布 and answers the public page's path. */
async function publishAndFind(page: Page, word: 'teacher' | 'course', label: string) {
  await page.getByRole('button', { name: `发布「${label}」` }).click()
  await toast(page, `「${label}」已发布`)
  const admin = await tokenOf(DEMO_ADMIN)
  const found = await callAs<{ list: { id: number; state: string }[] }>(admin, `Admin/${word}List`, { keyword: label })
  expect(found.body.data.list.map((row) => row.state)).toEqual(['published'])
  return `/${word}/detail/${found.body.data.list[0].id}`
}

describe('the admin console', () => {
  // The longest journey (two records made, published and found; ~30 s alone): a full parallel run needs more than a minute.
  test('an admin creates a teacher with a photo and a course for them, publishes them, and both show on the public pages at once', async () => {
    const { page, consoleErrors } = await newPage()
    await login(page, DEMO_ADMIN, '/admin')
    await page.getByRole('heading', { name: '工作台' }).waitFor()

    const name = `测试名师${unique()}`
    const slug = `e2e-teacher-${unique()}`
    await openFromMenu(page, '内容管理', '名师')
    await page.getByRole('button', { name: '新建名师' }).click()
    await page.locator('.ant-drawer-open').getByLabel('姓名', { exact: true }).fill(name)
    await page.getByLabel('标识（slug）').fill(slug)
    await page.getByLabel('头衔').fill('某某大学公共管理学院教授')
    await choose(page, '分类', /.+/)

    // The photo is uploaded into the media library from the picker and chosen there.
    await page
      .getByRole('button', { name: /从媒体库选择/ })
      .first()
      .click()
    const picker = page.locator('.ant-modal').filter({ hasText: '从媒体库选择图片' })
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    )
    await picker.locator('input[type=file]').setInputFiles({ name: `${slug}.png`, mimeType: 'image/png', buffer: png })
    await toast(page, `已上传：${slug}.png`)
    await picker.getByRole('button', { name: '使用所选图片' }).click()
    await picker.waitFor({ state: 'hidden' })
    const photo = await page.locator('.adm-media-field__current img').first().getAttribute('src')
    expect(photo).toMatch(/^\/uploads\//)

    await page.getByRole('button', { name: button('保存') }).click()
    await toast(page, '已创建名师（草稿，尚未发布）')
    await search(page, '搜索名师', name)
    const teacherPath = await publishAndFind(page, 'teacher', name)
    expect(teacherPath).toMatch(/^\/teacher\/detail\/\d+$/)

    const course = `测试课程${unique()}`
    await openFromMenu(page, '内容管理', '课程')
    await page.getByRole('button', { name: '新建课程' }).click()
    await page.locator('.ant-drawer-open').getByLabel('标题', { exact: true }).fill(course)
    await choose(page, '名师', name, name)
    await choose(page, '分类', /.+/)
    await page.getByRole('button', { name: button('保存') }).click()
    await toast(page, '已创建课程（草稿，尚未发布）')
    await search(page, '搜索课程', course)
    const coursePath = await publishAndFind(page, 'course', course)
    expect(coursePath).toMatch(/^\/course\/detail\/\d+$/)

    // The public pages show both straight away: writes drop the public answer cache.
    await page.goto(`${journeys.portal.baseUrl}${teacherPath}`)
    await page.getByRole('heading', { name }).first().waitFor()
    expect(await page.locator(`img[src="${photo}"]`).count()).toBeGreaterThan(0)
    await page.getByText(course).first().waitFor()
    await page.goto(`${journeys.portal.baseUrl}${coursePath}`)
    await page.getByRole('heading', { name: course }).first().waitFor()
    await page.getByText(name).first().waitFor()
    expect(consoleErrors).toEqual([])
  })

  test('an admin edits the ICP line and the footer shows it', async () => {
    const { page, consoleErrors } = await newPage()
    await login(page, DEMO_ADMIN, '/admin/system/config')
    const icp = `京ICP备${crypto.randomInt(10_000_000, 99_999_999)}号-2`
    await page.getByLabel('ICP 备案号').fill(icp)
    await page.getByRole('button', { name: '保存配置' }).click()
    await toast(page, '站点配置已保存，前台已更新')
    await page.getByRole('link', { name: /返回前台/ }).evaluate((link) => link.removeAttribute('target'))
    await page.getByRole('link', { name: /返回前台/ }).click()
    await page.locator('footer').getByText(icp).waitFor()
    expect(consoleErrors).toEqual([])
  })

  test('an admin takes down an approved contribution and the member reads the reason', async () => {
    const title = `待下架观点 ${unique()}`
    const memberToken = await tokenOf(DEMO_MEMBER)
    const filed = await callAs<{ id: number }>(memberToken, 'Member/addContribution', {
      title,
      kind: 'viewpoint',
      content: `<p>${title} 的正文。</p>`,
      attachmentIds: [],
    })
    expect(filed.body.code).toBe(200)
    const adminToken = await tokenOf(DEMO_ADMIN)
    expect((await callAs(adminToken, 'Admin/contributionReview', { id: filed.body.data.id, approve: true, note: '' })).body.code).toBe(200)

    const { page, consoleErrors } = await newPage()
    await login(page, DEMO_ADMIN, '/admin/review/contribution?status=approved')
    const reason = `与平台主题无关 ${unique()}`
    await page.getByRole('button', { name: `下架「${title}」` }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '下架投稿' })
    await dialog.getByLabel('下架原因').fill(reason)
    await dialogOpened(page)
    await dialog.getByRole('button', { name: button('下架') }).click()
    await toast(page, '已下架，会员将看到下架原因')

    const member = await newPage()
    await login(member.page, DEMO_MEMBER, '/user?tab=6')
    // 我的投稿 lists it as taken down, with the reason under it.
    await member.page.getByText(title).first().waitFor()
    await member.page.getByText(reason).first().waitFor()
    await member.page.getByText('已下架').first().waitFor()
    expect(consoleErrors).toEqual([])
  })

  test('a disabled member is logged out at once', async () => {
    const victim = await registerMember(`待停用${unique()}`)
    const member = await newPage()
    await login(member.page, victim, '/user')

    const { page, consoleErrors } = await newPage()
    await login(page, DEMO_ADMIN, '/admin/member')
    await search(page, '搜索会员', victim.phone)
    await page.getByRole('button', { name: `禁用「${victim.nickname}」` }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '禁用会员' })
    await dialog.getByLabel('禁用原因').fill('发布违规广告')
    await dialogOpened(page)
    await dialog.getByRole('button', { name: button('禁用') }).click()
    await toast(page, '已禁用，该会员已被强制下线')

    // The member's next call is refused and the portal sends them to the login page.
    await member.page.reload()
    await member.page.waitForURL((url) => url.pathname === '/login')
    const refused = await api<unknown>('Member/login', victim).catch((error: Error) => error.message)
    expect(refused).toContain('该账号已被停用')
    expect(consoleErrors).toEqual([])
  })

  test('an editor cannot open member management', async () => {
    const editor = await registerMember(`内容编辑${unique()}`)
    const adminToken = await tokenOf(DEMO_ADMIN)
    expect((await callAs(adminToken, 'Admin/memberRole', { id: editor.id, role: 'editor' })).body.code).toBe(200)

    const { page } = await newPage()
    await login(page, editor, '/admin')
    await page.getByRole('heading', { name: '工作台' }).waitFor()
    await menu(page).getByText('内容管理', { exact: true }).waitFor()
    expect(await menu(page).getByText('会员管理').count()).toBe(0)
    expect(await menu(page).getByText('系统').count()).toBe(0)

    await page.goto(`${journeys.portal.baseUrl}/admin/member`)
    await page.getByText('抱歉，此页面仅限管理员访问。').waitFor()
    const refused = await callAs(await tokenOf(editor), 'Admin/memberList', {})
    expect(refused.status).toBe(403)

    // Editors review contributions: the user centre's 内容审核 tab opens for them as for admins.
    await page.goto(`${journeys.portal.baseUrl}/user?tab=9`)
    await page.getByRole('heading', { level: 2, name: '内容审核' }).waitFor()
    await page.locator('.rv-panel').waitFor()
  })

  test('an inquiry from an older client (Course/addInquiry) is filed as a booking and shows in 预约管理', async () => {
    const organization = `某县委党校${unique()}`
    const { captchaId } = await api<{ captchaId: string }>('Member/captcha')
    await api('Course/addInquiry', {
      typeId: 2,
      organization,
      contactName: '李老师',
      phone: '13912345678',
      message: '希望下月为青年干部安排一次关于基层治理的专题讲座。',
      captchaId,
      captchaCode: await captchaAnswer(captchaId),
    })

    const admin = await newPage()
    await login(admin.page, DEMO_ADMIN, '/admin/booking?view=list')
    await admin.page.locator('tr', { hasText: organization }).getByRole('button', { name: '详情' }).click()
    const drawer = admin.page.locator('.ant-drawer')
    await drawer.getByText('李老师').waitFor()
    await drawer.getByText('希望下月为青年干部安排一次关于基层治理的专题讲座。').waitFor()
    expect(admin.consoleErrors).toEqual([])
  })
})
