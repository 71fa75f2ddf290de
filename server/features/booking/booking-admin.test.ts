import crypto from 'node:crypto'
import ExcelJS from 'exceljs'
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma, type Prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { BOOKING_STATUSES } from '../../../common/rules/booking'
import { actionPath } from '../../lib/action'
import { createCourse, createTeacher, ensureCooperationType, unique } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import { ALERT_DELIVER_JOB } from '../alert/alert.service'
import { bookingAdminActions } from './booking-admin.actions'
import { remindOverdueBookings } from './booking-reminder'
import { exportLimits } from './booking-export.service'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const admin = (action: string, auth: string, body: object = {}) => post(`/api/Admin/${action}`, auth, body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })
const HOUR = 60 * 60_000

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let boss: Signed
let sales: Signed
let editor: Signed
let typeName: string
beforeAll(async () => {
  boss = await createSignedInMember({ role: 'admin', nickname: '预约管理员' })
  sales = await createSignedInMember({ role: 'sales', nickname: '商务小王' })
  editor = await createSignedInMember({ role: 'editor', nickname: '内容编辑' })
  typeName = (await ensureCooperationType(1)).name
  await ensureCooperationType(2)
})

// ---------- a small factory: booking rows written directly, as the request form would store them ----------

let sequence = 0
const referenceNo = () => `YY-${String(crypto.randomInt(1e8)).padStart(8, '0')}-${String(++sequence).padStart(4, '0')}`

type BookingData = Partial<Omit<Prisma.BookingUncheckedCreateInput, 'preferredDays'>> & { days?: string[] }
async function createBooking({ days = ['2027-03-11'], ...data }: BookingData = {}) {
  const month = data.preferredMonth ?? ''
  return prisma.booking.create({
    data: {
      referenceNo: referenceNo(),
      source: 'teacher',
      typeId: 1,
      preferredDays: JSON.stringify(month ? [] : days),
      firstDay: month ? `${month}-01` : ([...days].sort()[0] ?? ''),
      provinceCode: '330000',
      cityCode: '330100',
      districtCode: '330106',
      audienceKind: 'executive',
      audienceSize: 50,
      duration: 'half-day',
      requirements: '数字化转型专题讲座',
      budgetMin: 10_000,
      budgetMax: 20_000,
      organization: unique('测试单位'),
      contactName: '王老师',
      phone: '13800138000',
      ...data,
    },
  })
}

const stateOf = async (id: number) => {
  const row = await prisma.booking.findUniqueOrThrow({ where: { id } })
  const [followUps, days, audits] = await Promise.all([
    prisma.bookingFollowUp.count({ where: { bookingId: id } }),
    prisma.bookingDay.findMany({ where: { bookingId: id }, select: { day: true }, orderBy: { day: 'asc' } }),
    prisma.auditLog.count({ where: { entity: 'booking', entityId: String(id) } }),
  ])
  return { status: row.status, closeReason: row.closeReason, assigneeId: row.assigneeId, repliedAt: row.repliedAt, followUps, days, audits }
}

