// Booking a teacher in the browser (issue 26) against the real server and seeded database: a visitor
// books from a teacher's page with the province → city → district picker and the image captcha, gets
// a reference number and looks the request up by it and the phone; the demo member books from a
// course page with the contact filled in from the account and finds the request in 我的预约.
import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_MEMBER } from '../../seed/demo-accounts'
import { audit, settled } from './axe-audit'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api, signIn } = journeys

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A day a few weeks ahead, as the date input takes it. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10)

/** Solves the form's image captcha from the line the server logs for it outside production. */
async function solveCaptcha(page: Page) {
  const image = page.locator('img[data-captcha-id]')
  await image.waitFor()
  const captchaId = await image.getAttribute('data-captcha-id')
  const [, answer] = await journeys.portal.waitForLog(new RegExp(`图形验证码 captchaId=${escapeRegExp(captchaId!)} answer=([^"\\s]+)`))
  await bookingForm(page).getByRole('textbox', { name: '图形验证码' }).fill(answer)
}

const bookingForm = (page: Page) => page.locator('form.booking-form')

/** The request's own part of the form: two days, 半天, the audience and what is asked for. */
async function fillRequest(page: Page, requirements: string) {
  const form = bookingForm(page)
  for (const day of [dayAhead(30), dayAhead(32)]) {
    await form.getByLabel('期望日期').fill(day)
    await form.getByRole('button', { name: '添加日期' }).click()
  }
  await form.getByRole('radio', { name: '半天' }).check()
  await form.getByLabel('听众类型').selectOption({ label: '党政干部' })
  await form.getByLabel('听众人数').fill('80')
  await form.getByLabel('授课主题或需求').fill(requirements)
}

