import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { chinaDay } from '../../../../../common/rules'
import { renderRoutes } from '../../../testing/render-routes'
import { BookingForm, type BookingPreset } from './booking-form'

type Call = { url: string; body: Record<string, unknown> }
const TYPES = [
  { id: 1, name: '专题培训' },
  { id: 2, name: '干部讲座' },
]
const REGIONS: Record<string, { code: string; name: string; hasChildren: boolean }[]> = {
  '': [{ code: '330000', name: '浙江省', hasChildren: true }],
  '330000': [{ code: '330100', name: '杭州市', hasChildren: true }],
  '330100': [{ code: '330106', name: '西湖区', hasChildren: false }],
}
const CREATED = { id: 9, referenceNo: 'YY-20261128-0007', message: '预约已提交，我们将在 1 个工作日内与您联系' }
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { status: 200 })

/** The server at the network boundary: regions, a new image per captcha call, the prefill, and `answer` to addBooking. */
function server(answer: [unknown, number] = [{ code: 200, msg: '操作成功', data: CREATED }, 200]) {
  const calls: Call[] = []
  let captchas = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse((init.body as string) ?? '{}') as Record<string, unknown>
      calls.push({ url, body })
      if (url === '/api/Region/children') return ok(REGIONS[(body.code as string | undefined) ?? ''] ?? [])
      if (url === '/api/Member/captcha')
        return ok({ captchaId: `cap-${++captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 })
      if (url === '/api/Member/bookingPrefill') return ok({ organization: '某市委党校', contactName: '张主任', phone: '13800138000' })
      if (url === '/api/Course/addBooking') return new Response(JSON.stringify(answer[0]), { status: answer[1] })
      throw new Error(`unexpected request ${url}`)
    }),
  )
  return calls
}
const sent = (calls: Call[]) => calls.filter((call) => call.url === '/api/Course/addBooking').map((call) => call.body)

const PRESET: BookingPreset = { typeId: 2, teacher: { id: 5, name: '王教授' }, course: { id: 8, title: '数字经济与产业升级' } }
const renderForm = (isMember = false, preset = PRESET) =>
  renderRoutes(
    [
      { path: '/', element: <BookingForm types={TYPES} preset={preset} isMember={isMember} /> },
      { path: '/booking/lookup', element: <p>lookup page</p> },
    ],
    '/',
  )

const nextYear = Number(chinaDay(Date.now()).slice(0, 4)) + 1
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交预约' }))
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** Everything but the contact and the consent. */
async function fillRequest() {
  type('期望日期', `${nextYear}-03-18`)
  fireEvent.click(screen.getByRole('button', { name: '添加日期' }))
  fireEvent.click(screen.getByRole('radio', { name: '半天' }))
  await screen.findByRole('option', { name: '浙江省' }, { timeout: 5000 })
  type('省份', '330000')
  await screen.findByRole('option', { name: '杭州市' })
  type('城市', '330100')
  await screen.findByRole('option', { name: '西湖区' })
  type('区县', '330106')
  type('听众类型', 'cadre')
  type('听众人数', '120')
  type('授课主题或需求', '面向处级干部的数字经济专题讲座')
}

afterEach(() => vi.unstubAllGlobals())

describe('BookingForm', () => {
  test('names the teacher and course at the top and preselects the type', () => {
    server()
    renderForm()

    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('预约：王教授 · 《数字经济与产业升级》')
    expect((screen.getByLabelText('合作类型') as HTMLSelectElement).value).toBe('2')
  })

  test('an empty form names each problem in the words the API uses and sends nothing', async () => {
    const calls = server()
    renderForm(false, { teacher: { id: 5, name: '王教授' } })

    submit()

    for (const message of [
      '请选择合作类型',
      '请选择期望日期或月份',
      '请选择授课地点，或选择线上授课',
      '请选择听众类型',
      '请填写听众人数',
      '请选择授课时长',
      '请填写授课主题或需求',
      '请输入单位名称',
      '请输入联系人',
      '请输入联系电话',
      '请输入图形验证码',
      '请勾选同意工作人员就本次预约与您联系',
    ])
      expect(await screen.findByText(message, { selector: '.field-error' })).toBeTruthy()
    // The first field with a problem takes the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('合作类型'))
    expect(sent(calls)).toEqual([])
  })

  test('checks across fields: a half-chosen place, a budget upside down, a wrong phone, a month in the past', async () => {
    server()
    renderForm()

    await screen.findByRole('option', { name: '浙江省' }, { timeout: 5000 })
    type('省份', '330000')
    await screen.findByRole('option', { name: '杭州市' })
    type('城市', '330100')
    type('最低预算（元）', '50000')
    type('最高预算（元）', '20000')
    type('联系电话', '12345')
    type('听众人数', '0')
    fireEvent.click(screen.getByRole('radio', { name: '只定月份' }))
    type('期望月份', '2020-01')
    submit()

    expect(await screen.findByText('请选择到区县')).toBeTruthy()
    expect(screen.getByText('预算下限不能高于上限', { selector: '.field-error' })).toBeTruthy()
    expect(screen.getByText('请输入正确的手机号或带区号的固定电话')).toBeTruthy()
    expect(screen.getByText('听众人数至少 1 人')).toBeTruthy()
    expect(screen.getByText('期望月份不能早于本月')).toBeTruthy()

    // 线上授课 needs no place.
    fireEvent.click(screen.getByRole('switch', { name: '线上授课' }))
    expect(screen.queryByText('请选择到区县')).toBeNull()
    expect(screen.queryByRole('combobox', { name: '省份' })).toBeNull()
  })

  test('days: at most five, no past day, each removable', async () => {
    server()
    renderForm()

    type('期望日期', '2020-01-01')
    fireEvent.click(screen.getByRole('button', { name: '添加日期' }))
    expect(await screen.findByText('期望日期不能早于今天')).toBeTruthy()

    for (const day of [10, 11, 12, 13, 14]) {
      type('期望日期', `${nextYear}-04-${day}`)
      fireEvent.click(screen.getByRole('button', { name: '添加日期' }))
    }
    const chosen = screen.getByRole('list', { name: '已选日期' })
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(5)
    expect((screen.getByRole('button', { name: '添加日期' }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: `移除 ${nextYear}-04-12` }))
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(4)
    expect((screen.getByRole('button', { name: '添加日期' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test('a visitor sends the request with the captcha and gets the reference number and the way to look it up', async () => {
    const calls = server()
    renderForm()

    await fillRequest()
    type('最低预算（元）', '20000')
    type('最高预算（元）', '30000')
    type('单位名称', '某市委党校')
    type('联系人', '李老师')
    type('联系电话', '010-12345678')
    fireEvent.click(screen.getByRole('checkbox', { name: /我同意工作人员/ }))
    await screen.findByRole('img', { name: '图形验证码' })
    type('图形验证码', 'ab12')
    submit()

    expect(await screen.findByRole('heading', { name: '预约已提交' })).toBeTruthy()
    expect(screen.getByText('YY-20261128-0007')).toBeTruthy()
    expect(screen.getByRole('link', { name: '查询预约进度' }).getAttribute('href')).toBe('/booking/lookup?ref=YY-20261128-0007')
    expect(sent(calls)).toEqual([
      {
        typeId: 2,
        teacherId: 5,
        courseId: 8,
        days: [`${nextYear}-03-18`],
        month: '',
        isOnline: false,
        regionCode: '330106',
        audienceKind: 'cadre',
        audienceSize: 120,
        duration: 'half-day',
        requirements: '面向处级干部的数字经济专题讲座',
        budgetMin: 20000,
        budgetMax: 30000,
        organization: '某市委党校',
        contactName: '李老师',
        phone: '010-12345678',
        consent: true,
        captchaId: 'cap-1',
        captchaCode: 'ab12',
      },
    ])
  })

  test('the number can be copied', async () => {
    server()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderForm(true)

    await fillRequest()
    await waitFor(() => expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe('13800138000'))
    fireEvent.click(screen.getByRole('checkbox', { name: /我同意工作人员/ }))
    submit()
    fireEvent.click(await screen.findByRole('button', { name: '复制编号' }))

    expect(await screen.findByText('预约编号已复制')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith('YY-20261128-0007')
  })

  test('a member starts pre-filled, sends no captcha and is sent to 我的预约', async () => {
    const calls = server()
    renderForm(true)

    await waitFor(() => expect((screen.getByLabelText('单位名称') as HTMLInputElement).value).toBe('某市委党校'))
    expect((screen.getByLabelText('联系人') as HTMLInputElement).value).toBe('张主任')
    expect(screen.queryByLabelText('图形验证码')).toBeNull()

    await fillRequest()
    fireEvent.click(screen.getByRole('checkbox', { name: /我同意工作人员/ }))
    submit()

    expect(await screen.findByRole('link', { name: '查看我的预约' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看我的预约' }).getAttribute('href')).toBe('/user?tab=14')
    expect(sent(calls)[0]).not.toHaveProperty('captchaId')
    expect(calls.some((call) => call.url === '/api/Member/captcha')).toBe(false)
  })

  test("the server's refusal shows beside the button and the captcha is drawn again", async () => {
    const calls = server([{ code: 400, msg: '期望日期不能早于今天', data: null }, 400])
    renderForm()

    await fillRequest()
    type('单位名称', '某市委党校')
    type('联系人', '李老师')
    type('联系电话', '13912345678')
    fireEvent.click(screen.getByRole('checkbox', { name: /我同意工作人员/ }))
    await screen.findByRole('img', { name: '图形验证码' })
    type('图形验证码', 'ab12')
    submit()

    expect((await screen.findAllByText('期望日期不能早于今天')).length).toBeGreaterThan(0)
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/Member/captcha')).toHaveLength(2))
    expect((screen.getByLabelText('图形验证码') as HTMLInputElement).value).toBe('')
  })
})