describe('the booking pipeline: who may use it', () => {
  test.each(bookingAdminActions.map((action) => [actionPath(action), action] as const))(
    '%s: 401 without a token; members, editors, reviewers and publishers refused; admins and sales let in',
    async (path, action) => {
      const refusal = failure(Code.FORBIDDEN, '仅管理员和商务可以处理预约')
      const example = action.example as object
      expect((await post(path, null, example)).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
      for (const role of ['member', 'editor', 'reviewer', 'publisher'] as const) {
        const who = await createSignedInMember({ role })
        expect((await post(path, who.auth, example)).body, role).toEqual(refusal)
      }
      expect((await post(path, boss.auth, example)).body.code).not.toBe(Code.FORBIDDEN)
      expect((await post(path, sales.auth, example)).body.code).not.toBe(Code.FORBIDDEN)
    },
  )
})

describe('POST /api/Admin/bookingList', () => {
  test('newest first, each row with its names and texts', async () => {
    const tag = unique('列表')
    const teacher = await createTeacher({ name: '列表名师' })
    const course = await createCourse({ teacherId: teacher.id, title: '列表课程' })
    const older = await createBooking({ organization: `${tag}甲`, createdAt: new Date(Date.now() - 2 * HOUR) })
    const newer = await createBooking({
      organization: `${tag}乙`,
      teacherId: teacher.id,
      courseId: course.id,
      assigneeId: sales.member.id,
      days: ['2027-05-02', '2027-05-01'],
    })

    const res = await admin('bookingList', sales.auth, { keyword: tag })

    expect(res.body).toMatchObject({ code: Code.OK, msg: '操作成功', data: { total: 2, page: 1, limit: 20 } })
    expect(res.body.data.list.map((row: { id: number }) => row.id)).toEqual([newer.id, older.id])
    expect(res.body.data.list[0]).toEqual({
      id: newer.id,
      referenceNo: newer.referenceNo,
      status: 'new',
      statusText: '新提交',
      source: 'teacher',
      sourceText: '名师页',
      typeId: 1,
      typeName,
      teacher: { id: teacher.id, name: '列表名师' },
      course: { id: course.id, title: '列表课程' },
      organization: `${tag}乙`,
      contactName: '王老师',
      phone: '13800138000',
      whenText: '2027-05-01 等 2 天',
      firstDay: '2027-05-01',
      placeText: '浙江省 杭州市 西湖区',
      provinceCode: '330000',
      audienceText: '企业高管 · 约 50 人',
      durationText: '半天',
      budgetText: '1 万元 - 2 万元',
      assignee: { id: sales.member.id, nickname: '商务小王' },
      isOverdue: false,
      hasOverlap: false,
      createdAt: newer.createdAt.toISOString(),
    })
  })

  test('filters: keyword (reference number in any case), state, teacher, type, province, dates, assignee, overdue', async () => {
    const tag = unique('筛选')
    const teacher = await createTeacher()
    const a = await createBooking({ organization: `${tag}A`, teacherId: teacher.id, days: ['2027-06-10'] })
    const b = await createBooking({
      organization: `${tag}B`,
      typeId: 2,
      isOnline: true,
      provinceCode: '',
      cityCode: '',
      districtCode: '',
      days: ['2027-07-01'],
      status: 'contacted',
      assigneeId: boss.member.id,
    })
    const c = await createBooking({ organization: `${tag}C`, provinceCode: '110000', cityCode: '110100', districtCode: '110101' })
    const late = await createBooking({ organization: `${tag}D`, createdAt: new Date(Date.now() - 25 * HOUR) })
    const answered = await createBooking({ organization: `${tag}E`, createdAt: new Date(Date.now() - 30 * HOUR), repliedAt: new Date() })
    const ids = async (filters: object) =>
      ((await admin('bookingList', boss.auth, { keyword: tag, ...filters })).body.data.list as { id: number }[]).map((row) => row.id)

    expect(await ids({ keyword: a.referenceNo.toLowerCase() })).toEqual([a.id])
    expect(await ids({ status: 'contacted' })).toEqual([b.id])
    expect(await ids({ teacherId: teacher.id })).toEqual([a.id])
    expect(await ids({ typeId: 2 })).toEqual([b.id])
    expect(await ids({ provinceCode: '110000' })).toEqual([c.id])
    expect(await ids({ from: '2027-06-01', to: '2027-06-30' })).toEqual([a.id])
    expect(await ids({ from: '2027-07-01' })).toEqual([b.id])
    expect(await ids({ assigneeId: boss.member.id })).toEqual([b.id])
    expect(await ids({ overdue: true })).toEqual([late.id])
    expect((await ids({ overdue: false })).sort()).toEqual([a.id, b.id, c.id, answered.id].sort())
    expect((await admin('bookingList', boss.auth, { keyword: tag, overdue: true })).body.data.list[0].isOverdue).toBe(true)
  })

  test('refuses bad filters in Chinese', async () => {
    const cases: [object, string][] = [
      [{ status: 'done' }, '请选择正确的预约状态'],
      [{ from: '2027-02-30' }, '开始日期不存在'],
      [{ from: '2027-03-02', to: '2027-03-01' }, '开始日期不能晚于结束日期'],
      [{ provinceCode: '33' }, '省份编码应为 6 位数字'],
      [{ overdue: 'yes' }, '超时筛选应为 true 或 false'],
      [{ teacherId: 'x' }, '名师 ID格式不正确'],
    ]
    for (const [body, msg] of cases) expect((await admin('bookingList', boss.auth, body)).body, msg).toEqual(failure(Code.BAD_PARAMS, msg))
  })
})

describe('POST /api/Admin/bookingBoard', () => {
  test('a column per state in pipeline order, with its total and newest rows', async () => {
    const tag = unique('看板')
    const first = await createBooking({ organization: `${tag}1`, createdAt: new Date(Date.now() - HOUR) })
    const second = await createBooking({ organization: `${tag}2` })
    const quoted = await createBooking({ organization: `${tag}3`, status: 'quoted' })

    const res = await admin('bookingBoard', sales.auth, { keyword: tag })

    expect(res.body.code).toBe(Code.OK)
    const columns = res.body.data.columns as { status: string; statusText: string; total: number; items: { id: number }[] }[]
    expect(columns.map((column) => [column.status, column.statusText, column.total, column.items.map((item) => item.id)])).toEqual([
      ['new', '新提交', 2, [second.id, first.id]],
      ['contacted', '已联系', 0, []],
      ['quoted', '已报价', 1, [quoted.id]],
      ['confirmed', '已确认', 0, []],
      ['completed', '已完成', 0, []],
      ['cancelled', '已取消', 0, []],
      ['lost', '未成交', 0, []],
    ])
    expect(columns[0].items[0]).toMatchObject({ referenceNo: second.referenceNo, typeName, placeText: '浙江省 杭州市 西湖区' })
  })
})

describe('POST /api/Admin/bookingGet', () => {
  test('the request with its log, the staff it can go to and the moves it can make', async () => {
    const requester = await createSignedInMember()
    const booking = await createBooking({ memberId: requester.member.id, preferredMonth: '2027-08', isOnline: true })
    const away = await createSignedInMember({ role: 'sales', nickname: '离职商务' })
    await prisma.member.update({ where: { id: away.member.id }, data: { disabledAt: new Date() } })
    await admin('bookingFollowUp', sales.auth, { id: booking.id, kind: 'call', text: '已电话沟通' })

    const res = await admin('bookingGet', boss.auth, { id: booking.id })

    expect(res.body.code).toBe(Code.OK)
    const data = res.body.data
    expect(data).toMatchObject({
      id: booking.id,
      status: 'new',
      whenText: '2027 年 8 月',
      placeText: '线上授课',
      days: [],
      month: '2027-08',
      isOnline: true,
      regionCode: '330106',
      districtCode: '330106',
      cityCode: '330100',
      audienceKind: 'executive',
      audienceSize: 50,
      duration: 'half-day',
      requirements: '数字化转型专题讲座',
      budgetMin: 10_000,
      budgetMax: 20_000,
      closeReason: '',
      memberId: requester.member.id,
      confirmedDays: [],
      moves: ['contacted', 'quoted', 'confirmed', 'cancelled', 'lost'],
      overlaps: [],
      followUps: [
        {
          id: expect.any(Number),
          kind: 'call',
          kindText: '电话沟通',
          text: '已电话沟通',
          amount: null,
          status: null,
          statusText: '',
          staff: { id: sales.member.id, nickname: '商务小王' },
          createdAt: expect.any(String),
        },
      ],
    })
    const assignees = data.assignees as { id: number }[]
    expect(assignees).toEqual(
      expect.arrayContaining([
        { id: boss.member.id, nickname: '预约管理员' },
        { id: sales.member.id, nickname: '商务小王' },
      ]),
    )
    expect(assignees.map((person) => person.id)).not.toContain(editor.member.id)
    expect(assignees.map((person) => person.id)).not.toContain(away.member.id)
  })

  test('an unknown id is not found', async () => {
    expect((await admin('bookingGet', boss.auth, { id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '预约不存在'))
    expect((await admin('bookingGet', boss.auth, { id: 'x' })).body).toEqual(failure(Code.BAD_PARAMS, '预约 ID格式不正确'))
  })
})

describe('POST /api/Admin/bookingMove', () => {
  test('a move is a status entry of the log, stops the 24-hour clock, is audited and told to the requester', async () => {
    const requester = await createSignedInMember()
    const booking = await createBooking({ memberId: requester.member.id, createdAt: new Date(Date.now() - 30 * HOUR) })

    const res = await admin('bookingMove', sales.auth, { id: booking.id, status: 'contacted', reason: '已约下周面谈' })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        id: booking.id,
        status: 'contacted',
        statusText: '已联系',
        isOverdue: false,
        moves: ['quoted', 'confirmed', 'cancelled', 'lost'],
      },
    })
    expect(res.body.data.followUps).toEqual([
      expect.objectContaining({ kind: 'status', kindText: '状态变更', text: '已约下周面谈', status: 'contacted', statusText: '已联系' }),
    ])
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).repliedAt).not.toBeNull()
    expect(await prisma.auditLog.findMany({ where: { action: 'Admin/bookingMove', entityId: String(booking.id) } })).toEqual([
      expect.objectContaining({
        staffId: sales.member.id,
        entity: 'booking',
        summary: `将「${booking.organization}」的预约 ${booking.referenceNo} 由「新提交」改为「已联系」：已约下周面谈`,
      }),
    ])
    expect(await prisma.notification.findMany({ where: { memberId: requester.member.id } })).toEqual([
      expect.objectContaining({
        kind: 'inquiry',
        title: `您的预约 ${booking.referenceNo} 已联系`,
        body: '工作人员已与您联系，正在沟通授课安排',
        link: '/user?tab=14',
      }),
    ])
  })

  test('confirmed sets the teacher’s days; leaving for lost frees them, completed keeps them', async () => {
    const teacher = await createTeacher()
    const booking = await createBooking({ teacherId: teacher.id, status: 'quoted' })
    const daysOf = async (id: number) =>
      (await prisma.bookingDay.findMany({ where: { bookingId: id }, orderBy: { day: 'asc' } })).map((d) => d.day)

    const confirmed = await admin('bookingMove', boss.auth, {
      id: booking.id,
      status: 'confirmed',
      confirmedDays: ['2027-04-02', '2027-04-01', '2027-04-02'],
    })
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', confirmedDays: ['2027-04-01', '2027-04-02'] })
    expect(await prisma.bookingDay.findMany({ where: { bookingId: booking.id }, select: { teacherId: true } })).toEqual([
      { teacherId: teacher.id },
      { teacherId: teacher.id },
    ])

    const lost = await admin('bookingMove', boss.auth, { id: booking.id, status: 'lost', reason: '预算不足' })
    expect(lost.body.data).toMatchObject({ status: 'lost', closeReason: '预算不足', confirmedDays: [] })
    expect(await daysOf(booking.id)).toEqual([])

    await admin('bookingMove', boss.auth, { id: booking.id, status: 'contacted' })
    await admin('bookingMove', boss.auth, { id: booking.id, status: 'confirmed', confirmedDays: ['2027-04-09'] })
    const done = await admin('bookingMove', boss.auth, { id: booking.id, status: 'completed' })
    expect(done.body.data).toMatchObject({ status: 'completed', closeReason: '', confirmedDays: ['2027-04-09'], moves: [] })
    expect(await daysOf(booking.id)).toEqual(['2027-04-09'])
  })

  test('refuses what the pipeline does not allow, with nothing changed', async () => {
    const done = await createBooking({ status: 'completed' })
    const fresh = await createBooking({ teacherId: (await createTeacher()).id })
    const noTeacher = await createBooking()
    const before = await Promise.all([stateOf(done.id), stateOf(fresh.id), stateOf(noTeacher.id)])

    const cases: [object, string][] = [
      [{ id: done.id, status: 'new' }, '不能从「已完成」改为「新提交」'],
      [{ id: fresh.id, status: 'new' }, '不能从「新提交」改为「新提交」'],
      [{ id: fresh.id, status: 'lost' }, '请填写取消或未成交的原因'],
      [{ id: fresh.id, status: 'cancelled', reason: '  ' }, '请填写取消或未成交的原因'],
      [{ id: fresh.id, status: 'confirmed' }, '请选择确认的授课日期'],
      [{ id: fresh.id, status: 'confirmed', confirmedDays: [] }, '请选择确认的授课日期'],
      [{ id: fresh.id, status: 'confirmed', confirmedDays: ['2027-02-30'] }, '授课日期不存在'],
      [{ id: fresh.id, status: 'confirmed', confirmedDays: ['next week'] }, '授课日期不存在'],
      [
        { id: fresh.id, status: 'confirmed', confirmedDays: Array.from({ length: 11 }, (_, i) => `2027-01-${10 + i}`) },
        '确认的授课日期最多 10 天',
      ],
      [{ id: noTeacher.id, status: 'confirmed', confirmedDays: ['2027-04-01'] }, '请先为预约指定名师'],
      [{ id: fresh.id, status: 'finished' }, '请选择正确的预约状态'],
      [{ id: fresh.id, status: 'lost', reason: '因'.repeat(201) }, '原因最多 200 个字'],
    ]
    for (const [body, msg] of cases) expect((await admin('bookingMove', boss.auth, body)).body, msg).toEqual(failure(Code.BAD_PARAMS, msg))
    expect((await admin('bookingMove', boss.auth, { id: 99_999_999, status: 'contacted' })).body).toEqual(
      failure(Code.NOT_FOUND, '预约不存在'),
    )
    expect(await Promise.all([stateOf(done.id), stateOf(fresh.id), stateOf(noTeacher.id)])).toEqual(before)
  })

  test('two staff moving one request at once: one wins, the other is told to refresh', async () => {
    const booking = await createBooking()

    const answers = await Promise.all([
      admin('bookingMove', boss.auth, { id: booking.id, status: 'contacted' }),
      admin('bookingMove', sales.auth, { id: booking.id, status: 'quoted' }),
    ])

    const codes = answers.map((res) => res.body.code).sort()
    const state = await stateOf(booking.id)
    if (codes[0] === Code.OK && codes[1] === Code.OK) {
      // One finished before the other read: both moves were allowed in turn.
      expect(state.followUps).toBe(2)
    } else {
      expect(codes).toEqual([Code.OK, Code.EXISTS].sort())
      expect(answers.find((res) => res.body.code === Code.EXISTS)!.body.msg).toBe('预约状态已变化，请刷新后重试')
      expect(state.followUps).toBe(1)
    }
  })
})

