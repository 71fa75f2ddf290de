// 预约管理 in the browser (issue 26) against the real server and seeded database: a member books a
// teacher (Course/addBooking), the demo admin opens it from the board, notes a follow-up and moves it
// to 已联系 then 已确认 with a day, and the member finds the news in 消息; a second request of the same
// teacher for that day shows the overlap in its drawer and on the calendar; the table filtered by state
// exports an .xlsx holding exactly the filtered rows. A sales account (商务) sees 预约管理 without the
// content menus, filters by teacher and takes a request over.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { chinaDay } from '../../common/rules/booking'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { chooseOption, dialogOpened, setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api, signIn, tokenOf, callAs } = journeys

type Added = { id: number; referenceNo: string; message: string }
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first().waitFor()

/**
 * Closes the booking drawer by its ×, as a person would once the toasts have gone (Escape, tried before,
 * was lost once in CI after a select's choice).
 */
async function closeDrawer(page: Page) {
  // A toast (已指派给 …) can sit over the drawer's ×, and antd keeps a toast while the pointer is on it: a
  // click aimed at × through it moved the pointer there and waited on it for 30 s in CI. So the toasts go first.
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' })
  await page.locator('.ant-drawer-open .ant-drawer-close').click()
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' })
}

/** A request of the demo member for `teacherId` on `day`, as the public form sends it. */
const request = (teacherId: number, typeId: number, day: string, organization: string) => ({
  typeId,
  teacherId,
  courseId: null,
  days: [day],
  month: '',
  isOnline: false,
  regionCode: '110108',
  audienceKind: 'executive',
  audienceSize: 80,
  duration: 'half-day',
  requirements: '数字化转型专题讲座，面向中层管理者',
  budgetMin: 10000,
  budgetMax: 20000,
  organization,
  contactName: '李老师',
  phone: '13800138000',
  consent: true,
})

/** Moves the open drawer's booking through its 移动状态 dialog. */
async function moveTo(page: Page, status: string, before?: (dialog: ReturnType<Page['locator']>) => Promise<void>) {
  await page.locator('.ant-drawer-open').getByRole('button', { name: '移动状态' }).click()
  await dialogOpened(page)
  const dialog = page.locator('.ant-modal').filter({ hasText: '移动到' })
  await chooseOption(page, dialog.getByLabel('移动到'), status)
  await before?.(dialog)
  await dialog.getByRole('button', { name: '确定移动' }).click()
  await toast(page, `已移至「${status}」`)
  await dialog.waitFor({ state: 'detached' })
}

