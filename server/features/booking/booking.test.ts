// Booking a teacher, the requester's side: the form (Course/addBooking), the visitor's lookup
// (Course/bookingLookup) and a member's own requests (Member/booking*). The staff pipeline is tested in
// booking-admin*.test.ts; the old inquiry form in cooperation.test.ts.
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { bookingReference, chinaDay } from '../../../common/rules'
import { createCourse, createTeacher, ensureCooperationType, unique } from '../../test/factories'
import { createSignedInMember, solvedCaptcha } from '../../test/member-factories'
import { resetCaptchaLimits } from '../member/captcha.service'
import { ALERT_DELIVER_JOB } from '../alert/alert.service'
import { bookingLimits, lookupMissesByAddress, requestsByAddress } from './booking.service'

const app = createApp()
const post = (path: string, body: object = {}, auth?: string) => {
  const call = request(app).post(`/api/${path}`)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })
const DAY_MS = 24 * 60 * 60_000
/** A China day `n` days after the (movable) clock's today. */
const dayAhead = (n: number) => chinaDay(clock.now() + n * DAY_MS)

const form = (overrides: object = {}) => ({
  typeId: 1,
  days: [dayAhead(10)],
  isOnline: false,
  regionCode: '330106',
  audienceKind: 'cadre',
  audienceSize: 80,
  duration: 'half-day',
  requirements: '为中青年干部培训班安排一次领导力专题讲座。',
  budgetMin: 10000,
  budgetMax: 20000,
  organization: unique('预约单位').slice(0, 60),
  contactName: '王老师',
  phone: '13800138000',
  consent: true,
  ...overrides,
})

/** Sent by a visitor, with a solved captcha. */
const sendAsVisitor = async (overrides: object = {}) =>
  post('Course/addBooking', { ...form(overrides), ...(await solvedCaptcha(request(app))) })
/** Sent by a signed-in member: no captcha. */
const sendAs = (auth: string, overrides: object = {}) => post('Course/addBooking', form(overrides), auth)

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let asker: Signed
let other: Signed
let teacher: { id: number; name: string }
const realNow = clock.now

beforeAll(async () => {
  for (const id of [1, 2, 3]) await ensureCooperationType(id)
  asker = await createSignedInMember({ nickname: '预约会员' })
  other = await createSignedInMember()
  teacher = await createTeacher({ name: '预约名师' })
})
beforeEach(async () => {
  await Promise.all([requestsByAddress.clear(), lookupMissesByAddress.clear(), resetCaptchaLimits()])
  // Most tests send more than an address's hourly share (and a member's open cap); the limits' own tests tighten them.
  bookingLimits.perAddressPerHour = 1000
  bookingLimits.openPerMember = 1000
})
afterEach(() => {
  clock.now = realNow
  Object.assign(bookingLimits, { perAddressPerHour: 5, openPerMember: 10, lookupMissesPerHour: 10 })
})