describe('POST /api/Admin/bookingReschedule', () => {
  /** China midnight of a day: the clock these tests read "this year" from. */
  const chinaTime = (day: string) => Date.parse(`${day}T00:00:00+08:00`)
  const realNow = clock.now
  afterEach(() => {
    clock.now = realNow
  })

  /** A booking of `teacherId` confirmed on `days` through the console, as staff would. */
  async function confirmedBooking(days: string[], data: BookingData = {}) {
    const teacherId = data.teacherId ?? (await createTeacher()).id
    const booking = await createBooking({ teacherId, status: 'quoted', ...data })
    const res = await admin('bookingMove', boss.auth, { id: booking.id, status: 'confirmed', confirmedDays: days })
    expect(res.body.code).toBe(Code.OK)
    return { ...booking, teacherId }
  }
  const daysOf = async (id: number) => (await stateOf(id)).days.map((entry) => entry.day)
  const reschedules = (id: number) =>
    prisma.bookingFollowUp.findMany({ where: { bookingId: id, kind: 'reschedule' }, orderBy: { id: 'asc' } })

  test('replaces the days in place: one log entry, audited, told to the requester, the calendar and overlaps follow', async () => {
    const requester = await createSignedInMember()
    const teacher = await createTeacher()
    const booking = await confirmedBooking(['2027-11-04', '2027-11-03'], { teacherId: teacher.id, memberId: requester.member.id })
    const busy = await confirmedBooking(['2027-11-10'], { teacherId: teacher.id })
    const askingOldDay = await createBooking({ teacherId: teacher.id, days: ['2027-11-04'] })
    expect((await admin('bookingGet', boss.auth, { id: askingOldDay.id })).body.data.overlaps).toHaveLength(1)
    clock.now = () => chinaTime('2027-10-01')

    const res = await admin('bookingReschedule', sales.auth, {
      id: booking.id,
      confirmedDays: ['2027-11-11', '2027-11-10'],
      reason: ' 学校调整了开学时间 ',
    })

    const change = '改期：11月3日、11月4日 → 11月10日、11月11日（学校调整了开学时间）'
    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        id: booking.id,
        status: 'confirmed',
        confirmedDays: ['2027-11-10', '2027-11-11'],
        moves: ['contacted', 'quoted', 'completed', 'cancelled', 'lost'],
        // The warning for the new days, as confirming shows it.
        overlaps: [{ bookingId: busy.id, referenceNo: busy.referenceNo, organization: busy.organization, day: '2027-11-10' }],
        hasOverlap: true,
      },
    })
    expect(res.body.data.followUps[0]).toEqual({
      id: expect.any(Number),
      kind: 'reschedule',
      kindText: '改期',
      text: change,
      amount: null,
      status: null,
      statusText: '',
      staff: { id: sales.member.id, nickname: '商务小王' },
      createdAt: new Date(chinaTime('2027-10-01')).toISOString(),
    })
    expect(
      await prisma.bookingDay.findMany({
        where: { bookingId: booking.id },
        select: { teacherId: true, day: true },
        orderBy: { day: 'asc' },
      }),
    ).toEqual([
      { teacherId: teacher.id, day: '2027-11-10' },
      { teacherId: teacher.id, day: '2027-11-11' },
    ])
    expect(await prisma.auditLog.findMany({ where: { action: 'Admin/bookingReschedule', entityId: String(booking.id) } })).toEqual([
      expect.objectContaining({
        staffId: sales.member.id,
        entity: 'booking',
        summary: `将「${booking.organization}」的预约 ${booking.referenceNo} ${change}`,
        before: JSON.stringify({ confirmedDays: ['2027-11-03', '2027-11-04'] }),
        after: JSON.stringify({ confirmedDays: ['2027-11-10', '2027-11-11'], reason: '学校调整了开学时间' }),
      }),
    ])
    expect(
      await prisma.notification.findMany({
        where: { memberId: requester.member.id },
        orderBy: { id: 'asc' },
        select: { kind: true, title: true, body: true, link: true },
      }),
    ).toEqual([
      {
        kind: 'inquiry',
        title: `您的预约 ${booking.referenceNo} 已确认`,
        body: '授课安排已确认，请按约定时间做好准备',
        link: '/user?tab=14',
      },
      {
        kind: 'inquiry',
        title: `您的预约 ${booking.referenceNo} 已改期至 11月10日、11月11日`,
        body: '改期原因：学校调整了开学时间',
        link: '/user?tab=14',
      },
    ])
    // The requester's own view reads the same rows, and shows the reschedule in its timeline.
    const mine = await post('/api/Member/bookingDetail', requester.auth, { id: booking.id })
    expect(mine.body.data).toMatchObject({ status: 'confirmed', confirmedDays: ['2027-11-10', '2027-11-11'] })
    expect(mine.body.data.events.at(-1)).toMatchObject({ kind: 'reschedule', text: change, status: null, statusText: '' })
    // The calendar and the other request's warning follow the new days.
    const calendar = await admin('bookingCalendar', sales.auth, { teacherId: teacher.id, month: '2027-11' })
    expect(
      (calendar.body.data.days as { day: string; bookings: { id: number }[] }[]).map(({ day, bookings }) => [
        day,
        bookings.map((b) => b.id),
      ]),
    ).toEqual([
      ['2027-11-10', [booking.id, busy.id]],
      ['2027-11-11', [booking.id]],
    ])
    expect((await admin('bookingGet', boss.auth, { id: askingOldDay.id })).body.data.overlaps).toEqual([])
  })

  test('a visitor’s booking tells no one, a member who switched booking notices off is not told; days far off name their year', async () => {
    clock.now = () => chinaTime('2026-12-01')
    const quiet = await createSignedInMember()
    await prisma.notificationPreference.create({ data: { memberId: quiet.member.id, key: 'inquiry', enabled: false } })
    const visitors = await confirmedBooking(['2026-12-30'])
    const theirs = await confirmedBooking(['2026-12-30'], { memberId: quiet.member.id })
    const before = await prisma.notification.count()

    const res = await admin('bookingReschedule', boss.auth, { id: visitors.id, confirmedDays: ['2026-12-31', '2027-01-02'] })
    expect((await admin('bookingReschedule', boss.auth, { id: theirs.id, confirmedDays: ['2027-01-05'] })).body.code).toBe(Code.OK)

    expect(res.body.data.followUps[0].text).toBe('改期：12月30日 → 12月31日、2027年1月2日')
    expect(await prisma.notification.count()).toBe(before)
  })

  test('refuses every state but 已确认 with nothing changed', async () => {
    const teacher = await createTeacher()
    const others = BOOKING_STATUSES.filter((status) => status !== 'confirmed')
    const bookings = await Promise.all(others.map((status) => createBooking({ teacherId: teacher.id, status })))
    // A completed booking keeps its days, and they stay as they are.
    const completed = bookings[others.indexOf('completed')]
    await prisma.bookingDay.create({ data: { bookingId: completed.id, teacherId: teacher.id, day: '2027-05-10' } })
    const before = await Promise.all(bookings.map((booking) => stateOf(booking.id)))

    for (const [index, booking] of bookings.entries()) {
      expect((await admin('bookingReschedule', sales.auth, { id: booking.id, confirmedDays: ['2027-05-20'] })).body, others[index]).toEqual(
        failure(Code.BAD_PARAMS, '仅已确认的预约可以改期'),
      )
    }
    expect((await admin('bookingReschedule', sales.auth, { id: 99_999_999, confirmedDays: ['2027-05-20'] })).body).toEqual(
      failure(Code.NOT_FOUND, '预约不存在'),
    )
    expect(await Promise.all(bookings.map((booking) => stateOf(booking.id)))).toEqual(before)
  })

  test('refuses missing, bad and unchanged days, and a long reason, in Chinese with nothing changed', async () => {
    const booking = await confirmedBooking(['2027-06-01', '2027-06-02'])
    const before = await stateOf(booking.id)
    const cases: [object, string][] = [
      [{}, '请选择确认的授课日期'],
      [{ confirmedDays: [] }, '请选择确认的授课日期'],
      [{ confirmedDays: ['2027-02-30'] }, '授课日期不存在'],
      [{ confirmedDays: ['next week'] }, '授课日期不存在'],
      [{ confirmedDays: Array.from({ length: 11 }, (_, i) => `2027-07-${10 + i}`) }, '确认的授课日期最多 10 天'],
      // Duplicates count once, as confirming counts them: these are the days it has.
      [{ confirmedDays: ['2027-06-02', '2027-06-01', '2027-06-02'] }, '日期未变化'],
      [{ confirmedDays: ['2027-06-08'], reason: '因'.repeat(201) }, '原因最多 200 个字'],
    ]
    for (const [body, msg] of cases) {
      expect((await admin('bookingReschedule', boss.auth, { id: booking.id, ...body })).body, msg).toEqual(failure(Code.BAD_PARAMS, msg))
    }
    expect(await stateOf(booking.id)).toEqual(before)
  })

  test('a reviewer, an editor or a plain member cannot reschedule; nothing changes', async () => {
    const booking = await confirmedBooking(['2027-06-15'])
    const before = await stateOf(booking.id)

    for (const role of ['reviewer', 'editor', 'member'] as const) {
      const who = await createSignedInMember({ role })
      expect((await admin('bookingReschedule', who.auth, { id: booking.id, confirmedDays: ['2027-06-16'] })).body, role).toEqual(
        failure(Code.FORBIDDEN, '仅管理员和商务可以处理预约'),
      )
    }
    expect((await post('/api/Admin/bookingReschedule', null, { id: booking.id, confirmedDays: ['2027-06-16'] })).body).toEqual(
      failure(Code.NEED_LOGIN, '请先登录'),
    )
    expect(await stateOf(booking.id)).toEqual(before)
  })

  test('a move or a reschedule committed between the read and the write makes this one fail, nothing written', async () => {
    const moved = await confirmedBooking(['2027-08-01'])
    const redone = await confirmedBooking(['2027-08-01'])
    // The service reads the days last before its transaction: the other staff member's write commits right after.
    async function afterTheRead(write: () => Promise<unknown>, call: () => Promise<{ body: unknown }>) {
      const original = prisma.bookingDay.findMany.bind(prisma.bookingDay)
      const read = vi.spyOn(prisma.bookingDay, 'findMany').mockImplementationOnce((async (args: Prisma.BookingDayFindManyArgs) => {
        const rows = await original(args)
        await write()
        return rows
      }) as never)
      try {
        return await call()
      } finally {
        read.mockRestore()
      }
    }

    const late = await afterTheRead(
      () => admin('bookingMove', boss.auth, { id: moved.id, status: 'completed' }),
      () => admin('bookingReschedule', sales.auth, { id: moved.id, confirmedDays: ['2027-08-08'] }),
    )
    const stale = await afterTheRead(
      () => admin('bookingReschedule', boss.auth, { id: redone.id, confirmedDays: ['2027-08-05'] }),
      () => admin('bookingReschedule', sales.auth, { id: redone.id, confirmedDays: ['2027-08-08'] }),
    )

    expect(late.body).toEqual(failure(Code.EXISTS, '预约状态已变化，请刷新后重试'))
    expect(await stateOf(moved.id)).toMatchObject({ status: 'completed', days: [{ day: '2027-08-01' }] })
    expect(await reschedules(moved.id)).toEqual([])
    expect(stale.body).toEqual(failure(Code.EXISTS, '确认日期已变化，请刷新后重试'))
    expect(await daysOf(redone.id)).toEqual(['2027-08-05'])
    expect((await reschedules(redone.id)).map((entry) => entry.staffId)).toEqual([boss.member.id])
  })

  test('two staff rescheduling at once: the days are one of theirs and the log tells how they got there', async () => {
    const booking = await confirmedBooking(['2027-09-01'])

    const answers = await Promise.all([
      admin('bookingReschedule', boss.auth, { id: booking.id, confirmedDays: ['2027-09-02'] }),
      admin('bookingReschedule', sales.auth, { id: booking.id, confirmedDays: ['2027-09-03'] }),
    ])

    const won = answers.filter((res) => res.body.code === Code.OK)
    const entries = (await reschedules(booking.id)).map((entry) => entry.text.replace(/^改期：/, ''))
    const days = await daysOf(booking.id)
    if (won.length === 2) {
      // One finished before the other read: both in turn, the second from the first's days.
      expect(entries).toHaveLength(2)
      expect(entries[0].split(' → ')[1]).toBe(entries[1].split(' → ')[0])
    } else {
      expect(won).toHaveLength(1)
      expect(answers.find((res) => res.body.code !== Code.OK)!.body).toEqual(failure(Code.EXISTS, '确认日期已变化，请刷新后重试'))
      expect(entries).toHaveLength(1)
      expect(days).toEqual(won[0].body.data.confirmedDays)
    }
    expect(await prisma.auditLog.count({ where: { action: 'Admin/bookingReschedule', entityId: String(booking.id) } })).toBe(won.length)
    expect([['2027-09-02'], ['2027-09-03']]).toContainEqual(days)
  })

  test('a reschedule racing a move to 已完成: the move lands, with the days of whichever came first', async () => {
    const booking = await confirmedBooking(['2027-10-01'])

    const [reschedule, move] = await Promise.all([
      admin('bookingReschedule', sales.auth, { id: booking.id, confirmedDays: ['2027-10-09'] }),
      admin('bookingMove', boss.auth, { id: booking.id, status: 'completed' }),
    ])

    expect(move.body.code).toBe(Code.OK)
    const state = await stateOf(booking.id)
    expect(state.status).toBe('completed')
    if (reschedule.body.code === Code.OK) {
      expect(state.days).toEqual([{ day: '2027-10-09' }])
      expect(await reschedules(booking.id)).toHaveLength(1)
    } else {
      // Refused before its transaction (the state read) or inside it (the conditional write).
      expect([failure(Code.BAD_PARAMS, '仅已确认的预约可以改期'), failure(Code.EXISTS, '预约状态已变化，请刷新后重试')]).toContainEqual(
        reschedule.body,
      )
      expect(state.days).toEqual([{ day: '2027-10-01' }])
      expect(await reschedules(booking.id)).toEqual([])
    }
  })
})

