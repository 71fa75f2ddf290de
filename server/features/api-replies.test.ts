// Every reply declared in common/api against what the pipeline really sends. TypeScript already
// fails when an action's reply lacks a declared field or has the wrong type (server/lib/action.ts);
// what it cannot see is a field the declaration does not name. Here each declaring action answers
// its example and the strict schema must accept the reply, extra fields included.
import request from '../test/request'
import { replySchemas, type ReplyPath } from '../../common/api/replies'
import { actions } from '../actions'
import { createApp } from '../app'
import { prisma } from '../db'
import { actionPath, type Action } from '../lib/action'
import { Code } from '../lib/api-error'
import { createSignedInMember, solvedCaptcha } from '../test/member-factories'
import { bookingReference, chinaDay } from '../../common/rules'
import { clock } from '../lib/clock'

const app = createApp()
const pathOf = (action: Action) => actionPath(action).slice('/api/'.length) as ReplyPath
const declaring = actions.filter((action) => action.reply)

// What an example needs first: the inquiry names its captcha in words and needs one solved; the
// demo specials hold no courses, so the example special is given one.
const payloadFor: Partial<Record<ReplyPath, (example: object) => Promise<object>>> = {
  'Course/addInquiry': async (example) => ({ ...example, ...(await solvedCaptcha(request(app))) }),
  // The example's day is a fixed date: a month from now keeps it in the future.
  'Course/addBooking': async (example) => ({
    ...example,
    days: [chinaDay(clock.now() + 30 * 24 * 60 * 60_000)],
    ...(await solvedCaptcha(request(app))),
  }),
  'Course/bookingLookup': async () => {
    const booking = await workedBooking(null)
    return { referenceNo: booking.referenceNo, phone: booking.phone }
  },
  'Special/specialDetails': async (example) => {
    const course = await prisma.course.findFirstOrThrow({ where: { isPublished: true }, select: { id: true } })
    await prisma.specialCourse.create({ data: { specialId: (example as { id: number }).id, courseId: course.id, position: 0 } })
    return example
  },
}

// What the signed-in member of a member action must have first: a video watched, for 最近观看.
const memberHas: Partial<Record<ReplyPath, (memberId: number) => Promise<unknown>>> = {
  'Member/recentVideos': async (memberId) => {
    const video = await prisma.teacherVideo.findFirstOrThrow({
      where: { status: 'approved', teacher: { isPublished: true } },
      select: { id: true },
    })
    return prisma.videoProgress.create({ data: { memberId, kind: 'teacherVideo', itemId: video.id, position: 12, duration: 60 } })
  },
  // 足迹: a course opened.
  'Member/recentViewList': async (memberId) => {
    const course = await prisma.course.findFirstOrThrow({ where: { isPublished: true }, select: { id: true } })
    return prisma.recentView.create({ data: { memberId, entity: 'course', recordId: course.id } })
  },
  // 我的预约: the example's request (id 1) is the member's.
  'Member/bookingList': (memberId) => workedBooking(memberId, 1),
  'Member/bookingDetail': (memberId) => workedBooking(memberId, 1),
  'Member/bookingCancel': (memberId) => workedBooking(memberId, 1),
  // A viewer action with an entry here is called signed in too: the comments it lists are the member's own
  // (ownIds), and so is a reply still held for review (ownPending).
  'Course/commentList': async (memberId) => {
    const top = await prisma.comment.create({ data: { entity: 'course', recordId: 1, memberId, content: '示例评论' } })
    const reply = await prisma.comment.create({ data: { entity: 'course', recordId: 1, memberId, parentId: top.id, content: '示例回复' } })
    await prisma.comment.create({
      data: { entity: 'course', recordId: 1, memberId, parentId: top.id, replyToId: memberId, content: '待审核的回复', status: 'pending' },
    })
    return prisma.comment.create({
      data: { entity: 'course', recordId: 1, memberId, parentId: top.id, replyToId: memberId, content: `回复 ${reply.id}` },
    })
  },
}

/**
 * A request staff have worked: days asked for and confirmed, a move and a reply, so no list of the
 * requester's view is empty. `id` makes it the example's request (booking 1) for its member.
 */
async function workedBooking(memberId: number | null, id?: number) {
  const fields = {
    referenceNo: bookingReference('2020-01-01', id ?? 9000 + (await prisma.booking.count())),
    typeId: 1,
    teacherId: 1,
    preferredDays: JSON.stringify(['2027-05-10']),
    requirements: '领导力专题',
    organization: '示例单位',
    contactName: '王老师',
    phone: '13800138000',
    memberId,
    status: 'contacted',
  }
  const booking = id
    ? await prisma.booking.upsert({ where: { id }, create: { id, ...fields }, update: fields })
    : await prisma.booking.create({ data: fields })
  await prisma.bookingDay.upsert({
    where: { bookingId_day: { bookingId: booking.id, day: '2027-05-10' } },
    create: { bookingId: booking.id, teacherId: 1, day: '2027-05-10' },
    update: {},
  })
  await prisma.bookingFollowUp.createMany({
    data: [
      { bookingId: booking.id, kind: 'status', status: 'contacted' },
      { bookingId: booking.id, kind: 'reply', text: '您好，已收到。' },
      { bookingId: booking.id, kind: 'reschedule', text: '改期：5月3日 → 5月10日' },
    ],
  })
  return booking
}

/** Paths of the empty lists in a reply: their items were not checked against the declaration. */
function emptyLists(value: unknown, at = 'data'): string[] {
  if (Array.isArray(value)) return value.length ? value.flatMap((item, i) => emptyLists(item, `${at}[${i}]`)) : [at]
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => emptyLists(item, `${at}.${key}`))
  return []
}

describe('replies declared in common/api', () => {
  test('each declaration is named by exactly one action, its own', () => {
    expect(declaring.map((action) => action.reply!.path)).toEqual(declaring.map(pathOf))
    expect(declaring.map(pathOf).sort()).toEqual(Object.keys(replySchemas).sort())
  })

  test.each(declaring.map((action) => [pathOf(action), action] as const))('%s answers its example as declared', async (path, action) => {
    const example = action.example as object
    const payload = (await payloadFor[path]?.(example)) ?? example
    const call = request(app).post(actionPath(action))
    // The member's own actions answer a signed-in member.
    if (action.access === 'member' || (action.access === 'viewer' && memberHas[path])) {
      const signedIn = await createSignedInMember()
      await memberHas[path]?.(signedIn.member.id)
      call.set('Authorization', signedIn.auth)
    }
    const res = await call.send(payload)

    expect(res.body).toMatchObject({ code: Code.OK })
    expect(replySchemas[path].safeParse(res.body.data).error?.issues ?? []).toEqual([])
    // An empty list would pass whatever its items carry.
    expect(emptyLists(res.body.data)).toEqual([])
  })

  test('a field the declaration does not name fails the check', () => {
    const question = { id: 1, title: '问', views: 0, createdAt: '2026-01-01T00:00:00.000Z', content: '', extra: 1 }

    const issues = replySchemas['Course/commonProblemDetails'].safeParse(question).error?.issues

    expect(issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['extra'] }])
  })
})