describe('POST /api/Course/addBooking', () => {
  test("stores a visitor's request with the day's reference number, its place split into levels", async () => {
    const days = [dayAhead(12), dayAhead(10)]
    const res = await sendAsVisitor({ teacherId: teacher.id, days, organization: '某市委党校' })

    const today = chinaDay(clock.now()).replaceAll('-', '')
    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        id: expect.any(Number),
        referenceNo: expect.stringMatching(new RegExp(`^YY-${today}-\\d{4}$`)),
        message: '预约已提交，我们将在 1 个工作日内与您联系',
      },
    })
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({
      referenceNo: res.body.data.referenceNo,
      source: 'teacher',
      typeId: 1,
      teacherId: teacher.id,
      courseId: null,
      preferredDays: JSON.stringify([...days].sort()),
      preferredMonth: '',
      firstDay: days[1],
      isOnline: false,
      provinceCode: '330000',
      cityCode: '330100',
      districtCode: '330106',
      audienceKind: 'cadre',
      audienceSize: 80,
      duration: 'half-day',
      budgetMin: 10000,
      budgetMax: 20000,
      organization: '某市委党校',
      contactName: '王老师',
      phone: '13800138000',
      memberId: null,
      status: 'new',
      assigneeId: null,
      repliedAt: null,
      ip: expect.stringContaining('127.0.0.1'),
    })
  })

  test('a course fills in its teacher; a month instead of days; a city without districts; online drops the place', async () => {
    const course = await createCourse({ teacherId: teacher.id })
    const month = chinaDay(clock.now() + 40 * DAY_MS).slice(0, 7)

    const byCourse = await sendAs(asker.auth, { courseId: course.id, days: [], month, regionCode: '441900' })
    const online = await sendAs(asker.auth, { isOnline: true, regionCode: '330106' })

    expect(await prisma.booking.findUniqueOrThrow({ where: { id: byCourse.body.data.id } })).toMatchObject({
      source: 'course',
      teacherId: teacher.id,
      courseId: course.id,
      preferredDays: '[]',
      preferredMonth: month,
      firstDay: `${month}-01`,
      provinceCode: '440000',
      cityCode: '441900',
      districtCode: '',
    })
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: online.body.data.id } })).toMatchObject({
      source: 'cooperation',
      isOnline: true,
      provinceCode: '',
      cityCode: '',
      districtCode: '',
    })
  })

  test('a signed-in member needs no captcha and is named on the request; a bad token counts as a visitor', async () => {
    const res = await sendAs(asker.auth)

    expect(res.body.code).toBe(Code.OK)
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: res.body.data.id } })).memberId).toBe(asker.member.id)
    expect((await sendAs('Bearer not-a-token')).body).toEqual(failure(Code.BAD_PARAMS, '请先获取图形验证码'))
  })

  test('each problem is answered in Chinese and nothing is stored', async () => {
    const hidden = await createTeacher({ isPublished: false })
    const another = await createTeacher()
    const othersCourse = await createCourse({ teacherId: another.id })
    const hiddenCourse = await createCourse({ teacherId: teacher.id, isPublished: false })
    const lastMonth = chinaDay(clock.now() - 40 * DAY_MS).slice(0, 7)
    const { consent: _consent, ...withoutConsent } = form()
    const before = await prisma.booking.count()

    const cases: [object, string][] = [
      [{ regionCode: '999999' }, '请选择正确的省市区'],
      [{ regionCode: '33010' }, '请选择正确的省市区'],
      [{ regionCode: '330100' }, '请选择到区县'],
      [{ regionCode: '' }, '请选择授课地点，或选择线上授课'],
      [{ days: [dayAhead(-1)] }, '期望日期不能早于今天'],
      [{ days: [], month: lastMonth }, '期望月份不能早于本月'],
      [{ days: [dayAhead(3 * 366)] }, '期望日期最多可选两年内'],
      [{ days: ['2027-02-30'] }, '请选择正确的日期'],
      [{ days: [dayAhead(5), dayAhead(5)] }, '期望日期有重复'],
      [{ budgetMin: -1 }, '预算不能为负数'],
      [{ budgetMin: 30000, budgetMax: 20000 }, '预算下限不能高于上限'],
      [{ requirements: '需'.repeat(5000) }, '授课主题或需求最多 2000 个字'],
      [{ requirements: ' ' }, '请填写授课主题或需求'],
      [{ days: [dayAhead(5)], month: dayAhead(40).slice(0, 7) }, '期望日期与月份只能选一种'],
      [{ days: [], month: '' }, '请选择期望日期或月份'],
      [{ teacherId: hidden.id }, '名师不存在或已下架'],
      [{ teacherId: 99_999_999 }, '名师不存在或已下架'],
      [{ teacherId: 2 ** 40 }, '名师不存在或已下架'],
      [{ courseId: 2 ** 40 }, '课程不存在或已下架'],
      [{ teacherId: teacher.id, courseId: othersCourse.id }, '课程不属于所选名师'],
      [{ courseId: hiddenCourse.id }, '课程不存在或已下架'],
      [{ typeId: 999 }, '请选择合作类型'],
      [{ consent: false }, '请勾选同意工作人员就本次预约与您联系'],
      [{ audienceKind: 'aliens' }, '请选择听众类型'],
      [{ phone: '12345' }, '请输入正确的手机号或带区号的固定电话'],
    ]
    for (const [overrides, msg] of cases) expect((await sendAs(asker.auth, overrides)).body, msg).toEqual(failure(Code.BAD_PARAMS, msg))
    expect((await post('Course/addBooking', withoutConsent, asker.auth)).body).toEqual(
      failure(Code.BAD_PARAMS, '请勾选同意工作人员就本次预约与您联系'),
    )
    expect(await prisma.booking.count()).toBe(before)
  })

  test('a visitor must solve the captcha: none, a wrong answer, an answer without its image', async () => {
    const before = await prisma.booking.count()
    const { captchaId } = await solvedCaptcha(request(app))

    expect((await post('Course/addBooking', form())).body).toEqual(failure(Code.BAD_PARAMS, '请先获取图形验证码'))
    expect((await post('Course/addBooking', { ...form(), captchaId: '', captchaCode: '' })).body).toEqual(
      failure(Code.BAD_PARAMS, '请先获取图形验证码'),
    )
    expect((await post('Course/addBooking', { ...form(), captchaId })).body).toEqual(failure(Code.BAD_PARAMS, '请输入图形验证码'))
    expect((await post('Course/addBooking', { ...form(), captchaId, captchaCode: 'zzzz' })).body).toEqual(
      failure(Code.BAD_PARAMS, '图形验证码错误'),
    )
    expect(await prisma.booking.count()).toBe(before)
  })

  /** How many reference numbers China day `day` (YYYY-MM-DD) has given out already. */
  const numbersTakenOn = (day: string) => prisma.booking.count({ where: { referenceNo: { startsWith: `YY-${day.replace(/-/g, '')}-` } } })

  test('reference numbers count each China day, starting again after midnight (China time)', async () => {
    // 23:58 in China; the demo bookings of the seeded database may already hold numbers on these days.
    const lateEvening = Date.parse('2027-03-14T15:58:00Z')
    const [onThe14th, onThe15th] = await Promise.all(['2027-03-14', '2027-03-15'].map(numbersTakenOn))
    clock.now = () => lateEvening
    const first = await sendAs(asker.auth)
    const second = await sendAs(asker.auth)
    clock.now = () => lateEvening + 3 * 60_000
    const third = await sendAs(asker.auth)

    expect([first, second, third].map((res) => res.body.data.referenceNo)).toEqual([
      bookingReference('2027-03-14', onThe14th + 1),
      bookingReference('2027-03-14', onThe14th + 2),
      bookingReference('2027-03-15', onThe15th + 1),
    ])
    const stored = await prisma.booking.findUniqueOrThrow({ where: { id: third.body.data.id } })
    expect(stored.createdAt.toISOString()).toBe('2027-03-14T16:01:00.000Z')
  })

  test('parallel requests get distinct numbers', async () => {
    clock.now = () => Date.parse('2027-04-20T02:00:00Z')
    const taken = await numbersTakenOn('2027-04-20')
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createSignedInMember()))

    const replies = await Promise.all(members.map((member) => sendAs(member.auth)))

    expect(replies.map((res) => res.body.code)).toEqual(replies.map(() => Code.OK))
    expect(replies.map((res) => res.body.data.referenceNo as string).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => bookingReference('2027-04-20', taken + n)),
    )
  })

  test('an address may send only so many an hour, shared with the inquiry form; a wrong captcha does not count', async () => {
    bookingLimits.perAddressPerHour = 2
    const { captchaId } = await solvedCaptcha(request(app))
    await post('Course/addBooking', { ...form(), captchaId, captchaCode: 'zzzz' })
    expect((await sendAsVisitor()).body.code).toBe(Code.OK)
    const inquiry = await post('Course/addInquiry', {
      typeId: 1,
      organization: '共用限额单位',
      contactName: '李老师',
      phone: '13800138000',
      message: '希望合作。',
      ...(await solvedCaptcha(request(app))),
    })
    expect(inquiry.body.code).toBe(Code.OK)

    expect((await sendAsVisitor()).body).toEqual(failure(Code.RATE_LIMITED, '提交过于频繁，请 60 分钟后再试'))
    expect((await sendAs(asker.auth)).body).toEqual(failure(Code.RATE_LIMITED, '提交过于频繁，请 60 分钟后再试'))
    // Kept in the database: the window ends an hour after the first request.
    clock.now = () => realNow() + 61 * 60_000
    expect((await sendAsVisitor()).body.code).toBe(Code.OK)
  })

  test('a member may have only so many open requests; a cancelled one frees its place', async () => {
    const member = await createSignedInMember()
    bookingLimits.openPerMember = 2
    const first = await sendAs(member.auth)
    expect((await sendAs(member.auth)).body.code).toBe(Code.OK)

    expect((await sendAs(member.auth)).body).toEqual(failure(Code.RATE_LIMITED, '您有 2 条预约正在处理中，请等待工作人员处理后再提交'))
    await post('Member/bookingCancel', { id: first.body.data.id }, member.auth)
    expect((await sendAs(member.auth)).body.code).toBe(Code.OK)
  })

  test('sensitive words: a block word refuses the request, a mask word is stored as ＊; both logged with the member', async () => {
    await prisma.sensitiveWord.createMany({
      data: [
        { word: '预约禁词', mode: 'block' },
        { word: '预约掩词', mode: 'mask' },
      ],
    })
    const member = await createSignedInMember()

    const blocked = await sendAs(member.auth, { requirements: '里面有预约禁词。' })
    const masked = await sendAs(member.auth, { organization: '预约掩词大学' })

    expect(blocked.body).toEqual(failure(Code.BAD_PARAMS, '内容包含敏感词「预约禁词」，请修改后再提交'))
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: masked.body.data.id } })).organization).toBe('＊＊＊＊大学')
    expect(
      await prisma.sensitiveHit.findMany({
        where: { memberId: member.member.id },
        select: { word: true, mode: true, source: true },
        orderBy: { id: 'asc' },
      }),
    ).toEqual([
      { word: '预约禁词', mode: 'block', source: 'inquiry' },
      { word: '预约掩词', mode: 'mask', source: 'inquiry' },
    ])
  })

  test('raises a staff alert naming the teacher, else the cooperation type, linking to the request', async () => {
    const channel = await prisma.alertChannel.create({
      data: { name: '预约告警', provider: 'json', url: 'http://127.0.0.1:9/hook', events: JSON.stringify(['inquiry']) },
    })
    const type = await prisma.cooperationType.findUniqueOrThrow({ where: { id: 2 } })

    const withTeacher = await sendAs(asker.auth, { teacherId: teacher.id, organization: '告警大学' })
    const withType = await sendAs(asker.auth, { typeId: 2, organization: '告警学院' })

    const jobs = await prisma.job.findMany({
      where: { kind: ALERT_DELIVER_JOB, payload: { contains: `"channelId":${channel.id},` } },
      orderBy: { id: 'asc' },
    })
    expect(jobs.map((job) => JSON.parse(job.payload) as object)).toEqual([
      {
        channelId: channel.id,
        kind: 'inquiry',
        title: '告警大学 预约预约名师',
        link: `/admin/booking/${withTeacher.body.data.id}`,
        at: expect.any(String),
      },
      {
        channelId: channel.id,
        kind: 'inquiry',
        title: `告警学院 预约${type.name}`,
        link: `/admin/booking/${withType.body.data.id}`,
        at: expect.any(String),
      },
    ])
    await prisma.alertChannel.delete({ where: { id: channel.id } })
  })
})

