// Demo booking requests (预约名师), added with the demo accounts so the console's 预约管理 (list, board,
// calendar, stats) and the demo member's 我的预约 have something to judge. They are filed and worked
// through the services the site uses, never written as rows, so reference numbers, the form's rules,
// staff alerts, the audit log and the member's notices are the real ones; a visitor's request skips only
// the image captcha, which a seed cannot solve (submitBooking is the step after it). Each request is
// sent and worked at its own past moment (the services' clock is moved for it): the board shows
// requests of different ages, one is overdue, the stats span months, the completed ones were taught
// before today, and every open one asks for days ahead.
// Called by `npm run seed` (seed/import.ts) and the first `npm start` (scripts/prepare-to-serve.ts),
// after the content import has committed.
import { hasChildren, isValidRegion } from '../common/regions/regions'
import { bookingRequestSchema, chinaDay, type AudienceKind, type BookingStatus, type Duration } from '../common/rules/booking'
import { withLock } from '../server/data/lease'
import { prisma } from '../server/db'
import { clock } from '../server/lib/clock'
import type { DemoAccounts } from '../server/features/content/import.service'
import { submitBooking, type BookingDraft } from '../server/features/booking/booking.service'
import { addFollowUp, assignBooking, moveBooking, type BookingActor } from '../server/features/booking/booking-admin.service'
import { remindOverdueBookings } from '../server/features/booking/booking-reminder'

const DAY_MS = 24 * 60 * 60_000

/** Something the demo admin does, `after` days after the request was sent. */
type Step = { after: number } & (
  | { do: 'assign' }
  | { do: 'call' | 'note' | 'reply'; text: string }
  | { do: 'quote'; text: string; amount: number }
  // Confirming takes the days the request asked for.
  | { do: 'move'; to: BookingStatus; reason?: string }
)

const assign = (after: number): Step => ({ after, do: 'assign' })
const call = (after: number, text: string): Step => ({ after, do: 'call', text })
const note = (after: number, text: string): Step => ({ after, do: 'note', text })
const reply = (after: number, text: string): Step => ({ after, do: 'reply', text })
const quote = (after: number, amount: number, text: string): Step => ({ after, do: 'quote', text, amount })
const move = (after: number, to: BookingStatus, reason?: string): Step => ({ after, do: 'move', to, reason })

type Contact = { organization: string; contactName: string; phone: string }

type DemoRequest = {
  /** The demo member (signed in, no captcha, listed in 我的预约), or a visitor with their own contact. */
  by: 'member' | Contact
  sentDaysAgo: number
  /** Indexes into the teachers and courses picked from the seeded content; neither is the cooperation page. */
  teacher?: number
  course?: number
  typeId: number
  /** Days from today (negative: already taught), or a month: the one `monthAhead` days from today. */
  days?: number[]
  monthAhead?: number
  /** A district code, or online. */
  place: string | 'online'
  audience: [AudienceKind, number]
  duration: Duration
  budget: [number, number] | null
  /** `{teacher}` and `{course}` stand for the picked teacher's name and course's title. */
  requirements: string
  steps: Step[]
}

/** The demo member asks for their bureau, under their own phone (the form fills it in from the account). */
const MEMBER_CONTACT = { organization: '杭州市西湖区教育局', contactName: '陈老师' }

