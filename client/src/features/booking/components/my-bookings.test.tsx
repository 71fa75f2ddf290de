import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { BookingView } from '../../../../../common/api/booking'
import { usePageParam } from '../../../lib/use-page-param'
import { renderRoutes } from '../../../testing/render-routes'
import { MyBookings } from './my-bookings'

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { status: 200 })

const VIEW: BookingView = {
  id: 3,
  referenceNo: 'YY-20261128-0003',
  status: 'contacted',
  statusText: '已联系',
  statusHint: '工作人员已与您联系，正在沟通授课安排',
  closeReason: '',
  typeName: '干部讲座',
  teacher: { id: 5, name: '王教授' },
  course: null,
  days: ['2026-12-18', '2026-12-19'],
  month: '',
  confirmedDays: [],
  isOnline: false,
  placeText: '浙江省 杭州市 西湖区',
  audienceText: '党政干部 · 约 120 人',
  durationText: '半天',
  requirements: '数字经济专题讲座',
  budgetText: '2 万元 - 3 万元',
  organization: '杭州市委党校',
  contactName: '张主任',
  phone: '138****8000',
  createdAt: '2026-11-28T02:14:00.000Z',
  events: [
    { kind: 'status', text: '', status: 'contacted', statusText: '已联系', createdAt: '2026-11-28T03:00:00.000Z' },
    {
      kind: 'reply',
      text: '王教授 12 月 18 日可以安排，稍后发送方案。',
      status: null,
      statusText: '',
      createdAt: '2026-11-28T04:00:00.000Z',
    },
  ],
  canCancel: true,
}
const SUMMARY = {
  id: 3,
  referenceNo: VIEW.referenceNo,
  status: VIEW.status,
  statusText: VIEW.statusText,
  typeName: VIEW.typeName,
  teacherName: '王教授',
  courseTitle: '',
  whenText: '2026-12-18 等 2 天',
  placeText: VIEW.placeText,
  createdAt: VIEW.createdAt,
}

/** Member/bookingList, bookingDetail and bookingCancel at the network boundary; records the cancels. */
function server(first: BookingView = VIEW) {
  const cancels: unknown[] = []
  let view = first
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Record<string, unknown>
      if (url === '/api/Member/bookingList') return ok({ list: [SUMMARY], total: 1, page: 1, limit: 10 })
      if (url === '/api/Member/bookingDetail') return ok(view)
      if (url === '/api/Member/bookingCancel') {
        cancels.push(body)
        view = {
          ...VIEW,
          status: 'cancelled',
          statusText: '已取消',
          statusHint: '本次预约已取消',
          closeReason: '预约人取消',
          canCancel: false,
        }
        return ok(view)
      }
      throw new Error(`unexpected request ${url}`)
    }),
  )
  return cancels
}

function Tab() {
  const [page, setPage] = usePageParam()
  return <MyBookings page={page} onPageChange={setPage} />
}

afterEach(() => vi.unstubAllGlobals())

describe('MyBookings (我的预约)', () => {
  test('lists the requests with their state, opens one with its timeline, and cancels it after asking', async () => {
    const cancels = server()
    const router = renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=14')

    const row = await screen.findByRole('button', { name: /预约 王教授/ }, { timeout: 5000 })
    expect(within(row).getByText('已联系')).toBeTruthy()
    fireEvent.click(row)

    expect(await screen.findByText('王教授 12 月 18 日可以安排，稍后发送方案。')).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=14&booking=3')
    expect(screen.getByText('状态更新为「已联系」')).toBeTruthy()
    expect(screen.getByText('浙江省 杭州市 西湖区')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '取消预约' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: '取消预约' }))

    await waitFor(() => expect(screen.getByText('本次预约已取消')).toBeTruthy())
    expect(cancels).toEqual([{ id: 3 }])
    expect(screen.queryByRole('button', { name: '取消预约' })).toBeNull()
    expect(screen.getByText('原因：预约人取消')).toBeTruthy()
  })

  test('a rescheduled booking shows its new days, and the reschedule in its timeline', async () => {
    const change = '改期：12月18日、12月19日 → 12月24日、12月25日（学校调整了开学时间）'
    server({
      ...VIEW,
      status: 'confirmed',
      statusText: '已确认',
      statusHint: '授课安排已确认，请按约定时间做好准备',
      confirmedDays: ['2026-12-24', '2026-12-25'],
      canCancel: false,
      events: [...VIEW.events, { kind: 'reschedule', text: change, status: null, statusText: '', createdAt: '2026-11-29T02:00:00.000Z' }],
    })
    renderRoutes([{ path: '/user', element: <Tab /> }], '/user?tab=14')

    fireEvent.click(await screen.findByRole('button', { name: /预约 王教授/ }, { timeout: 5000 }))

    expect(await screen.findByText('2026-12-24、2026-12-25')).toBeTruthy()
    expect(screen.getByText('授课日期已调整')).toBeTruthy()
    expect(screen.getByText(change)).toBeTruthy()
  })
})
