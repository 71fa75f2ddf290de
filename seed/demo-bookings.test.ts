// The demo requests `npm run seed` files with the demo accounts (server/test/global-setup.ts seeds every
// test database that way): what 预约管理 and 我的预约 show, read through the actions people use.
import request from '../server/test/request'
import { createApp } from '../server/app'
import { prisma } from '../server/db'
import { signMemberToken } from '../server/data/member-tokens'
import { Code } from '../server/lib/api-error'
import { clock } from '../server/lib/clock'
import { ALERT_DELIVER_JOB } from '../server/features/alert/alert.service'
import { BOOKING_REFERENCE_PATTERN, OPEN_BOOKING_STATUSES, chinaDay } from '../common/rules/booking'
import { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts'
import { addDemoBookings } from './demo-bookings'

const app = createApp()
const accounts = { member: DEMO_MEMBER, admin: DEMO_ADMIN }
const DEMO_STATES = { new: 3, contacted: 2, quoted: 1, confirmed: 2, completed: 2, cancelled: 1, lost: 1 }

type Row = {
  id: number
  referenceNo: string
  status: string
  phone: string
  teacher: { id: number } | null
  isOverdue: boolean
  hasOverlap: boolean
}

let adminAuth: string
let memberAuth: string
beforeAll(async () => {
  const tokenOf = async (phone: string) => `Bearer ${signMemberToken(await prisma.member.findUniqueOrThrow({ where: { phone } }), false)}`
  adminAuth = await tokenOf(DEMO_ADMIN.phone)
  memberAuth = await tokenOf(DEMO_MEMBER.phone)
})

const call = (path: string, auth: string, body: object = {}) => request(app).post(`/api/${path}`).set('Authorization', auth).send(body)
const columnTotals = async () => {
  const res = await call('Admin/bookingBoard', adminAuth)
  expect(res.body.code).toBe(Code.OK)
  return Object.fromEntries((res.body.data.columns as { status: string; total: number }[]).map((column) => [column.status, column.total]))
}
const listAll = async (filters: object = {}) => {
  const res = await call('Admin/bookingList', adminAuth, { page: 1, limit: 50, ...filters })
  expect(res.body.code).toBe(Code.OK)
  return res.body.data as { total: number; list: Row[] }
}

describe('the demo bookings', () => {
  test("fill every column of the console's board, filed as requests are: numbered, from the demo member or fictitious phones", async () => {
    expect(await columnTotals()).toEqual(DEMO_STATES)

    const { total, list } = await listAll()
    expect(total).toBe(12)
    for (const row of list) {
      expect(row.referenceNo).toMatch(BOOKING_REFERENCE_PATTERN)
      expect(row.phone === DEMO_MEMBER.phone || /^1990000\d{4}$/.test(row.phone), row.phone).toBe(true)
    }
    // One new request waits unanswered for more than a day: the badge and the 超时未回复 filter.
    expect((await listAll({ overdue: true })).list).toEqual([expect.objectContaining({ status: 'new', isOverdue: true })])
    const admin = await prisma.member.findUniqueOrThrow({ where: { phone: DEMO_ADMIN.phone } })
    expect((await listAll({ assigneeId: admin.id })).total).toBeGreaterThan(0)
  })

  test("the demo member's 我的预约 lists theirs in four states, newest first, with staff replies", async () => {
    const res = await call('Member/bookingList', memberAuth, { page: 1, limit: 10 })

    expect(res.body.code).toBe(Code.OK)
    const mine = res.body.data.list as { id: number; status: string }[]
    expect(mine.map((booking) => booking.status)).toEqual(['new', 'contacted', 'confirmed', 'completed'])
    const confirmed = await call('Member/bookingDetail', memberAuth, { id: mine[2].id })
    expect(confirmed.body.data.events).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'reply' }), expect.objectContaining({ status: 'confirmed' })]),
    )
  })

  test('the calendar shows confirmed days, and a request asking for one of them warns of the overlap', async () => {
    const clash = (await listAll()).list.find((row) => row.hasOverlap)!
    const detail = (await call('Admin/bookingGet', adminAuth, { id: clash.id })).body.data
    const [{ day, bookingId }] = detail.overlaps as { day: string; bookingId: number }[]

    const res = await call('Admin/bookingCalendar', adminAuth, { teacherId: clash.teacher!.id, month: day.slice(0, 7) })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.days).toEqual(
      expect.arrayContaining([{ day, bookings: [expect.objectContaining({ id: bookingId, status: 'confirmed' })] }]),
    )
    expect(res.body.data.requested).toEqual(expect.arrayContaining([expect.objectContaining({ id: clash.id, days: [day] })]))
  })

  test('follow-ups carry quotes with their amounts, and the stats span several months', async () => {
    const [quoted] = (await listAll({ status: 'quoted' })).list
    const detail = (await call('Admin/bookingGet', adminAuth, { id: quoted.id })).body.data
    expect(detail.followUps).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'quote', amount: expect.any(Number) })]))

    const stats = (await call('Admin/bookingStats', adminAuth)).body.data as { byMonth: { requests: number; won: number }[] }
    const months = stats.byMonth.filter((month) => month.requests > 0)
    expect(months.length).toBeGreaterThanOrEqual(3)
    expect(months.reduce((sum, month) => sum + month.requests, 0)).toBe(12)
    expect(months.reduce((sum, month) => sum + month.won, 0)).toBe(DEMO_STATES.confirmed + DEMO_STATES.completed)
  })

  test('open requests ask for days ahead of today; completed ones were taught before today, after they were sent', async () => {
    const today = chinaDay(Date.now())
    const rows = await prisma.booking.findMany({ include: { days: true } })
    for (const row of rows) {
      const asked = [...(JSON.parse(row.preferredDays) as string[]), ...row.days.map((entry) => entry.day)]
      expect(row.firstDay >= chinaDay(row.createdAt.getTime()), row.referenceNo).toBe(true)
      if ((OPEN_BOOKING_STATUSES as readonly string[]).includes(row.status)) {
        expect(row.firstDay > today, row.referenceNo).toBe(true)
        for (const day of asked) expect(day > today, `${row.referenceNo} ${day}`).toBe(true)
      }
      if (row.status === 'completed') for (const day of asked) expect(day < today, `${row.referenceNo} ${day}`).toBe(true)
    }
  })

  test('queue no staff alert: the demo has no alert channel', async () => {
    expect(await prisma.alertChannel.count()).toBe(0)
    expect(await prisma.job.count({ where: { kind: ALERT_DELIVER_JOB } })).toBe(0)
  })

  test('a second run adds none', async () => {
    expect(await addDemoBookings(accounts)).toBe(0)
    expect(await prisma.booking.count()).toBe(12)
  })

  // Last: it replaces the seeded requests with ones filed in this process.
  test('into a database without bookings, files them again and leaves the clock as it was', async () => {
    const realNow = clock.now
    await prisma.booking.deleteMany()

    expect(await addDemoBookings(accounts)).toBe(12)

    expect(clock.now).toBe(realNow)
    expect(await columnTotals()).toEqual(DEMO_STATES)
    expect(await addDemoBookings(accounts)).toBe(0)
  })
})