// Visitors' phones are 1990000xxxx: shaped like mobile numbers so the form's rule accepts them, in a
// range kept obviously fictitious for the demo.
const DEMO_REQUESTS: DemoRequest[] = [
  {
    by: { organization: '星河能源集团企业大学', contactName: '周经理', phone: '19900000101' },
    sentDaysAgo: 70,
    teacher: 0,
    typeId: 1,
    days: [-35, -34],
    place: '330106',
    audience: ['executive', 60],
    duration: '2d',
    budget: [60_000, 80_000],
    requirements: '邀请{teacher}老师围绕其研究领域为集团中层管理者开展两天专题研修，含案例研讨和分组交流。',
    steps: [
      assign(0.1),
      call(0.2, '与周经理电话沟通，确认两天研修的对象和议程'),
      quote(3, 70_000, '两天课程（含课前调研和研讨报告），报价 7 万元'),
      move(8, 'confirmed'),
      note(8, '授课确认函已发出，酒店与接送由企业大学安排'),
      move(37, 'completed'),
      note(37, '授课顺利完成，学员评价 4.8 分'),
    ],
  },
  {
    by: 'member',
    sentDaysAgo: 45,
    course: 0,
    typeId: 1,
    days: [-20],
    place: '330106',
    audience: ['teacher', 200],
    duration: 'half-day',
    budget: [15_000, 20_000],
    requirements: '围绕《{course}》为全区中小学骨干教师开展半天专题培训，约 200 人，希望结合基层教育实践案例。',
    steps: [
      call(1, '电话确认培训对象与课程侧重点'),
      move(1, 'contacted'),
      quote(3, 18_000, '半天课程含差旅，报价 1.8 万元'),
      move(5, 'confirmed'),
      reply(5, '陈老师您好，授课日期已确认，课件将在授课前一周发给您。'),
      move(26, 'completed'),
    ],
  },
  {
    by: { organization: '知行教育培训中心', contactName: '孙校长', phone: '19900000102' },
    sentDaysAgo: 25,
    teacher: 2,
    typeId: 1,
    monthAhead: 40,
    place: 'online',
    audience: ['public', 300],
    duration: '2h',
    budget: [5_000, 8_000],
    requirements: '面向社会学员的线上公开课，直播两小时，希望{teacher}老师讲授一堂通识讲座并留 20 分钟答疑。',
    steps: [
      call(1, '对方希望线上直播，预算有限'),
      quote(2, 12_000, '两小时线上直播，报价 1.2 万元'),
      move(2, 'quoted'),
      move(10, 'lost', '预算不足，对方选择了其他讲师'),
    ],
  },
  {
    by: { organization: '华信科技企业大学', contactName: '郑老师', phone: '19900000103' },
    sentDaysAgo: 20,
    teacher: 0,
    typeId: 1,
    days: [25],
    place: '440305',
    audience: ['staff', 120],
    duration: '1d',
    budget: [30_000, 50_000],
    requirements: '新晋经理人培训项目的一天课程，邀请{teacher}老师授课，上午讲授、下午工作坊，约 120 人。',
    steps: [
      assign(0.1),
      call(0.3, '与郑老师沟通课程安排：上午讲授、下午工作坊'),
      quote(2, 40_000, '一天课程含工作坊设计，报价 4 万元'),
      move(2, 'quoted'),
      move(6, 'confirmed'),
    ],
  },
  {
    by: { organization: '成都市武侯区实验中学', contactName: '何主任', phone: '19900000104' },
    sentDaysAgo: 15,
    teacher: 3,
    typeId: 2,
    days: [10],
    place: '510107',
    audience: ['teacher', 80],
    duration: 'half-day',
    budget: null,
    requirements: '为学校教职工开展一次师德师风与教育情怀专题讲座，约 80 人。',
    steps: [call(1, '已联系何主任，初定半天讲座'), move(1, 'contacted'), move(3, 'cancelled', '学校调整学期安排，活动取消')],
  },
  {
    by: 'member',
    sentDaysAgo: 12,
    teacher: 1,
    typeId: 1,
    days: [18, 19],
    place: '330106',
    audience: ['teacher', 150],
    duration: '2d',
    budget: [40_000, 60_000],
    requirements: '区级骨干教师研修班，邀请{teacher}老师授课两天，约 150 人，需提供课件和研讨题目。',
    steps: [
      assign(0.1),
      move(0.5, 'contacted'),
      reply(0.5, '您好，已收到您的预约，我们正在与名师确认档期。'),
      quote(2, 50_000, '两天研修含课件与研讨题目设计，报价 5 万元'),
      move(2, 'quoted'),
      move(4, 'confirmed'),
      reply(4, '两天授课已确认，名师将提前一天抵达，课件会提前发送给您。'),
    ],
  },
  {
    by: { organization: '青岛博远职业技能培训学校', contactName: '刘校长', phone: '19900000105' },
    sentDaysAgo: 9,
    teacher: 2,
    typeId: 3,
    monthAhead: 35,
    place: 'online',
    audience: ['public', 500],
    duration: '2h',
    budget: [8_000, 15_000],
    requirements: '线上直播讲座，面向职业技能学员约 500 人，需授权课程回放 30 天。',
    steps: [
      assign(0.2),
      call(0.5, '对方需要授权回放 30 天'),
      quote(1, 12_000, '两小时线上直播，含 30 天回放授权，报价 1.2 万元'),
      move(1, 'quoted'),
    ],
  },
  {
    // The day this one asks for is already confirmed for the member's request above: the overlap warning.
    by: { organization: '武汉市洪山区教育局', contactName: '吴科长', phone: '19900000106' },
    sentDaysAgo: 6,
    teacher: 1,
    typeId: 2,
    days: [18],
    place: '420111',
    audience: ['teacher', 200],
    duration: 'half-day',
    budget: [10_000, 20_000],
    requirements: '全区校长读书会专题分享，邀请{teacher}老师做半天报告，约 200 人。',
    steps: [call(1, '对方所选日期该名师已有确认的授课，已建议改到次周'), move(1, 'contacted')],
  },
  {
    by: 'member',
    sentDaysAgo: 4,
    course: 1,
    typeId: 2,
    days: [28],
    place: 'online',
    audience: ['cadre', 100],
    duration: 'half-day',
    budget: [10_000, 20_000],
    requirements: '围绕《{course}》为机关干部开展线上专题学习，约 100 人，希望课后提供学习资料。',
    steps: [move(1, 'contacted'), reply(1, '您好，已收到预约，名师档期确认中，我们会在两个工作日内回复您。')],
  },
  {
    // Nobody has answered it for two days: the 超时未回复 badge and filter.
    by: { organization: '重庆市渝中区教师发展中心', contactName: '马老师', phone: '19900000107' },
    sentDaysAgo: 2,
    teacher: 3,
    typeId: 1,
    days: [45, 46],
    place: '500103',
    audience: ['teacher', 300],
    duration: '2d',
    budget: [50_000, 80_000],
    requirements: '新教师入职培训两天，邀请{teacher}老师主讲，约 300 人，需安排现场互动环节。',
    steps: [],
  },
  {
    by: { organization: '远航汽车集团企业大学', contactName: '钱总监', phone: '19900000108' },
    sentDaysAgo: 5 / 24,
    typeId: 5,
    monthAhead: 50,
    place: '110108',
    audience: ['executive', 40],
    duration: '1d',
    budget: [100_000, 150_000],
    requirements: '计划举办年度战略研讨会，希望平台推荐 2 至 3 位名师作主题演讲并参与圆桌对话，约 40 位高管参加。',
    steps: [],
  },
  {
    by: 'member',
    sentDaysAgo: 3 / 24,
    teacher: 0,
    typeId: 2,
    monthAhead: 60,
    place: 'online',
    audience: ['cadre', 60],
    duration: '2h',
    budget: null,
    requirements: '为局机关干部安排一次线上专题讲座，邀请{teacher}老师讲两小时，时间可配合老师档期。',
    steps: [],
  },
]