let workedCount = 0
/** A request as staff would have worked it: a reply, a move, and the entries the requester never sees. */
async function workedBooking(overrides: { memberId?: number | null; phone?: string; status?: string } = {}) {
  const booking = await prisma.booking.create({
    data: {
      referenceNo: bookingReference('2020-01-01', ++workedCount),
      source: 'teacher',
      typeId: 1,
      teacherId: teacher.id,
      preferredDays: JSON.stringify(['2027-05-10', '2027-05-11']),
      firstDay: '2027-05-10',
      provinceCode: '330000',
      cityCode: '330100',
      districtCode: '330106',
      audienceKind: 'executive',
      audienceSize: 40,
      duration: '1d',
      requirements: '企业战略专题',
      budgetMin: 12000,
      budgetMax: null,
      organization: '查询单位',
      contactName: '赵经理',
      phone: overrides.phone ?? '13912345678',
      memberId: overrides.memberId ?? null,
      status: overrides.status ?? 'contacted',
      createdAt: new Date('2027-01-02T03:04:05Z'),
    },
  })
  const at = (minute: number) => new Date(Date.UTC(2027, 0, 2, 4, minute))
  await prisma.bookingFollowUp.createMany({
    data: [
      { bookingId: booking.id, kind: 'note', text: '内部备注：客户预算紧', staffId: asker.member.id, createdAt: at(1) },
      { bookingId: booking.id, kind: 'call', text: '电话沟通了时间', staffId: asker.member.id, createdAt: at(2) },
      { bookingId: booking.id, kind: 'quote', text: '报价两万', amount: 20000, staffId: asker.member.id, createdAt: at(3) },
      { bookingId: booking.id, kind: 'status', status: 'contacted', text: '', staffId: asker.member.id, createdAt: at(4) },
      { bookingId: booking.id, kind: 'reply', text: '您好，老师 5 月 10 日有空。', staffId: asker.member.id, createdAt: at(5) },
    ],
  })
  return booking
}