describe('POST /api/Admin/bookingAssign', () => {
  test('gives the request to an admin or sales member, or to nobody; audited', async () => {
    const booking = await createBooking()

    const given = await admin('bookingAssign', boss.auth, { id: booking.id, assigneeId: sales.member.id })
    expect(given.body.data.assignee).toEqual({ id: sales.member.id, nickname: '商务小王' })
    const cleared = await admin('bookingAssign', boss.auth, { id: booking.id, assigneeId: null })
    expect(cleared.body.data.assignee).toBeNull()

    expect(
      (
        await prisma.auditLog.findMany({ where: { action: 'Admin/bookingAssign', entityId: String(booking.id) }, orderBy: { id: 'asc' } })
      ).map((row) => [row.summary, row.after]),
    ).toEqual([
      [`将「${booking.organization}」的预约 ${booking.referenceNo} 交给「商务小王」跟进`, JSON.stringify({ assigneeId: sales.member.id })],
      [`取消「${booking.organization}」的预约 ${booking.referenceNo} 的负责人`, JSON.stringify({ assigneeId: null })],
    ])
  })

  test('an editor, a plain member or a disabled sales account cannot take it; nothing changes', async () => {
    const booking = await createBooking()
    const plain = await createSignedInMember()
    const away = await createSignedInMember({ role: 'sales' })
    await prisma.member.update({ where: { id: away.member.id }, data: { disabledAt: new Date() } })
    const before = await stateOf(booking.id)

    for (const person of [editor, plain, away]) {
      expect((await admin('bookingAssign', boss.auth, { id: booking.id, assigneeId: person.member.id })).body).toEqual(
        failure(Code.BAD_PARAMS, '负责人须为在职的管理员或商务'),
      )
    }
    expect((await admin('bookingAssign', boss.auth, { id: booking.id })).body).toEqual(failure(Code.BAD_PARAMS, '负责人格式不正确'))
    expect((await admin('bookingAssign', boss.auth, { id: 99_999_999, assigneeId: null })).body).toEqual(
      failure(Code.NOT_FOUND, '预约不存在'),
    )
    expect(await stateOf(booking.id)).toEqual(before)
  })
})

