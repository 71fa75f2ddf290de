import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { BOOKING_STATUSES, BOOKING_STATUS_TEXT, type BookingStatus } from '../../../../common/rules/booking'
import { callsTo, CONSOLE_TEST_TIMEOUT, refuse, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'
import type { BookingDetail, BookingRow } from './booking-shared'

afterEach(() => {
  vi.unstubAllGlobals()
})

const row = (id: number, more: Partial<BookingRow> = {}): BookingRow => ({
  id,
  referenceNo: `YY-20261128-000${id}`,
  status: 'new',
  statusText: '新提交',
  source: 'teacher',
  sourceText: '名师页',
  typeId: 1,
  typeName: '企业内训',
  teacher: { id: 7, name: '王立群' },
  course: null,
  organization: `单位${id}`,
  contactName: '李老师',
  phone: '13800138000',
  whenText: '2026-12-10',
  firstDay: '2026-12-10',
  placeText: '北京市 海淀区',
  provinceCode: '110000',
  audienceText: '企业高管 · 约 80 人',
  durationText: '半天',
  budgetText: '1 万元 - 2 万元',
  assignee: null,
  isOverdue: false,
  hasOverlap: false,
  createdAt: '2026-11-27T02:00:00.000Z',
  ...more,
})

const board = (items: BookingRow[]) => ({
  columns: BOOKING_STATUSES.map((status) => {
    const inColumn = items.filter((item) => item.status === status)
    return { status, statusText: BOOKING_STATUS_TEXT[status], total: inColumn.length, items: inColumn }
  }),
})

const detail = (more: Partial<BookingDetail> = {}): BookingDetail => ({
  ...row(1),
  days: ['2026-12-10', '2026-12-11'],
  month: '',
  isOnline: false,
  regionCode: '110108',
  districtCode: '110108',
  cityCode: '110100',
  audienceKind: 'executive',
  audienceSize: 80,
  duration: 'half-day',
  requirements: '数字化转型专题讲座',
  budgetMin: 10000,
  budgetMax: 20000,
  closeReason: null,
  memberId: 3,
  confirmedDays: [],
  followUps: [
    {
      id: 2,
      kind: 'call',
      kindText: '电话沟通',
      text: '已电话联系，对方希望上午授课',
      amount: null,
      status: null,
      statusText: null,
      staff: { id: 1, nickname: '平台管理员' },
      createdAt: '2026-11-27T03:00:00.000Z',
    },
  ],
  assignees: [
    { id: 1, nickname: '平台管理员' },
    { id: 5, nickname: '商务小周' },
  ],
  moves: ['contacted', 'quoted', 'confirmed', 'cancelled', 'lost'],
  overlaps: [],
  ...more,
})

const server = (answers: Record<string, unknown> = {}) => {
  signIn()
  return stubServer({
    'Member/getUserInfo': userInfo('sales', '商务小周'),
    'Admin/pendingCounts': { contributions: 0, videos: 0, comments: 0, bookings: 2, bookingsOverdue: 1 },
    'Admin/bookingBoard': board([
      row(1, { isOverdue: true }),
      row(2, { status: 'contacted', statusText: '已联系', hasOverlap: true, assignee: { id: 5, nickname: '商务小周' } }),
    ]),
    'Admin/bookingGet': detail(),
    'Admin/bookingMove': (body: unknown) => detail({ status: (body as { status: BookingStatus }).status }),
    'Teacher/teacherList': { list: [], total: 0, page: 1, limit: 50 },
    'Course/cooperationType': [],
    ...answers,
  })
}

/** The move dialog, once open. */
const moveDialog = async () => (await screen.findByText(/^移动状态 · YY-/)).closest('.ant-modal') as HTMLElement

/** Opens a card's 移动到… menu and picks a state. */
async function moveCard(reference: string, target: string) {
  fireEvent.click(await screen.findByRole('button', { name: `移动「${reference}」到…` }))
  fireEvent.click(await screen.findByRole('menuitem', { name: target }))
}

describe('the booking board', { timeout: 2 * CONSOLE_TEST_TIMEOUT }, () => {
  test('shows a column per state with its cards, the badges in the menu, and opens a card in the drawer', async () => {
    const calls = server({
      'Admin/bookingGet': detail({
        overlaps: [{ bookingId: 9, referenceNo: 'YY-20261101-0003', organization: '某单位', day: '2026-12-10' }],
      }),
    })
    renderAdmin('/admin/booking')

    const column = await screen.findByRole('region', { name: '新提交（1）' })
    const card = within(column).getByRole('button', { name: 'YY-20261128-0001 单位1' })
    expect(within(card).getByText('王立群')).toBeTruthy()
    expect(within(card).getByText('2026-12-10')).toBeTruthy()
    expect(within(card).getByText('北京市 海淀区')).toBeTruthy()
    expect(within(card).getByText('超 24 小时未回复')).toBeTruthy()
    const contacted = screen.getByRole('region', { name: '已联系（1）' })
    expect(within(contacted).getByRole('img', { name: '档期冲突' })).toBeTruthy()
    expect(within(contacted).getByText('商务小周')).toBeTruthy()
    for (const status of ['已报价', '已确认', '已完成', '已取消', '未成交'])
      expect(screen.getByRole('region', { name: `${status}（0）` })).toBeTruthy()
    // The menu: 预约管理 for sales, with the new requests and the overdue ones; no content pages.
    expect((await screen.findAllByLabelText('2 项待处理')).length).toBeGreaterThan(0)
    // Once, beside 预约处理: the open group's own label leaves the warning to its page (the sider is too narrow for both).
    expect(screen.getAllByLabelText('1 项超时未处理')).toHaveLength(1)
    expect(screen.queryByText('内容管理')).toBeNull()

    fireEvent.click(card)
    const drawer = await screen.findByRole('dialog')
    expect(await within(drawer).findByText('数字化转型专题讲座')).toBeTruthy()
    expect(within(drawer).getByText(/该名师在 2026-12-10 已有确认的授课/)).toBeTruthy()
    expect(within(drawer).getByText('YY-20261101-0003')).toBeTruthy()
    expect(within(drawer).getByText('已电话联系，对方希望上午授课')).toBeTruthy()
    expect(callsTo(calls, 'Admin/bookingGet').map((call) => call.body)).toContainEqual({ id: 1 })
    expect(callsTo(calls, 'Admin/bookingBoard')[0].body).toEqual({})
  })

  test('a move that needs nothing more is one call; the server refusal shows as a message', async () => {
    const calls = server({ 'Admin/bookingMove': refuse(400, '不能从「已联系」改为「新提交」') })
    renderAdmin('/admin/booking')

    await moveCard('YY-20261128-0002', '已报价')
    await waitFor(() => expect(callsTo(calls, 'Admin/bookingMove').map((call) => call.body)).toEqual([{ id: 2, status: 'quoted' }]))
    expect(await screen.findByText('不能从「已联系」改为「新提交」')).toBeTruthy()
  })
})

describe('the move dialog', { timeout: 2 * CONSOLE_TEST_TIMEOUT }, () => {
  test('cancelling asks for a reason before anything is sent', async () => {
    const calls = server()
    renderAdmin('/admin/booking')

    await moveCard('YY-20261128-0001', '已取消')
    const dialog = await moveDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: /确定移动/ }))
    expect(await within(dialog).findByText('请填写取消或未成交的原因')).toBeTruthy()
    expect(callsTo(calls, 'Admin/bookingMove')).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '活动取消' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /确定移动/ }))
    await waitFor(() =>
      expect(callsTo(calls, 'Admin/bookingMove').map((call) => call.body)).toEqual([{ id: 1, status: 'cancelled', reason: '活动取消' }]),
    )
    expect(await screen.findByText('已移至「已取消」')).toBeTruthy()
  })

  test('confirming sends the requested days unless staff change them; other moves take no reason', async () => {
    const calls = server()
    renderAdmin('/admin/booking')

    await moveCard('YY-20261128-0001', '已确认')
    const dialog = await moveDialog()
    expect(await within(dialog).findByText('确认的授课日期')).toBeTruthy()
    expect(within(dialog).getByLabelText(/^说明/)).toBeTruthy()
    await waitFor(() => expect(within(dialog).getAllByText(/2026-12-1[01]/).length).toBeGreaterThan(0))
    fireEvent.click(within(dialog).getByRole('button', { name: /确定移动/ }))
    await waitFor(() =>
      expect(callsTo(calls, 'Admin/bookingMove').map((call) => call.body)).toEqual([
        { id: 1, status: 'confirmed', confirmedDays: ['2026-12-10', '2026-12-11'] },
      ]),
    )
  })
})