const workedEvents = [
  { kind: 'status', text: '', status: 'contacted', statusText: '已联系', createdAt: '2027-01-02T04:04:00.000Z' },
  { kind: 'reply', text: '您好，老师 5 月 10 日有空。', status: null, statusText: '', createdAt: '2027-01-02T04:05:00.000Z' },
]

describe('POST /api/Course/bookingLookup', () => {
  test('shows the request to whoever has its number and phone: masked phone, moves and replies only', async () => {
    const booking = await workedBooking()

    const res = await post('Course/bookingLookup', { referenceNo: booking.referenceNo.toLowerCase(), phone: ' 13912345678 ' })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        id: booking.id,
        referenceNo: booking.referenceNo,
        status: 'contacted',
        statusText: '已联系',
        statusHint: '工作人员已与您联系，正在沟通授课安排',
        closeReason: '',
        typeName: expect.any(String),
        teacher: { id: teacher.id, name: '预约名师' },
        course: null,
        days: ['2027-05-10', '2027-05-11'],
        month: '',
        confirmedDays: [],
        isOnline: false,
        placeText: '浙江省 杭州市 西湖区',
        audienceText: '企业高管 · 约 40 人',
        durationText: '1 天',
        requirements: '企业战略专题',
        budgetText: '1.2 万元以上',
        organization: '查询单位',
        contactName: '赵经理',
        phone: '139****5678',
        createdAt: '2027-01-02T03:04:05.000Z',
        events: workedEvents,
        canCancel: true,
      },
    })
    expect(JSON.stringify(res.body)).not.toMatch(/内部备注|电话沟通|报价两万|20000/)
  })

  test('a landline matches with or without its dash', async () => {
    const booking = await workedBooking({ phone: '010-12345678' })

    const res = await post('Course/bookingLookup', { referenceNo: booking.referenceNo, phone: '01012345678' })

    expect(res.body.data).toMatchObject({ id: booking.id, phone: '010-****5678' })
  })

  test('a wrong phone or an unknown number is not found; a malformed number is refused', async () => {
    const booking = await workedBooking()
    const notFound = failure(Code.NOT_FOUND, '未找到该预约，请核对预约编号和联系电话')

    expect((await post('Course/bookingLookup', { referenceNo: booking.referenceNo, phone: '13900000000' })).body).toEqual(notFound)
    expect((await post('Course/bookingLookup', { referenceNo: 'YY-19990101-0001', phone: '13912345678' })).body).toEqual(notFound)
    expect((await post('Course/bookingLookup', { referenceNo: '123', phone: '13912345678' })).body).toEqual(
      failure(Code.BAD_PARAMS, '预约编号格式应为 YY-20261128-0001'),
    )
    expect((await post('Course/bookingLookup', { referenceNo: booking.referenceNo })).body).toEqual(
      failure(Code.BAD_PARAMS, '请输入联系电话'),
    )
  })

  test('an address may miss only so many times an hour, then even a right pair waits', async () => {
    bookingLimits.lookupMissesPerHour = 3
    const booking = await workedBooking()
    const right = { referenceNo: booking.referenceNo, phone: '13912345678' }
    const wrong = { ...right, phone: '13900000000' }

    expect((await post('Course/bookingLookup', right)).body.code).toBe(Code.OK)
    for (let i = 0; i < 3; i++) expect((await post('Course/bookingLookup', wrong)).body.code).toBe(Code.NOT_FOUND)

    expect((await post('Course/bookingLookup', right)).body).toEqual(failure(Code.RATE_LIMITED, '查询过于频繁，请 60 分钟后再试'))
    clock.now = () => realNow() + 61 * 60_000
    expect((await post('Course/bookingLookup', right)).body.code).toBe(Code.OK)
  })
})