describe('POST /api/Admin/bookingFollowUp', () => {
  test('a first follow-up answers a new request without moving it; a quote keeps its amount; a reply is told', async () => {
    const requester = await createSignedInMember()
    const booking = await createBooking({ memberId: requester.member.id, createdAt: new Date(Date.now() - 30 * HOUR) })

    const noted = await admin('bookingFollowUp', sales.auth, { id: booking.id, kind: 'note', text: '对方希望安排在周末', amount: 5 })
    expect(noted.body.data).toMatchObject({ status: 'new', isOverdue: false })
    const replied = (await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).repliedAt
    expect(replied).not.toBeNull()

    await admin('bookingFollowUp', sales.auth, { id: booking.id, kind: 'quote', text: '半天课酬', amount: 18_000 })
    const res = await admin('bookingFollowUp', sales.auth, { id: booking.id, kind: 'reply', text: '报价已发送到您的邮箱' })

    expect(res.body.data.status).toBe('new')
    expect(
      (res.body.data.followUps as { kind: string; text: string; amount: number | null }[]).map(({ kind, text, amount }) => [
        kind,
        text,
        amount,
      ]),
    ).toEqual([
      ['reply', '报价已发送到您的邮箱', null],
      ['quote', '半天课酬', 18_000],
      ['note', '对方希望安排在周末', null],
    ])
    // The clock stopped at the first answer.
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).repliedAt).toEqual(replied)
    expect(await prisma.notification.findMany({ where: { memberId: requester.member.id }, select: { title: true, body: true } })).toEqual([
      { title: `工作人员回复了您的预约 ${booking.referenceNo}`, body: '报价已发送到您的邮箱' },
    ])
    expect(
      (
        await prisma.auditLog.findMany({ where: { action: 'Admin/bookingFollowUp', entityId: String(booking.id) }, orderBy: { id: 'asc' } })
      ).map((row) => row.summary),
    ).toEqual([
      `跟进「${booking.organization}」的预约 ${booking.referenceNo}：备注`,
      `跟进「${booking.organization}」的预约 ${booking.referenceNo}：报价 18000 元`,
      `跟进「${booking.organization}」的预约 ${booking.referenceNo}：回复预约人`,
    ])
  })

  test('refuses bad input in Chinese, nothing written', async () => {
    const booking = await createBooking()
    const before = await stateOf(booking.id)
    const cases: [object, string][] = [
      [{ kind: 'quote', text: '报价' }, '请填写报价金额'],
      [{ kind: 'quote', text: '报价', amount: null }, '请填写报价金额'],
      [{ kind: 'quote', text: '报价', amount: -1 }, '报价金额不能为负数'],
      [{ kind: 'quote', text: '报价', amount: 1.5 }, '报价金额应为整数（元）'],
      [{ kind: 'quote', text: '报价', amount: 100_000_001 }, '报价金额超出范围'],
      [{ kind: 'status', text: '改状态' }, '跟进类型应为 call、quote、note 或 reply'],
      [{ kind: 'note', text: ' ' }, '请填写跟进内容'],
      [{ kind: 'note', text: '字'.repeat(1001) }, '跟进内容最多 1000 个字'],
    ]
    for (const [body, msg] of cases) {
      expect((await admin('bookingFollowUp', boss.auth, { id: booking.id, ...body })).body, msg).toEqual(failure(Code.BAD_PARAMS, msg))
    }
    expect((await admin('bookingFollowUp', boss.auth, { id: 99_999_999, kind: 'note', text: '备注' })).body).toEqual(
      failure(Code.NOT_FOUND, '预约不存在'),
    )
    expect(await stateOf(booking.id)).toEqual(before)
  })
})