describe('booking a teacher in the browser', () => {
  test('a visitor books from a teacher page with the region picker, gets a reference and looks it up', async () => {
    const { list } = await api<{ list: { id: number; name: string }[] }>('Teacher/teacherList', { page: 1, limit: 1 })
    const teacher = list[0]
    const organization = `某县委党校${crypto.randomBytes(3).toString('hex')}`
    const { page, consoleErrors } = await newPage()

    await page.goto(`${journeys.portal.baseUrl}/teacher/detail/${teacher.id}`)
    await page.getByRole('link', { name: '预约名师' }).click()
    await page.waitForURL((url) => url.pathname === '/booking' && url.searchParams.get('teacher') === String(teacher.id))
    await page.getByRole('heading', { name: `预约：${teacher.name}` }).waitFor()
    const form = bookingForm(page)

    // Sending an empty form names the problems in the API's words.
    await form.getByRole('button', { name: '提交预约' }).click()
    await page.getByText('请选择期望日期或月份').waitFor()
    await page.getByText('请勾选同意工作人员就本次预约与您联系').waitFor()

    await form.getByLabel('合作类型').selectOption({ label: '专题培训' })
    await fillRequest(page, '面向乡镇干部的基层治理专题讲座，含互动答疑。')
    // Province, city and district, each level loaded when its parent is chosen.
    await form.getByRole('combobox', { name: '省份' }).selectOption({ label: '浙江省' })
    await expect.poll(() => form.getByRole('combobox', { name: '城市' }).locator('option').count()).toBeGreaterThan(1)
    await form.getByRole('combobox', { name: '城市' }).selectOption({ label: '杭州市' })
    await expect.poll(() => form.getByRole('combobox', { name: '区县' }).locator('option').count()).toBeGreaterThan(1)
    await form.getByRole('combobox', { name: '区县' }).selectOption({ label: '西湖区' })
    await form.getByLabel('最低预算（元）').fill('20000')
    await form.getByLabel('最高预算（元）').fill('30000')
    await form.getByLabel('单位名称').fill(organization)
    await form.getByLabel('联系人').fill('李老师')
    await form.getByLabel('联系电话').fill('13912345678')
    await form.getByRole('checkbox', { name: /我同意工作人员/ }).check()
    await solveCaptcha(page)
    await form.getByRole('button', { name: '提交预约' }).click()

    await page.getByRole('heading', { name: '预约已提交' }).waitFor()
    const reference = ((await page.locator('.booking-done__number').textContent()) ?? '').trim()
    expect(reference).toMatch(/^YY-\d{8}-\d{4}$/)
    await settled(page)
    expect(await audit(page, '/booking (done)')).toEqual([])

    // 查询预约进度 carries the number; the phone finds the request, its state and its place.
    await page.locator('.booking-done').getByRole('link', { name: '查询预约进度' }).click()
    await page.waitForURL((url) => url.pathname === '/booking/lookup')
    const lookup = page.locator('form.booking-lookup__form')
    expect(await lookup.getByLabel('预约编号').inputValue()).toBe(reference)
    await lookup.getByLabel('联系电话').fill('13912345678')
    await lookup.getByRole('button', { name: '查 询' }).click()
    const result = page.locator('.booking-view')
    await result.waitFor()
    expect(await result.locator('.booking-status').textContent()).toBe('新提交')
    await result.getByText('浙江省 杭州市 西湖区').waitFor()
    await result.getByText(organization).waitFor()
    await result.getByText('提交预约').waitFor()
    await settled(page)
    expect(await audit(page, '/booking/lookup (found)')).toEqual([])

    // A wrong phone finds nothing.
    await lookup.getByLabel('联系电话').fill('13900000000')
    await lookup.getByRole('button', { name: '查 询' }).click()
    await page.getByRole('alert').filter({ hasText: '未找到该预约' }).waitFor()
    expect(consoleErrors.filter((text) => !text.includes('status of 404'))).toEqual([])
  })

  test('a member books from a course page pre-filled, without captcha, and sees the request in 我的预约', async () => {
    const { list } = await api<{ list: { id: number; title: string }[] }>('Course/courseList', { page: 1, limit: 1 })
    const course = list[0]
    const requirements = `为新任处级干部讲授本课程 ${crypto.randomBytes(3).toString('hex')}`
    const { page, consoleErrors } = await newPage()
    await signIn(page, DEMO_MEMBER, `/course/detail/${course.id}`)

    await page.getByRole('link', { name: '邀请授课' }).click()
    await page.waitForURL((url) => url.pathname === '/booking' && url.searchParams.get('course') === String(course.id))
    await page.getByRole('heading', { name: new RegExp(`《${escapeRegExp(course.title)}》`) }).waitFor()
    const form = bookingForm(page)
    // The contact comes from the account; a member types no captcha.
    await expect.poll(() => form.getByLabel('联系电话').inputValue()).toBe(DEMO_MEMBER.phone)
    expect(await form.getByLabel('联系人').inputValue()).not.toBe('')
    expect(await form.locator('img[data-captcha-id]').count()).toBe(0)

    await form.getByLabel('合作类型').selectOption({ label: '干部讲座' })
    await fillRequest(page, requirements)
    await form.getByRole('switch', { name: '线上授课' }).check()
    if (!(await form.getByLabel('单位名称').inputValue())) await form.getByLabel('单位名称').fill('某市委组织部')
    await form.getByRole('checkbox', { name: /我同意工作人员/ }).check()
    await form.getByRole('button', { name: '提交预约' }).click()
    await page.getByRole('heading', { name: '预约已提交' }).waitFor()
    const reference = ((await page.locator('.booking-done__number').textContent()) ?? '').trim()

    await page.locator('.booking-done').getByRole('link', { name: '查看我的预约' }).click()
    await page.waitForURL((url) => url.pathname === '/user' && url.searchParams.get('tab') === '14')
    const row = page.locator('.my-bookings__item').filter({ hasText: reference })
    await row.waitFor()
    expect(await row.locator('.booking-status').textContent()).toBe('新提交')
    await row.click()
    const view = page.locator('.booking-view')
    await view.getByText(requirements).waitFor()
    await view.getByText('线上授课').first().waitFor()
    await settled(page)
    expect(await audit(page, '/user?tab=14 (detail)')).toEqual([])

    // 取消预约 asks first, then the request is cancelled and can no longer be.
    await view.getByRole('button', { name: '取消预约' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: '取消预约' }).click()
    await page.waitForFunction(() => document.querySelector('.booking-view .booking-status')?.textContent === '已取消')
    expect(await view.getByRole('button', { name: '取消预约' }).count()).toBe(0)
    expect(consoleErrors).toEqual([])
  })
})