describe('POST /api/Member/bookingList', () => {
  test("lists the member's own requests, newest first", async () => {
    const member = await createSignedInMember()
    const course = await createCourse({ teacherId: teacher.id, title: '领导力课程' })
    clock.now = () => Date.parse('2027-02-01T02:00:00Z')
    const older = await sendAs(member.auth, { days: [dayAhead(3), dayAhead(5)] })
    clock.now = () => Date.parse('2027-02-02T02:00:00Z')
    const newer = await sendAs(member.auth, { courseId: course.id, days: [], month: '2027-06', isOnline: true })
    await sendAs(other.auth)

    const res = await post('Member/bookingList', { page: 1, limit: 10 }, member.auth)

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        total: 2,
        page: 1,
        limit: 10,
        list: [
          {
            id: newer.body.data.id,
            referenceNo: newer.body.data.referenceNo,
            status: 'new',
            statusText: '新提交',
            typeName: expect.any(String),
            teacherName: '预约名师',
            courseTitle: '领导力课程',
            whenText: '2027 年 6 月',
            placeText: '线上授课',
            createdAt: '2027-02-02T02:00:00.000Z',
          },
          expect.objectContaining({ id: older.body.data.id, whenText: '2027-02-04 等 2 天', placeText: '浙江省 杭州市 西湖区' }),
        ],
      },
    })
  })

  test('needs a signed-in member', async () => {
    expect((await post('Member/bookingList', {})).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})

describe('POST /api/Member/bookingDetail', () => {
  test("shows the member's own request as the lookup does; another member's is not found", async () => {
    const mine = await workedBooking({ memberId: asker.member.id })
    await prisma.bookingDay.create({ data: { bookingId: mine.id, teacherId: teacher.id, day: '2027-05-10' } })

    const res = await post('Member/bookingDetail', { id: mine.id }, asker.auth)

    expect(res.body.data).toMatchObject({ id: mine.id, phone: '139****5678', events: workedEvents, confirmedDays: ['2027-05-10'] })
    expect((await post('Member/bookingDetail', { id: mine.id }, other.auth)).body).toEqual(failure(Code.NOT_FOUND, '预约不存在'))
    expect((await post('Member/bookingDetail', { id: 'x' }, asker.auth)).body).toEqual(failure(Code.BAD_PARAMS, '预约 ID格式不正确'))
    expect((await post('Member/bookingDetail', { id: mine.id })).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})

describe('POST /api/Member/bookingCancel', () => {
  test("cancels a request staff have not confirmed, logged as the requester's move", async () => {
    const mine = await workedBooking({ memberId: asker.member.id })
    clock.now = () => Date.parse('2027-01-03T00:00:00Z')

    const res = await post('Member/bookingCancel', { id: mine.id }, asker.auth)

    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      statusText: '已取消',
      closeReason: '预约人取消',
      canCancel: false,
      events: [
        ...workedEvents,
        { kind: 'status', text: '预约人取消', status: 'cancelled', statusText: '已取消', createdAt: '2027-01-03T00:00:00.000Z' },
      ],
    })
    const last = await prisma.bookingFollowUp.findFirstOrThrow({ where: { bookingId: mine.id }, orderBy: { id: 'desc' } })
    expect(last).toMatchObject({ kind: 'status', status: 'cancelled', text: '预约人取消', staffId: null })
  })

  test('keeps the reason given', async () => {
    const mine = await workedBooking({ memberId: asker.member.id, status: 'new' })

    const res = await post('Member/bookingCancel', { id: mine.id, reason: ' 活动改期 ' }, asker.auth)

    expect(res.body.data).toMatchObject({ status: 'cancelled', closeReason: '活动改期' })
  })

  test("refuses a confirmed or ended request, another member's, and a long reason", async () => {
    const confirmed = await workedBooking({ memberId: asker.member.id, status: 'confirmed' })
    const cancelled = await workedBooking({ memberId: asker.member.id, status: 'cancelled' })
    const mine = await workedBooking({ memberId: asker.member.id })
    const refused = failure(Code.BAD_PARAMS, '该预约已确认或已结束，如需取消请联系工作人员')

    expect((await post('Member/bookingCancel', { id: confirmed.id }, asker.auth)).body).toEqual(refused)
    expect((await post('Member/bookingCancel', { id: cancelled.id }, asker.auth)).body).toEqual(refused)
    expect((await post('Member/bookingCancel', { id: mine.id }, other.auth)).body).toEqual(failure(Code.NOT_FOUND, '预约不存在'))
    expect((await post('Member/bookingCancel', { id: mine.id, reason: '因'.repeat(201) }, asker.auth)).body).toEqual(
      failure(Code.BAD_PARAMS, '取消原因最多 200 个字'),
    )
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe('contacted')
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: confirmed.id } })).status).toBe('confirmed')
  })
})

describe('POST /api/Member/bookingPrefill', () => {
  test("starts from the member's profile, then from their last request", async () => {
    const member = await createSignedInMember({ nickname: '预填会员' })

    expect((await post('Member/bookingPrefill', {}, member.auth)).body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: { organization: '', contactName: '预填会员', phone: member.member.phone },
    })
    await sendAs(member.auth, { organization: '上次的单位', contactName: '钱老师', phone: '021-87654321' })
    expect((await post('Member/bookingPrefill', {}, member.auth)).body.data).toEqual({
      organization: '上次的单位',
      contactName: '钱老师',
      phone: '021-87654321',
    })
  })

  test('needs a signed-in member', async () => {
    expect((await post('Member/bookingPrefill', {})).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})