describe('POST /api/Admin/bookingCalendar, and the overlap warning', () => {
  test('confirmed days fill the teacher’s month and warn other requests asking for them', async () => {
    const teacher = await createTeacher({ name: '档期名师' })
    const other = await createTeacher()
    const confirmed = await createBooking({ teacherId: teacher.id, status: 'quoted', days: ['2027-09-09'] })
    const sameDay = await createBooking({ teacherId: teacher.id, days: ['2027-09-10', '2027-09-20'] })
    const sameMonth = await createBooking({ teacherId: teacher.id, preferredMonth: '2027-09', status: 'contacted' })
    const elsewhere = await createBooking({ teacherId: teacher.id, days: ['2027-10-10'] })
    const otherTeacher = await createBooking({ teacherId: other.id, days: ['2027-09-10'] })
    await admin('bookingMove', sales.auth, { id: confirmed.id, status: 'confirmed', confirmedDays: ['2027-09-10', '2027-09-11'] })

    const overlap = (day: string) => ({
      bookingId: confirmed.id,
      referenceNo: confirmed.referenceNo,
      organization: confirmed.organization,
      day,
    })
    expect((await admin('bookingGet', boss.auth, { id: sameDay.id })).body.data.overlaps).toEqual([overlap('2027-09-10')])
    expect((await admin('bookingGet', boss.auth, { id: sameMonth.id })).body.data.overlaps).toEqual([
      overlap('2027-09-10'),
      overlap('2027-09-11'),
    ])
    expect((await admin('bookingGet', boss.auth, { id: elsewhere.id })).body.data.overlaps).toEqual([])
    expect((await admin('bookingGet', boss.auth, { id: otherTeacher.id })).body.data.overlaps).toEqual([])
    expect((await admin('bookingGet', boss.auth, { id: confirmed.id })).body.data.overlaps).toEqual([])
    const flags = (await admin('bookingList', boss.auth, { teacherId: teacher.id })).body.data.list as { id: number; hasOverlap: boolean }[]
    expect(Object.fromEntries(flags.map((row) => [row.id, row.hasOverlap]))).toEqual({
      [confirmed.id]: false,
      [sameDay.id]: true,
      [sameMonth.id]: true,
      [elsewhere.id]: false,
    })

    const res = await admin('bookingCalendar', sales.auth, { teacherId: teacher.id, month: '2027-09' })

    const entry = {
      id: confirmed.id,
      referenceNo: confirmed.referenceNo,
      organization: confirmed.organization,
      status: 'confirmed',
      statusText: '已确认',
    }
    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        teacher: { id: teacher.id, name: '档期名师' },
        month: '2027-09',
        days: [
          { day: '2027-09-10', bookings: [entry] },
          { day: '2027-09-11', bookings: [entry] },
        ],
        requested: [
          {
            id: sameDay.id,
            referenceNo: sameDay.referenceNo,
            organization: sameDay.organization,
            days: ['2027-09-10', '2027-09-20'],
            month: '',
            status: 'new',
          },
          {
            id: sameMonth.id,
            referenceNo: sameMonth.referenceNo,
            organization: sameMonth.organization,
            days: [],
            month: '2027-09',
            status: 'contacted',
          },
        ],
      },
    })
  })

  test('refuses an unknown teacher or a bad month', async () => {
    expect((await admin('bookingCalendar', boss.auth, { teacherId: 99_999_999, month: '2027-09' })).body).toEqual(
      failure(Code.NOT_FOUND, '名师不存在'),
    )
    expect((await admin('bookingCalendar', boss.auth, { teacherId: 1, month: '2027-13' })).body).toEqual(
      failure(Code.BAD_PARAMS, '月份格式应为 YYYY-MM'),
    )
    expect((await admin('bookingCalendar', boss.auth, { month: '2027-09' })).body).toEqual(failure(Code.BAD_PARAMS, '名师 ID格式不正确'))
  })
})

