// The console on a phone (390×844, touch) against the real server: a reviewer approves a member's
// contribution from the review queue, a publisher finds a draft among the 课程预告 cards and
// publishes it, and its public page then answers; no page the staff visit scrolls sideways. On a
// desktop, a click on a column header orders the whole list on the server.
import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { dialogOpened, setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage } = journeys

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const unique = () => crypto.randomBytes(3).toString('hex')
/** antd puts a space between the two characters of a two-character button label (通 过). */
const button = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`)
const adminCall = async <T>(action: string, body: object) => journeys.callAs<T>(await journeys.tokenOf(DEMO_ADMIN), `Admin/${action}`, body)

/** A staff account of `role`, invited by the demo admin, its first password changed (the console asks that first). */
async function staffOf(role: 'reviewer' | 'publisher') {
  const phone = `159${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`
  const invited = await adminCall<{ password: string }>('staffCreate', { phone, nickname: `手机${role}${unique()}`, role })
  const password = `Phone${unique()}`
  await journeys.callAs(await journeys.tokenOf({ phone, password: invited.password }), 'Member/savePass', {
    oldPassword: invited.password,
    password,
    confirmPassword: password,
  })
  return { phone, password }
}

/** The page never scrolls sideways: whatever is wider scrolls inside its own box. */
async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth)
  expect(width, page.url()).toBeLessThanOrEqual(390)
}

describe('the console on a phone', () => {
  test('a reviewer approves a pending contribution from the queue', async () => {
    const title = `手机审核观点 ${unique()}`
    const member = await journeys.tokenOf(DEMO_MEMBER)
    await journeys.callAs(member, 'Member/addContribution', {
      title,
      kind: 'viewpoint',
      content: `<p>${title} 的正文：县域治理的实践。</p>`,
      attachmentIds: [],
    })
    const reviewer = await staffOf('reviewer')
    const { page, consoleErrors } = await newPage(PHONE)

    await journeys.signIn(page, reviewer, '/admin/review/contribution')
    const row = page.locator('tr', { hasText: title })
    await row.waitFor()
    await expectNoSideScroll(page)

    await row.getByRole('button', { name: `通过「${title}」` }).tap()
    await dialogOpened(page)
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: button('通过') })
      .tap()
    await page.locator('.ant-message').getByText('审核通过，已发布').waitFor()
    await row.waitFor({ state: 'detached' })
    await expectNoSideScroll(page)
    expect(consoleErrors).toEqual([])
  })

  test('a publisher finds a draft notice among the cards and publishes it', async () => {
    const name = `手机发布预告${unique()}`
    const draft = await adminCall<{ id: number; state: string }>('noticeSave', { slug: `phone-notice-${unique()}`, name })
    expect(draft.state).toBe('draft')
    const publicPage = `${journeys.portal.baseUrl}/notice/detail/${draft.id}`
    expect((await fetch(publicPage)).status).toBe(404)
    const publisher = await staffOf('publisher')
    const { page, consoleErrors } = await newPage(PHONE)

    await journeys.signIn(page, publisher, '/admin/notice')
    await page.locator('.adm-card-item').first().waitFor()
    await expectNoSideScroll(page)
    // No column headers on a phone: the newest first is chosen from the 排序 list.
    await page.getByLabel('排序', { exact: true }).tap()
    await page.locator('.ant-select-item-option', { hasText: '创建时间降序' }).tap()
    await page.waitForURL((url) => url.searchParams.get('sort') === 'createdAt' && url.searchParams.get('order') === 'desc')
    const card = page.locator('.adm-card-item', { hasText: name })
    await card.locator('.ant-tag', { hasText: /^草稿$/ }).waitFor()
    await expectNoSideScroll(page)

    await card.getByRole('button', { name: `发布「${name}」` }).tap()
    await page.locator('.ant-message').getByText(`「${name}」已发布`).waitFor()
    await card.locator('.ant-tag', { hasText: /^已发布$/ }).waitFor()
    await expectNoSideScroll(page)
    expect((await fetch(publicPage)).status).toBe(200)
    expect(consoleErrors).toEqual([])
  })
})

describe('sorting a content list by a column', () => {
  test('a click on 浏览 orders the rows on the server, highest first, and greys the drag handles', async () => {
    const idsOf = async (sort?: object) =>
      (await adminCall<{ list: { id: number }[] }>('courseList', { page: 1, limit: 20, ...(sort ? { sort } : {}) })).list.map((row) =>
        String(row.id),
      )
    const [unsorted, byViews, byViewsUp] = [await idsOf(), await idsOf({ field: 'views', order: 'desc' }), await idsOf({ field: 'views' })]
    expect(byViews).not.toEqual(unsorted)
    const { page, consoleErrors } = await newPage({ viewport: { width: 1440, height: 900 } })
    await journeys.signIn(page, DEMO_ADMIN, '/admin/course')
    const shownIds = () => page.locator('.ant-table-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')))
    await expect.poll(shownIds, { timeout: 15_000 }).toEqual(unsorted)

    await page.locator('th', { hasText: '浏览' }).click()
    await page.waitForURL((url) => url.searchParams.get('sort') === 'views' && url.searchParams.get('order') === 'desc')
    await expect.poll(shownIds, { timeout: 15_000 }).toEqual(byViews)
    const handle = page.getByRole('button', { name: /^拖动「.+」排序（已按「浏览」排序/ }).first()
    expect(await handle.getAttribute('aria-disabled')).toBe('true')

    await page.locator('th', { hasText: '浏览' }).click()
    await page.waitForURL((url) => url.searchParams.get('sort') === 'views' && url.searchParams.get('order') === null)
    await expect.poll(shownIds, { timeout: 15_000 }).toEqual(byViewsUp)

    await page
      .locator('.adm-toolbar')
      .getByRole('button', { name: /恢复默认顺序$/ })
      .click()
    await page.waitForURL((url) => url.searchParams.get('sort') === null)
    await expect.poll(shownIds, { timeout: 15_000 }).toEqual(unsorted)
    expect(await page.getByRole('button', { name: /^拖动「.+」排序$/ }).count()).toBe(20)
    expect(consoleErrors).toEqual([])
  })
})