describe('the follow-up form', { timeout: 2 * CONSOLE_TEST_TIMEOUT }, () => {
  test('a quote needs its amount; a reply says the requester reads it', async () => {
    const calls = server({
      'Admin/bookingFollowUp': (body: unknown) => {
        const { kind, text, amount } = body as { kind: 'quote'; text: string; amount: number }
        return detail({
          followUps: [
            {
              id: 3,
              kind,
              kindText: '报价',
              text,
              amount,
              status: null,
              statusText: null,
              staff: { id: 5, nickname: '商务小周' },
              createdAt: '2026-11-28T01:00:00.000Z',
            },
            ...detail().followUps,
          ],
        })
      },
    })
    renderAdmin('/admin/booking/1')

    const drawer = await screen.findByRole('dialog')
    const form = await within(drawer).findByRole('form', { name: '添加跟进' })
    fireEvent.click(within(form).getByRole('radio', { name: '报价' }))
    fireEvent.change(await within(form).findByLabelText('报价说明'), { target: { value: '含讲课费及差旅' } })
    fireEvent.click(within(form).getByRole('button', { name: /添加记录/ }))
    expect(await within(form).findByText('请填写报价金额')).toBeTruthy()
    expect(callsTo(calls, 'Admin/bookingFollowUp')).toEqual([])

    fireEvent.change(within(form).getByRole('spinbutton'), { target: { value: '12000' } })
    fireEvent.click(within(form).getByRole('button', { name: /添加记录/ }))
    await waitFor(() =>
      expect(callsTo(calls, 'Admin/bookingFollowUp').map((call) => call.body)).toEqual([
        { id: 1, kind: 'quote', text: '含讲课费及差旅', amount: 12000 },
      ]),
    )
    // The log shows it first, newest on top, with its amount and who wrote it.
    const entry = (await within(drawer).findByText('含讲课费及差旅', { selector: '.bk-log__text' })).closest('.bk-log')!
    expect(within(entry as HTMLElement).getByText('12,000 元')).toBeTruthy()
    expect(within(entry as HTMLElement).getByText(/商务小周/)).toBeTruthy()

    fireEvent.click(within(form).getByRole('radio', { name: '回复预约人' }))
    expect(await within(form).findByText(/回复将发送给预约人/)).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: /发送回复/ }))
    expect(await within(form).findByText('请填写回复内容')).toBeTruthy()
  })
})