describe('POST /api/Admin/bookingStats', () => {
  test('requests and won (confirmed + completed) by month, teacher, type and province', async () => {
    const [star, rising] = await Promise.all([createTeacher({ name: '统计名师甲' }), createTeacher({ name: '统计名师乙' })])
    // China time: 2019-02-01 00:30 is still January in UTC.
    const at = (iso: string) => new Date(iso)
    await Promise.all([
      createBooking({ createdAt: at('2019-01-05T10:00:00+08:00'), teacherId: star.id, status: 'confirmed' }),
      createBooking({ createdAt: at('2019-01-20T10:00:00+08:00'), teacherId: star.id, status: 'lost' }),
      createBooking({ createdAt: at('2019-02-01T00:30:00+08:00'), teacherId: star.id, status: 'completed', typeId: 2 }),
      createBooking({ createdAt: at('2019-02-10T10:00:00+08:00'), teacherId: rising.id, status: 'new', isOnline: true, provinceCode: '' }),
      createBooking({ createdAt: at('2019-03-31T23:00:00+08:00'), status: 'cancelled', provinceCode: '110000' }),
      // Outside the range.
      createBooking({ createdAt: at('2019-04-01T00:10:00+08:00'), teacherId: rising.id, status: 'confirmed' }),
    ])

    const res = await admin('bookingStats', sales.auth, { from: '2019-01', to: '2019-03' })

    expect(res.body.code).toBe(Code.OK)
    const data = res.body.data
    expect(data.byMonth).toEqual([
      { month: '2019-01', requests: 2, won: 1 },
      { month: '2019-02', requests: 2, won: 1 },
      { month: '2019-03', requests: 1, won: 0 },
    ])
    expect(data.byTeacher).toEqual([
      { id: star.id, name: '统计名师甲', requests: 3, won: 2 },
      { id: rising.id, name: '统计名师乙', requests: 1, won: 0 },
    ])
    expect(data.byType).toEqual(
      expect.arrayContaining([
        { id: 1, name: typeName, requests: 4, won: 1 },
        { id: 2, name: expect.any(String), requests: 1, won: 1 },
      ]),
    )
    expect(data.byRegion).toEqual([
      { code: '330000', name: '浙江省', requests: 3, won: 2 },
      { code: '110000', name: '北京市', requests: 1, won: 0 },
      { code: 'online', name: '线上', requests: 1, won: 0 },
    ])
  })

  test('the last 12 months by default; refuses bad months', async () => {
    const res = await admin('bookingStats', boss.auth, {})
    expect(res.body.data.byMonth).toHaveLength(12)
    const cases: [object, string][] = [
      [{ from: '2019-13' }, '开始月份格式应为 YYYY-MM'],
      [{ to: '2019/01' }, '结束月份格式应为 YYYY-MM'],
      [{ from: '2019-05', to: '2019-04' }, '开始月份不能晚于结束月份'],
      [{ from: '2000-01', to: '2019-04' }, '统计范围最多 120 个月'],
    ]
    for (const [body, msg] of cases) expect((await admin('bookingStats', boss.auth, body)).body, msg).toEqual(failure(Code.BAD_PARAMS, msg))
  })
})