/**
 * Runs `work` with the services' clock at `time`, running on from there. Only the seed's own process
 * sees it, before it serves anything (prepare-to-serve runs before the server starts).
 */
async function atTime<T>(time: number, work: () => Promise<T>): Promise<T> {
  const realNow = clock.now
  const offset = time - realNow()
  clock.now = () => realNow() + offset
  try {
    return await work()
  } finally {
    clock.now = realNow
  }
}

type PlannedBooking = {
  draft: BookingDraft
  memberId: number | null
  subject: { typeName: string; teacherName: string | null }
  sentAt: number
  steps: Step[]
}

/** Every read and check before the first write, so a missing teacher or a bad field stops nothing half-way. */
async function planDemoBookings(accounts: DemoAccounts, now: number): Promise<{ bookings: PlannedBooking[]; adminId: number }> {
  const [member, admin, teachers, courses, types] = await Promise.all([
    prisma.member.findUnique({ where: { phone: accounts.member.phone }, select: { id: true } }),
    prisma.member.findUnique({ where: { phone: accounts.admin.phone }, select: { id: true } }),
    prisma.teacher.findMany({
      where: { isPublished: true },
      orderBy: [{ isRecommended: 'desc' }, { sort: 'desc' }, { id: 'asc' }],
      take: 4,
      select: { id: true, name: true },
    }),
    prisma.course.findMany({
      where: { isPublished: true, teacher: { is: { isPublished: true } } },
      orderBy: [{ isSelected: 'desc' }, { sort: 'desc' }, { id: 'asc' }],
      take: 2,
      select: { id: true, title: true, teacher: { select: { id: true, name: true } } },
    }),
    prisma.cooperationType.findMany({ select: { id: true, name: true } }),
  ])
  if (!member || !admin) throw new Error('演示账号不存在')
  const day = (offset: number) => chinaDay(now + offset * DAY_MS)
  const bookings = DEMO_REQUESTS.map((request, index): PlannedBooking => {
    const course = request.course === undefined ? null : courses[request.course]
    const teacher = request.teacher === undefined ? (course?.teacher ?? null) : teachers[request.teacher]
    const type = types.find((row) => row.id === request.typeId)
    if ((request.course !== undefined && !course) || (request.teacher !== undefined && !teacher) || !type) {
      throw new Error(`演示预约 ${index + 1}：找不到所需的名师、课程或合作类型`)
    }
    const isOnline = request.place === 'online'
    const sentAt = now - request.sentDaysAgo * DAY_MS
    const contact = request.by === 'member' ? { ...MEMBER_CONTACT, phone: accounts.member.phone } : request.by
    // The form's own rules (phone, lengths, days or a month, budgets in order), as the API applies them.
    const { consent: _consent, ...fields } = bookingRequestSchema.parse({
      typeId: type.id,
      teacherId: teacher?.id ?? null,
      courseId: course?.id ?? null,
      days: (request.days ?? []).map(day),
      month: request.monthAhead === undefined ? '' : day(request.monthAhead).slice(0, 7),
      isOnline,
      regionCode: isOnline ? '' : request.place,
      audienceKind: request.audience[0],
      audienceSize: request.audience[1],
      duration: request.duration,
      requirements: request.requirements.replace('{teacher}', teacher?.name ?? '').replace('{course}', course?.title ?? ''),
      budgetMin: request.budget?.[0] ?? null,
      budgetMax: request.budget?.[1] ?? null,
      ...contact,
      consent: true,
    })
    // What Course/addBooking checks before filing (its checkRequest is the service's own): a district
    // of the region table, and no day before the day the request was sent.
    if (!isOnline && (!isValidRegion(fields.regionCode) || hasChildren(fields.regionCode))) {
      throw new Error(`演示预约 ${index + 1}：地区须为区县`)
    }
    const sentDay = chinaDay(sentAt)
    if (fields.days.some((asked) => asked < sentDay) || (fields.month !== '' && fields.month < sentDay.slice(0, 7))) {
      throw new Error(`演示预约 ${index + 1}：期望日期早于提交日期`)
    }
    return {
      draft: { source: course ? 'course' : teacher ? 'teacher' : 'cooperation', ...fields },
      memberId: request.by === 'member' ? member.id : null,
      subject: { typeName: type.name, teacherName: teacher?.name ?? null },
      sentAt,
      steps: request.steps,
    }
  })
  return { bookings, adminId: admin.id }
}