test('staff work a booking from the board to 已确认, the member is told, overlaps show, and the filtered table exports', async () => {
  const mark = crypto.randomBytes(3).toString('hex')
  const [teacher] = (await api<{ list: { id: number; name: string }[] }>('Teacher/teacherList', { page: 1, limit: 1 })).list
  const [type] = await api<{ id: number; name: string }[]>('Course/cooperationType')
  const day = chinaDay(Date.now() + 40 * 24 * 60 * 60_000)
  const memberToken = await tokenOf(DEMO_MEMBER)
  const first = await callAs<Added>(memberToken, 'Course/addBooking', request(teacher.id, type.id, day, `e2e一中${mark}`))
  expect(first.referenceNo).toMatch(/^YY-\d{8}-\d{4}$/)

  // The admin opens it from the board's 新提交 column.
  const staff = await newPage()
  await signIn(staff.page, DEMO_ADMIN, '/admin/booking')
  const page = staff.page
  await page.getByRole('heading', { name: '预约管理' }).waitFor()
  const card = page.getByRole('region', { name: /^新提交/ }).getByRole('button', { name: `${first.referenceNo} e2e一中${mark}` })
  await card.getByText(teacher.name).waitFor()
  await card.click()
  await page.waitForURL((url) => url.pathname === `/admin/booking/${first.id}`)
  const drawer = page.locator('.ant-drawer-open')
  await drawer.getByText('数字化转型专题讲座，面向中层管理者').waitFor()

  // A follow-up note, then 已联系 and 已确认 on the requested day.
  await drawer.locator('.ant-radio-button-wrapper', { hasText: '备注' }).click()
  await drawer.getByPlaceholder('仅工作人员可见').fill(`客户倾向上午授课 ${mark}`)
  await drawer.getByRole('button', { name: '添加记录' }).click()
  await toast(page, '已记录跟进')
  await drawer.locator('.bk-log__text', { hasText: `客户倾向上午授课 ${mark}` }).waitFor()
  await moveTo(page, '已联系')
  await moveTo(page, '已确认', async (dialog) => {
    // The requested day is the default.
    await dialog.getByText(day).first().waitFor()
  })
  await drawer.locator('.ant-drawer-title').getByText('已确认').waitFor()
  await drawer.locator('.ant-descriptions').getByText(day).first().waitFor()
  await drawer.locator('.bk-log').filter({ hasText: '移至「已确认」' }).waitFor()
  await closeDrawer(page)
  await page.waitForURL((url) => url.pathname === '/admin/booking')
  await page
    .getByRole('region', { name: /^已确认/ })
    .getByText(`e2e一中${mark}`)
    .waitFor()

  // The member reads the news in 消息.
  const member = await newPage()
  await signIn(member.page, DEMO_MEMBER, '/user?tab=12')
  await member.page.getByRole('link', { name: new RegExp(`您的预约 ${first.referenceNo} 已确认`) }).waitFor()
  await member.page.getByRole('link', { name: /^消息，\d+ 条未读$/ }).waitFor()
  expect(member.consoleErrors).toEqual([])

  // A second request for the same teacher and day warns of the confirmed one, in its drawer and on the calendar.
  const second = await callAs<Added>(memberToken, 'Course/addBooking', request(teacher.id, type.id, day, `e2e二中${mark}`))
  await page.goto(`${journeys.portal.baseUrl}/admin/booking/${second.id}`)
  await drawer.getByText(`该名师在 ${day} 已有确认的授课（${first.referenceNo}，e2e一中${mark}）`).waitFor()
  await page.goto(`${journeys.portal.baseUrl}/admin/booking/calendar?teacherId=${teacher.id}&month=${day.slice(0, 7)}`)
  const cell = page.locator(`td[title="${day}"]`)
  await cell.locator('.bk-cal-entry:not(.is-requested)', { hasText: `e2e一中${mark}` }).waitFor()
  await cell.locator('.bk-cal-entry.is-requested', { hasText: `e2e二中${mark}` }).click()
  await page.locator('.ant-drawer-open').getByText(second.referenceNo).first().waitFor()

  // The table filtered to 已确认 exports those rows.
  const adminToken = await tokenOf(DEMO_ADMIN)
  const confirmed = await callAs<{ total: number }>(adminToken, 'Admin/bookingList', { page: 1, limit: 1, status: 'confirmed' })
  await page.goto(`${journeys.portal.baseUrl}/admin/booking?view=list&status=confirmed`)
  await page.locator('.ant-table-row').filter({ hasText: first.referenceNo }).waitFor()
  expect(await page.locator('.ant-table-row').filter({ hasText: second.referenceNo }).count()).toBe(0)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 Excel' }).click()])
  expect(download.suggestedFilename()).toMatch(/^名师预约_\d{8}\.xlsx$/)
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'booking-export-')), download.suggestedFilename())
  await download.saveAs(file)
  expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK')
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(file)
  const sheet = workbook.worksheets[0]
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  expect(header.slice(0, 2)).toEqual(['预约编号', '状态'])
  expect(sheet.actualRowCount - 1).toBe(confirmed.total)
  const references: unknown[] = []
  sheet.eachRow((row, index) => {
    if (index > 1) references.push(row.getCell(1).value)
  })
  expect(references).toContain(first.referenceNo)
  expect(references).not.toContain(second.referenceNo)
  await toast(page, `已导出 ${confirmed.total} 条预约`)
  fs.rmSync(path.dirname(file), { recursive: true, force: true })
  expect(staff.consoleErrors).toEqual([])
}, 240_000)

test('a sales account sees 预约管理 alone, finds a request by its teacher and takes it over', async () => {
  const mark = crypto.randomBytes(3).toString('hex')
  const [teacher] = (await api<{ list: { id: number; name: string }[] }>('Teacher/teacherList', { page: 1, limit: 1 })).list
  const [type] = await api<{ id: number }[]>('Course/cooperationType')
  const added = await callAs<Added>(
    await tokenOf(DEMO_MEMBER),
    'Course/addBooking',
    request(teacher.id, type.id, chinaDay(Date.now() + 50 * 24 * 60 * 60_000), `e2e商务${mark}`),
  )

  // An admin invites a sales member, who replaces the first password.
  const nickname = `商务${mark}`
  const phone = `159${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`
  const { password: first } = await callAs<{ password: string }>(await tokenOf(DEMO_ADMIN), 'Admin/staffCreate', {
    phone,
    nickname,
    role: 'sales',
  })
  const password = `Sales${crypto.randomInt(1000, 9999)}ok`
  await callAs(await tokenOf({ phone, password: first }), 'Member/savePass', { oldPassword: first, password, confirmPassword: password })

  const { page, consoleErrors } = await newPage()
  await signIn(page, { phone, password }, '/admin/booking?view=list')
  const menu = page.getByRole('menu', { name: '管理后台导航' })
  await menu.getByText('预约管理').waitFor()
  expect(await menu.getByText('内容管理').count()).toBe(0)
  expect(await menu.getByText('审核').count()).toBe(0)

  // The teacher filter searches the public teacher list, which sales may read.
  const filter = page.getByRole('search', { name: '筛选预约' }).getByLabel('名师')
  await filter.click()
  await filter.fill(teacher.name)
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last()
  await list.locator('.ant-select-item-option', { hasText: teacher.name }).first().waitFor()
  await filter.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('teacherId') === String(teacher.id))
  const row = page.locator('.ant-table-row').filter({ hasText: added.referenceNo })
  await row.getByRole('button', { name: '详情' }).click()

  // They take it over.
  const drawer = page.locator('.ant-drawer-open')
  await drawer.getByText(`e2e商务${mark}`).first().waitFor()
  await chooseOption(page, drawer.getByLabel('指派负责人'), nickname)
  await toast(page, `已指派给 ${nickname}`)
  await closeDrawer(page)
  await row.getByText(nickname, { exact: true }).waitFor()
  expect(consoleErrors).toEqual([])
}, 180_000)