describe('POST /api/Admin/pendingCounts and Admin/dashboard', () => {
  test('new requests and the overdue ones for the badge; open and new ones on the dashboard', async () => {
    await createBooking({ createdAt: new Date(Date.now() - 26 * HOUR) })
    await createBooking({ status: 'confirmed' })

    const counts = await admin('pendingCounts', sales.auth)
    const dashboard = await admin('dashboard', sales.auth)

    const overdue = { status: 'new', repliedAt: null, createdAt: { lt: new Date(Date.now() - 24 * HOUR) } }
    expect(counts.body.data).toMatchObject({
      bookings: await prisma.booking.count({ where: { status: 'new' } }),
      bookingsOverdue: await prisma.booking.count({ where: overdue }),
    })
    expect(counts.body.data.bookingsOverdue).toBeGreaterThanOrEqual(1)
    expect(counts.body.data).not.toHaveProperty('inquiries')
    expect(dashboard.body.data).toMatchObject({
      openBookings: await prisma.booking.count({ where: { status: { in: ['new', 'contacted', 'quoted', 'confirmed'] } } }),
      newBookings: await prisma.booking.count({ where: { status: 'new' } }),
    })
    expect(dashboard.body.data).not.toHaveProperty('openInquiries')
  })
})

describe('the 24-hour reminder', () => {
  afterEach(async () => {
    await prisma.alertChannel.updateMany({ data: { enabled: false } })
  })

  test('alerts once for a request unanswered for 24 hours, however many sweeps run; never for an answered or young one', async () => {
    const channel = await prisma.alertChannel.create({
      data: { name: '预约提醒', provider: 'json', url: 'http://127.0.0.1:9/hook', events: JSON.stringify(['booking-overdue']) },
    })
    const late = await createBooking({ createdAt: new Date(Date.now() - 25 * HOUR) })
    const answered = await createBooking({ createdAt: new Date(Date.now() - 25 * HOUR) })
    await admin('bookingFollowUp', sales.auth, { id: answered.id, kind: 'call', text: '已联系' })
    const young = await createBooking({ createdAt: new Date(Date.now() - 23 * HOUR) })
    const alertsFor = async (id: number) =>
      (await prisma.job.findMany({ where: { kind: ALERT_DELIVER_JOB } }))
        .map((job) => JSON.parse(job.payload) as { channelId: number; kind: string; title: string; link: string })
        .filter((payload) => payload.channelId === channel.id && payload.link === `/admin/booking/${id}`)

    await Promise.all([remindOverdueBookings(), remindOverdueBookings(), remindOverdueBookings()])
    await remindOverdueBookings()

    expect(await alertsFor(late.id)).toEqual([
      {
        channelId: channel.id,
        kind: 'booking-overdue',
        title: `${late.organization} 的预约 ${late.referenceNo} 超过 24 小时未回复`,
        link: `/admin/booking/${late.id}`,
        at: expect.any(String),
      },
    ])
    expect(await alertsFor(answered.id)).toEqual([])
    expect(await alertsFor(young.id)).toEqual([])
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: late.id } })).remindedAt).not.toBeNull()
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: young.id } })).remindedAt).toBeNull()
    // Reminded or not, it is still overdue until someone answers.
    const list = await admin('bookingList', boss.auth, { keyword: late.referenceNo, overdue: true })
    expect(list.body.data.list.map((row: { id: number }) => row.id)).toEqual([late.id])
  })
})

describe('POST /api/Admin/bookingExport', () => {
  test('an .xlsx of the filtered rows with Chinese headers, audited', async () => {
    const tag = unique('导出')
    const teacher = await createTeacher({ name: '导出名师' })
    await createBooking({
      organization: `${tag}甲`,
      teacherId: teacher.id,
      assigneeId: sales.member.id,
      createdAt: new Date(Date.now() - HOUR),
    })
    await createBooking({ organization: `${tag}乙`, isOnline: true, preferredMonth: '2027-11', budgetMin: null, budgetMax: null })
    await createBooking({ organization: `${tag}丙`, status: 'lost' })
    const filters = { keyword: tag, status: 'new' }

    const res = await admin('bookingExport', sales.auth, filters)

    const today = new Date(Date.now() + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '')
    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { name: `名师预约_${today}.xlsx`, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', rows: 2 },
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(res.body.data.base64 as string, 'base64') as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const values = (row: number) => Array.from({ length: 17 }, (_, i) => sheet.getRow(row).getCell(i + 1).value ?? '')
    expect(values(1)).toEqual([
      '预约编号',
      '状态',
      '来源',
      '合作类型',
      '名师',
      '课程',
      '单位',
      '联系人',
      '电话',
      '期望时间',
      '授课地点',
      '听众',
      '时长',
      '预算',
      '授课需求',
      '负责人',
      '提交时间',
    ])
    expect(sheet.rowCount).toBe(3)
    const list = (await admin('bookingList', sales.auth, filters)).body.data.list as Record<string, unknown>[]
    const minute = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ')
    const expected = list.map((row) => [
      row.referenceNo,
      row.statusText,
      row.sourceText,
      row.typeName,
      (row.teacher as { name: string } | null)?.name ?? '',
      '',
      row.organization,
      row.contactName,
      row.phone,
      row.whenText,
      row.placeText,
      row.audienceText,
      row.durationText,
      row.budgetText,
      '数字化转型专题讲座',
      (row.assignee as { nickname: string } | null)?.nickname ?? '',
      minute(row.createdAt as string),
    ])
    expect([values(2), values(3)]).toEqual(expected)
    expect(values(2)).toContain('2027 年 11 月')
    expect(values(3)).toContain('导出名师')

    expect(await prisma.auditLog.findMany({ where: { action: 'Admin/bookingExport', after: { contains: tag } } })).toEqual([
      expect.objectContaining({ staffId: sales.member.id, entity: 'booking', summary: '导出名师预约（2 条）' }),
    ])
  })

  test('at most 5000 rows', async () => {
    expect(exportLimits.maxRows).toBe(5000)
    const tag = unique('大量')
    for (let i = 0; i < 3; i++) await createBooking({ organization: `${tag}${i}` })
    exportLimits.maxRows = 2
    try {
      expect((await admin('bookingExport', boss.auth, { keyword: tag })).body).toEqual(
        failure(Code.BAD_PARAMS, '导出最多 2 条，请缩小筛选范围'),
      )
    } finally {
      exportLimits.maxRows = 5000
    }
    expect((await admin('bookingExport', boss.auth, { keyword: tag })).body.data.rows).toBe(3)
    expect(await prisma.auditLog.count({ where: { action: 'Admin/bookingExport', after: { contains: tag } } })).toBe(1)
  })
})
