// The console keeps staff from losing work or publishing by accident, in a real browser against the
// real server: Enter in a text or date field never saves, a new course is a draft, closing a changed
// drawer asks first, three courses are taken down together, and a live course's edits wait as a draft
// that is previewed on the real page, then published.
import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN } from '../../seed/demo-accounts'
import { dialogOpened, setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage } = journeys

const unique = () => crypto.randomBytes(3).toString('hex')
/** antd puts a space between the two characters of a two-character button label (保 存). */
const button = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`)
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).waitFor()
const drawer = (page: Page) => page.locator('.ant-drawer-open')

const adminCall = async <T>(action: string, body: object) => journeys.callAs<T>(await journeys.tokenOf(DEMO_ADMIN), `Admin/${action}`, body)
const login = (page: Page, redirect: string) => journeys.signIn(page, DEMO_ADMIN, redirect)

/** Picks the first option of an antd select by keyboard. */
async function chooseFirst(page: Page, label: string) {
  const box = drawer(page).getByLabel(label, { exact: true })
  await box.click()
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last()
  await list.locator('.ant-select-item-option').first().waitFor()
  await box.press('Enter')
  await list.waitFor({ state: 'hidden' })
}

/** No save happened: the drawer is still open and no success message came. */
async function expectNotSaved(page: Page) {
  await page.waitForTimeout(600)
  expect(await drawer(page).count()).toBe(1)
  expect(
    await page
      .locator('.ant-message')
      .getByText(/已创建|已保存/)
      .count(),
  ).toBe(0)
}

describe('content lifecycle in the console', () => {
  test('Enter never saves, a new course is a draft, and × on a changed form asks first', async () => {
    const { page, consoleErrors } = await newPage({ viewport: { width: 1440, height: 900 } })
    await login(page, '/admin/course')
    const title = `草稿课程${unique()}`
    await page.getByRole('button', { name: '新建课程' }).click()
    await drawer(page).getByLabel('标题', { exact: true }).fill(title)
    await drawer(page).getByLabel('标题', { exact: true }).press('Enter')
    await expectNotSaved(page)
    expect(await drawer(page).getByRole('switch', { name: '发布' }).count()).toBe(0)

    // × on a changed form asks; 继续编辑 keeps what was typed.
    await drawer(page).locator('.ant-drawer-close').click()
    await page.getByText('放弃未保存的修改？').waitFor()
    await dialogOpened(page)
    await page.getByRole('button', { name: '继续编辑' }).click()
    // The dialog's closing animation holds the page until it ends.
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' })
    expect(await drawer(page).getByLabel('标题', { exact: true }).inputValue()).toBe(title)

    await chooseFirst(page, '名师')
    await chooseFirst(page, '分类')
    await page.getByRole('button', { name: button('保存') }).click()
    await toast(page, `已创建课程（草稿，尚未发布）`)
    await drawer(page).waitFor({ state: 'detached' })
    await page.getByRole('searchbox', { name: '搜索课程' }).fill(title)
    await page.getByRole('searchbox', { name: '搜索课程' }).press('Enter')
    const row = page.locator('tr', { hasText: title })
    await row.locator('.ant-tag', { hasText: /^草稿$/ }).waitFor()

    // Enter in a date field (a notice's 开课时间) does not save either.
    await page.goto(`${journeys.portal.baseUrl}/admin/notice?edit=new`)
    const startAt = drawer(page).getByLabel('开课时间')
    await startAt.click()
    await startAt.fill('2030-01-02 09:30')
    await startAt.press('Enter')
    await expectNotSaved(page)
    expect(consoleErrors).toEqual([])
  })

  test('three courses are taken down together with one confirm', async () => {
    const tag = `批量${unique()}`
    const [first] = (await adminCall<{ list: { id: number }[] }>('courseList', { page: 1, limit: 1 })).list
    const model = await adminCall<Record<string, unknown>>('courseGet', { id: first.id })
    const ids: number[] = []
    for (const n of [1, 2, 3]) {
      const saved = await adminCall<{ id: number }>('courseSave', {
        slug: `bulk-${unique()}-${n}`,
        title: `${tag}课程${n}`,
        category: model.category,
        teacher: model.teacher,
      })
      await adminCall('coursePublish', { id: saved.id, isPublished: true })
      ids.push(saved.id)
    }

    const { page, consoleErrors } = await newPage({ viewport: { width: 1440, height: 900 } })
    await login(page, `/admin/course?keyword=${encodeURIComponent(tag)}`)
    for (const n of [1, 2, 3])
      await page
        .locator('tr', { hasText: `${tag}课程${n}` })
        .getByText('已发布')
        .waitFor()
    for (const n of [1, 2, 3])
      await page
        .locator('.ant-table-row', { hasText: `${tag}课程${n}` })
        .getByRole('checkbox')
        .check()
    await page.getByRole('button', { name: '批量下线' }).click()
    await page.locator('.ant-modal-confirm-title', { hasText: '确定下线选中的 3 个课程？' }).waitFor()
    await dialogOpened(page)
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: button('下线') })
      .click()
    await toast(page, '已下线 3 个课程')
    for (const n of [1, 2, 3])
      await page
        .locator('tr', { hasText: `${tag}课程${n}` })
        .getByText('已下线')
        .waitFor()
    for (const id of ids) expect((await adminCall<{ state: string }>('courseGet', { id })).state).toBe('offline')
    expect(consoleErrors).toEqual([])
  })

  test('a live course’s edits wait as a draft: the public page keeps the live one until 发布草稿', async () => {
    const [first] = (await adminCall<{ list: { id: number }[] }>('courseList', { page: 1, limit: 1 })).list
    const model = await adminCall<Record<string, unknown>>('courseGet', { id: first.id })
    const live = `线上课程${unique()}`
    const next = `草稿课程${unique()}`
    const { id } = await adminCall<{ id: number }>('courseSave', {
      slug: `draft-${unique()}`,
      title: live,
      category: model.category,
      teacher: model.teacher,
    })
    await adminCall('coursePublish', { id, isPublished: true })
    const publicTitle = async () => {
      const html = await (await fetch(`${journeys.portal.baseUrl}/course/detail/${id}`)).text()
      return html.includes(next) ? next : html.includes(live) ? live : 'neither'
    }

    const { page, consoleErrors } = await newPage({ viewport: { width: 1440, height: 900 } })
    await login(page, `/admin/course?edit=${id}`)
    await drawer(page).getByLabel('标题', { exact: true }).fill(next)
    await page.getByRole('button', { name: '存为草稿' }).click()
    await toast(page, '已存为草稿，线上内容未变')
    await drawer(page).waitFor({ state: 'detached' })
    expect(await publicTitle()).toBe(live)

    await page.goto(`${journeys.portal.baseUrl}/admin/course?edit=${id}`)
    await page.getByText('正在编辑尚未发布的草稿').waitFor()
    expect(await drawer(page).getByLabel('标题', { exact: true }).inputValue()).toBe(next)
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: '预览草稿' }).click()])
    await preview.locator('h1', { hasText: next }).waitFor()

    await page.getByRole('button', { name: '发布草稿' }).click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: button('发布') })
      .click()
    await toast(page, '草稿已发布，线上已更新')
    expect(await publicTitle()).toBe(next)
    expect(consoleErrors).toEqual([])
  })

  test('历史版本 restores an old version: the form and the public page show it again, and the restore is a version', async () => {
    const [first] = (await adminCall<{ list: { id: number }[] }>('courseList', { page: 1, limit: 1 })).list
    const model = await adminCall<Record<string, unknown>>('courseGet', { id: first.id })
    const old = `第一版课程${unique()}`
    const saved = await adminCall<Record<string, unknown> & { id: number }>('courseSave', {
      slug: `restore-${unique()}`,
      title: old,
      category: model.category,
      teacher: model.teacher,
    })
    await adminCall('coursePublish', { id: saved.id, isPublished: true })
    const current = await adminCall<Record<string, unknown>>('courseGet', { id: saved.id })
    await adminCall('courseSave', { ...current, id: saved.id, title: `第二版课程${unique()}` })

    const { page, consoleErrors } = await newPage({ viewport: { width: 1440, height: 900 } })
    await login(page, `/admin/course?keyword=${encodeURIComponent(String(saved.slug))}`)
    await page
      .getByRole('button', { name: /^更多操作「/ })
      .first()
      .click()
    await page.locator('.ant-dropdown-menu-title-content', { hasText: '历史版本' }).click()
    await page.getByRole('button', { name: '对比版本 v1' }).click()
    await page.getByText('版本 v1 与当前内容对比').waitFor()
    await page.keyboard.press('Escape')
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: '恢复版本 v1' }).click()
    await page
      .locator('.ant-popconfirm, .ant-modal-confirm')
      .getByRole('button', { name: button('恢复') })
      .click()
    await toast(page, /已恢复「.+」到版本 v1/)

    expect((await adminCall<{ title: string }>('courseGet', { id: saved.id })).title).toBe(old)
    const html = await (await fetch(`${journeys.portal.baseUrl}/course/detail/${saved.id}`)).text()
    expect(html).toContain(old)
    const { list } = await adminCall<{ list: { summary: string }[] }>('courseRevisions', { id: saved.id })
    expect(list[0].summary).toBe(`恢复课程「${old}」到第 1 版`)
    expect(consoleErrors).toEqual([])
  })
})