function runStep(id: number, step: Step, draft: BookingDraft, staffId: number) {
  const actor = (action: string): BookingActor => ({ staffId, ip: '', action })
  switch (step.do) {
    case 'assign':
      return assignBooking({ id, assigneeId: staffId }, actor('Admin/bookingAssign'))
    case 'quote':
      return addFollowUp({ id, kind: 'quote', text: step.text, amount: step.amount }, actor('Admin/bookingFollowUp'))
    case 'move': {
      const confirmedDays = step.to === 'confirmed' ? draft.days : undefined
      return moveBooking({ id, status: step.to, reason: step.reason ?? '', confirmedDays }, actor('Admin/bookingMove'))
    }
    default:
      return addFollowUp({ id, kind: step.do, text: step.text }, actor('Admin/bookingFollowUp'))
  }
}

/**
 * Files the demo requests and works them as the demo admin; answers how many it filed. Only into a
 * database without any booking, so a re-run (`npm run seed` again) adds none and demo requests never
 * mix with real ones. The lock keeps two seeds started at once from both finding the table empty.
 */
export async function addDemoBookings(accounts: DemoAccounts): Promise<number> {
  return withLock('demo-bookings', async () => {
    if ((await prisma.booking.count()) > 0) return 0
    const now = clock.now()
    const { bookings, adminId } = await planDemoBookings(accounts, now)
    for (const [index, { draft, memberId, subject, sentAt, steps }] of bookings.entries()) {
      // One documentation address (RFC 5737) per request: each counts once in its own hourly window,
      // so the per-address limit stays as it is for real visitors and never refuses the seed.
      const requester = { memberId, ip: `192.0.2.${index + 1}`, captcha: null }
      const { id } = await atTime(sentAt, () => submitBooking(draft, requester, subject))
      for (const step of steps) await atTime(sentAt + step.after * DAY_MS, () => runStep(id, step, draft, adminId))
    }
    // A running server's sweep would have reminded staff of the overdue request long ago.
    await remindOverdueBookings()
    return bookings.length
  })
}