describe('the reschedule dialog', { timeout: 2 * CONSOLE_TEST_TIMEOUT }, () => {
  const confirmed = (more: Partial<BookingDetail> = {}) =>
    detail({
      status: 'confirmed',
      statusText: '已确认',
      confirmedDays: ['2026-12-10', '2026-12-11'],
      moves: ['contacted', 'quoted', 'completed', 'cancelled', 'lost'],
      ...more,
    })
  const rescheduleDialog = async () => (await screen.findByText(/^改期 · YY-/)).closest('.ant-modal') as HTMLElement
  /** Toggles days in the dialog's picker, then leaves it as a click elsewhere does: the picker keeps the days as it closes. */
  async function toggleDays(dialog: HTMLElement, days: string[]) {
    fireEvent.click(dialog.querySelector('.ant-picker input')!)
    const cellOf = (day: string) =>
      waitFor(() => {
        const cell = document.querySelector(`.ant-picker-dropdown td[title="${day}"]`)
        if (!cell) throw new Error(`no ${day} in the picker`)
        return cell
      })
    for (const day of days) fireEvent.click(await cellOf(day))
    const dropdown = (await cellOf(days[0])).closest('.ant-picker-dropdown')!
    fireEvent.focusOut(dropdown.querySelector('.ant-picker-panel')!)
    await waitFor(() => expect(dropdown.classList.contains('ant-picker-dropdown-hidden')).toBe(true))
  }

  test('is offered for a confirmed booking only', async () => {
    server()
    renderAdmin('/admin/booking/1')

    const drawer = await screen.findByRole('dialog')
    expect(await within(drawer).findByRole('button', { name: /移动状态/ })).toBeTruthy()
    expect(within(drawer).queryByRole('button', { name: /改期/ })).toBeNull()
  })

  test('opens with the confirmed days, refuses them unchanged, and sends the chosen days and reason', async () => {
    const calls = server({
      'Admin/bookingGet': confirmed(),
      'Admin/bookingReschedule': (body: unknown) =>
        confirmed({
          confirmedDays: (body as { confirmedDays: string[] }).confirmedDays,
          overlaps: [{ bookingId: 9, referenceNo: 'YY-20261101-0003', organization: '某单位', day: '2026-12-17' }],
        }),
    })
    renderAdmin('/admin/booking/1')

    const drawer = await screen.findByRole('dialog')
    fireEvent.click(await within(drawer).findByRole('button', { name: /改期/ }))
    const dialog = await rescheduleDialog()
    expect(within(dialog).getByText(/当前确认日期 2026-12-10、2026-12-11/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: /确定改期/ }))
    expect(await within(dialog).findByText('日期未变化')).toBeTruthy()
    expect(callsTo(calls, 'Admin/bookingReschedule')).toEqual([])

    // In the picker: 12-11 off, 12-17 on.
    await toggleDays(dialog, ['2026-12-11', '2026-12-17'])
    fireEvent.change(within(dialog).getByLabelText(/^改期原因/), { target: { value: ' 学校调整了开学时间 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /确定改期/ }))

    await waitFor(() =>
      expect(callsTo(calls, 'Admin/bookingReschedule').map((call) => call.body)).toEqual([
        { id: 1, confirmedDays: ['2026-12-10', '2026-12-17'], reason: '学校调整了开学时间' },
      ]),
    )
    expect(await screen.findByText('已改期')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText(/^改期 · YY-/)).toBeNull())
    // The drawer shows the answer: the new days, and the warning for them as after confirming.
    expect(within(drawer).getByText('2026-12-17')).toBeTruthy()
    expect(within(drawer).queryByText('2026-12-11')).toBeNull()
    expect(within(drawer).getByText(/该名师在 2026-12-17 已有确认的授课/)).toBeTruthy()
  })

  test('shows the server’s refusal and stays open', async () => {
    const calls = server({
      'Admin/bookingGet': confirmed(),
      'Admin/bookingReschedule': refuse(400, '仅已确认的预约可以改期'),
    })
    renderAdmin('/admin/booking/1')

    const drawer = await screen.findByRole('dialog')
    fireEvent.click(await within(drawer).findByRole('button', { name: /改期/ }))
    const dialog = await rescheduleDialog()
    await toggleDays(dialog, ['2026-12-18'])
    fireEvent.click(within(dialog).getByRole('button', { name: /确定改期/ }))

    expect(await screen.findByText('仅已确认的预约可以改期')).toBeTruthy()
    expect(callsTo(calls, 'Admin/bookingReschedule').map((call) => call.body)).toEqual([
      { id: 1, confirmedDays: ['2026-12-10', '2026-12-11', '2026-12-18'] },
    ])
    expect(screen.getByText(/^改期 · YY-/)).toBeTruthy()
  })
})
