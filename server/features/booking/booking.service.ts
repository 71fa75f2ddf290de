// Booking a teacher, the requester's side (issue 26): the public request form (Course/addBooking, and
// the older cooperation form Course/addInquiry, which now writes a booking too), the visitor's lookup by
// reference number and phone, and a member's own requests (我的预约). Staff work requests through the
// Admin/booking* services; both sides format with booking-view.ts.
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { limitKey } from '../../lib/client-address'
import { clock } from '../../lib/clock'
import { skipTake, toPage, type PageInput } from '../../lib/pagination'
import { RateLimit } from '../../data/rate-limit'
import { withLock } from '../../data/lease'
import { hasChildren, isValidRegion } from '../../../common/regions/regions'
import { OPEN_BOOKING_STATUSES, REQUESTER_CANCELLABLE, bookingReference, chinaDay, type BookingSource } from '../../../common/rules/booking'
import type { BookingCreated, BookingPrefill, BookingView } from '../../../common/api/booking'
import { screenText } from '../review/sensitive-screen.service'
import { alertStaff } from '../alert/alert.service'
import { verifyCaptcha } from '../member/captcha.service'
import {
  bookingViewSelect,
  firstDayOf,
  namesOf,
  REQUESTER_EVENT_KINDS,
  splitRegion,
  toBookingSummary,
  toRequesterView,
  type BookingNameMaps,
} from './booking-view'
import type { AddBookingInput, BookingCancelInput, BookingLookupInput } from './booking.schemas'

const HOUR_MS = 60 * 60_000

/** Mutable so tests can tighten them. */
export const bookingLimits = {
  /** Requests (bookings and inquiries together) an address may send an hour. */
  perAddressPerHour: 5,
  /** Open requests one member may have at a time. */
  openPerMember: 10,
  /** Wrong reference number and phone pairs an address may try an hour. */
  lookupMissesPerHour: 10,
}
// The key keeps the inquiry form's name: the two forms share one count, and windows counted before
// bookings existed still apply.
export const requestsByAddress = new RateLimit('inquiry-ip', () => HOUR_MS)
export const lookupMissesByAddress = new RateLimit('booking-lookup', () => HOUR_MS)

export const BOOKING_SUBMITTED = '预约已提交，我们将在 1 个工作日内与您联系'

const minutesLeft = (msLeft: number) => Math.max(1, Math.ceil(msLeft / 60_000))

/** Everything a request stores but its number, its requester and its time. */
export type BookingDraft = {
  source: BookingSource
  typeId: number
  teacherId: number | null
  courseId: number | null
  days: string[]
  month: string
  isOnline: boolean
  regionCode: string
  audienceKind: string
  audienceSize: number | null
  duration: string
  requirements: string
  budgetMin: number | null
  budgetMax: number | null
  organization: string
  contactName: string
  phone: string
}

export type Requester = {
  memberId: number | null
  ip: string
  /** The image captcha a visitor solved; null for a signed-in member, who needs none. */
  captcha: { captchaId?: string; captchaCode?: string } | null
}

/** What the staff alert names the request by: its teacher, else its cooperation type. */
type Subject = { typeName: string; teacherName: string | null }

/**
 * Files a checked request: the per-address limit, the captcha, the sensitive-word screen, the
 * member's cap on open requests and the day's reference number, then the staff alert.
 */
export async function submitBooking(draft: BookingDraft, requester: Requester, subject: Subject): Promise<BookingCreated> {
  const { captcha } = requester
  // Refused before anything is counted: a form sent without its captcha is not a request.
  if (captcha && !captcha.captchaId) throw new ApiError(Code.BAD_PARAMS, '请先获取图形验证码')
  if (captcha && !captcha.captchaCode) throw new ApiError(Code.BAD_PARAMS, '请输入图形验证码')
  const address = limitKey(requester.ip)
  // Counted before the captcha is checked, so parallel sends cannot all pass under the cap.
  const sent = await requestsByAddress.add(address)
  if (sent.points > bookingLimits.perAddressPerHour) {
    throw new ApiError(Code.RATE_LIMITED, `提交过于频繁，请 ${minutesLeft(sent.msLeft)} 分钟后再试`)
  }
  if (captcha) {
    try {
      await verifyCaptcha(captcha.captchaId!, captcha.captchaCode!)
    } catch (error) {
      // A mistyped captcha is not a sent request; each image allows one guess anyway.
      await requestsByAddress.subtract(address)
      throw error
    }
  }
  const text = await screenText(
    {
      organization: { text: draft.organization },
      contactName: { text: draft.contactName },
      requirements: { text: draft.requirements },
    },
    { source: 'inquiry', memberId: requester.memberId, subject: '内容' },
  )
  const region = draft.isOnline ? splitRegion('') : splitRegion(draft.regionCode)
  const data = {
    source: draft.source,
    typeId: draft.typeId,
    teacherId: draft.teacherId,
    courseId: draft.courseId,
    preferredDays: JSON.stringify([...draft.days].sort()),
    preferredMonth: draft.month,
    firstDay: firstDayOf(draft.days, draft.month),
    isOnline: draft.isOnline,
    ...region,
    audienceKind: draft.audienceKind,
    audienceSize: draft.audienceSize,
    duration: draft.duration,
    budgetMin: draft.budgetMin,
    budgetMax: draft.budgetMax,
    phone: draft.phone,
    memberId: requester.memberId,
    ip: requester.ip,
    ...text,
  }
  // One lock for every process: the member's cap is a check-then-write, and so is the day's next number.
  const booking = await withLock('booking-reference', async () => {
    if (requester.memberId !== null) {
      const open = await prisma.booking.count({ where: { memberId: requester.memberId, status: { in: [...OPEN_BOOKING_STATUSES] } } })
      if (open >= bookingLimits.openPerMember) {
        throw new ApiError(Code.RATE_LIMITED, `您有 ${open} 条预约正在处理中，请等待工作人员处理后再提交`)
      }
    }
    const now = clock.now()
    const referenceNo = await nextReference(chinaDay(now))
    return prisma.booking.create({ data: { ...data, referenceNo, createdAt: new Date(now) }, select: { id: true, referenceNo: true } })
  })
  await alertStaff({
    kind: 'inquiry',
    title: `${text.organization} 预约${subject.teacherName ?? subject.typeName}`,
    link: `/admin/booking/${booking.id}`,
  })
  return { id: booking.id, referenceNo: booking.referenceNo, message: BOOKING_SUBMITTED }
}

/** The day's next number: one past the highest one issued that day (numbers are never reused). */
async function nextReference(day: string): Promise<string> {
  const prefix = bookingReference(day, 0).slice(0, -4)
  const last = await prisma.booking.findFirst({
    where: { referenceNo: { startsWith: prefix } },
    orderBy: { referenceNo: 'desc' },
    select: { referenceNo: true },
  })
  return bookingReference(day, last ? Number(last.referenceNo.slice(prefix.length)) + 1 : 1)
}

/** The largest id an Int column holds: a bigger one (the shared rules set no ceiling) names no row. */
const MAX_ID = 2_147_483_647

/** The furthest day a request may ask for: the same date two years on (a string, so 02-29 compares fine). */
const twoYearsOn = (today: string) => `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`

/** The checks that need the clock and the database; answers the draft to file. */
async function checkRequest(input: AddBookingInput): Promise<{ draft: BookingDraft; subject: Subject }> {
  const today = chinaDay(clock.now())
  if (input.days.some((day) => day < today)) throw new ApiError(Code.BAD_PARAMS, '期望日期不能早于今天')
  if (input.month && input.month < today.slice(0, 7)) throw new ApiError(Code.BAD_PARAMS, '期望月份不能早于本月')
  const last = twoYearsOn(today)
  if (input.days.some((day) => day > last) || (input.month && input.month > last.slice(0, 7))) {
    throw new ApiError(Code.BAD_PARAMS, '期望日期最多可选两年内')
  }
  if (!input.isOnline) {
    // The deepest level: a district, or a city (or region) with nothing below it.
    if (!isValidRegion(input.regionCode)) throw new ApiError(Code.BAD_PARAMS, '请选择正确的省市区')
    if (hasChildren(input.regionCode)) throw new ApiError(Code.BAD_PARAMS, '请选择到区县')
  }
  const type = await prisma.cooperationType.findUnique({ where: { id: input.typeId }, select: { name: true } })
  if (!type) throw new ApiError(Code.BAD_PARAMS, '请选择合作类型')

  let teacherId = input.teacherId
  let teacherName: string | null = null
  if ((input.teacherId ?? 0) > MAX_ID) throw new ApiError(Code.BAD_PARAMS, '名师不存在或已下架')
  if ((input.courseId ?? 0) > MAX_ID) throw new ApiError(Code.BAD_PARAMS, '课程不存在或已下架')
  if (input.courseId !== null) {
    const course = await prisma.course.findFirst({ where: { id: input.courseId, isPublished: true }, select: { teacherId: true } })
    if (!course) throw new ApiError(Code.BAD_PARAMS, '课程不存在或已下架')
    if (teacherId !== null && course.teacherId !== teacherId) throw new ApiError(Code.BAD_PARAMS, '课程不属于所选名师')
    teacherId ??= course.teacherId
  }
  if (teacherId !== null) {
    const teacher = await prisma.teacher.findFirst({ where: { id: teacherId, isPublished: true }, select: { name: true } })
    if (teacher) teacherName = teacher.name
    // A course's own teacher, when unpublished, is simply not named; a chosen one must be published.
    else if (input.teacherId !== null) throw new ApiError(Code.BAD_PARAMS, '名师不存在或已下架')
    else teacherId = null
  }
  const source: BookingSource = input.courseId !== null ? 'course' : teacherId !== null ? 'teacher' : 'cooperation'
  return {
    draft: {
      source,
      typeId: input.typeId,
      teacherId,
      courseId: input.courseId,
      days: input.days,
      month: input.days.length > 0 ? '' : input.month,
      isOnline: input.isOnline,
      regionCode: input.isOnline ? '' : input.regionCode,
      audienceKind: input.audienceKind,
      audienceSize: input.audienceSize,
      duration: input.duration,
      requirements: input.requirements,
      budgetMin: input.budgetMin,
      budgetMax: input.budgetMax,
      organization: input.organization,
      contactName: input.contactName,
      phone: input.phone,
    },
    subject: { typeName: type.name, teacherName },
  }
}

/** Course/addBooking: a visitor solves the captcha; a signed-in member needs none and sees it in 我的预约. */
export async function addBooking(input: AddBookingInput, caller: { memberId: number | null; ip: string }): Promise<BookingCreated> {
  const { draft, subject } = await checkRequest(input)
  const captcha = caller.memberId === null ? { captchaId: input.captchaId, captchaCode: input.captchaCode } : null
  return submitBooking(draft, { ...caller, captcha }, subject)
}

// ---------- reading requests back ----------

type ViewRow = Awaited<ReturnType<typeof findViewRows>>[number]

const findViewRows = (where: { id?: number; memberId?: number; referenceNo?: string }, page?: PageInput) =>
  prisma.booking.findMany({
    where,
    select: bookingViewSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...(page ? skipTake(page) : {}),
  })

/** The names rows show, in three queries whatever the number of rows. */
export async function loadBookingNames(
  rows: readonly { typeId: number; teacherId: number | null; courseId: number | null }[],
): Promise<BookingNameMaps> {
  const ids = (pick: (row: (typeof rows)[number]) => number | null) => [
    ...new Set(rows.map(pick).filter((id): id is number => id !== null)),
  ]
  const [types, teachers, courses] = await Promise.all([
    prisma.cooperationType.findMany({ where: { id: { in: ids((row) => row.typeId) } }, select: { id: true, name: true } }),
    prisma.teacher.findMany({ where: { id: { in: ids((row) => row.teacherId) } }, select: { id: true, name: true } }),
    prisma.course.findMany({ where: { id: { in: ids((row) => row.courseId) } }, select: { id: true, title: true } }),
  ])
  return {
    types: new Map(types.map((type) => [type.id, type.name])),
    teachers: new Map(teachers.map((teacher) => [teacher.id, teacher])),
    courses: new Map(courses.map((course) => [course.id, course])),
  }
}

async function viewOf(row: ViewRow): Promise<BookingView> {
  const [maps, followUps, days] = await Promise.all([
    loadBookingNames([row]),
    prisma.bookingFollowUp.findMany({
      where: { bookingId: row.id, kind: { in: REQUESTER_EVENT_KINDS } },
      select: { kind: true, text: true, status: true, createdAt: true },
      orderBy: { id: 'asc' },
    }),
    prisma.bookingDay.findMany({ where: { bookingId: row.id }, select: { day: true } }),
  ])
  return toRequesterView(
    row,
    namesOf(row, maps),
    followUps,
    days.map((entry) => entry.day),
  )
}

const LOOKUP_MISS = '未找到该预约，请核对预约编号和联系电话'
/** Digits only: 010-12345678 and 01012345678 are the same phone. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, '')

/** Course/bookingLookup: a visitor's request found by its number and phone; wrong pairs are limited per address. */
export async function lookupBooking(input: BookingLookupInput, ip: string): Promise<BookingView> {
  const address = limitKey(ip)
  const misses = await lookupMissesByAddress.read(address)
  if (misses.points >= bookingLimits.lookupMissesPerHour) {
    throw new ApiError(Code.RATE_LIMITED, `查询过于频繁，请 ${minutesLeft(misses.msLeft)} 分钟后再试`)
  }
  const [row] = await findViewRows({ referenceNo: input.referenceNo })
  if (!row || phoneDigits(row.phone) !== phoneDigits(input.phone) || phoneDigits(input.phone) === '') {
    const counted = await lookupMissesByAddress.add(address)
    // Parallel guesses all read the count before any was added: the one past the cap is refused too.
    if (counted.points > bookingLimits.lookupMissesPerHour) {
      throw new ApiError(Code.RATE_LIMITED, `查询过于频繁，请 ${minutesLeft(counted.msLeft)} 分钟后再试`)
    }
    throw new ApiError(Code.NOT_FOUND, LOOKUP_MISS)
  }
  return viewOf(row)
}

/** 我的预约: the member's own requests, newest first. */
export async function listMemberBookings(memberId: number, page: PageInput) {
  const [rows, total] = await Promise.all([findViewRows({ memberId }, page), prisma.booking.count({ where: { memberId } })])
  const maps = await loadBookingNames(rows)
  return toPage(
    rows.map((row) => toBookingSummary(row, namesOf(row, maps))),
    total,
    page,
  )
}

const NOT_FOUND = '预约不存在'

export async function getMemberBooking(memberId: number, id: number): Promise<BookingView> {
  const [row] = await findViewRows({ id, memberId })
  if (!row) throw new ApiError(Code.NOT_FOUND, NOT_FOUND)
  return viewOf(row)
}

/** The requester withdraws a request staff have not confirmed; staff see it in the log as the requester's. */
export async function cancelMemberBooking(memberId: number, input: BookingCancelInput): Promise<BookingView> {
  const { reason } = await screenText({ reason: { text: input.reason } }, { source: 'inquiry', memberId, subject: '取消原因' })
  const closeReason = reason || '预约人取消'
  const now = new Date(clock.now())
  const isCancelled = await prisma.$transaction(async (tx) => {
    // Conditional: a staff move landing in between wins, and the requester is told to call instead.
    const { count } = await tx.booking.updateMany({
      where: { id: input.id, memberId, status: { in: [...REQUESTER_CANCELLABLE] } },
      data: { status: 'cancelled', closeReason, updatedAt: now },
    })
    if (count === 1) {
      await tx.bookingFollowUp.create({
        data: { bookingId: input.id, kind: 'status', status: 'cancelled', text: closeReason, staffId: null, createdAt: now },
      })
    }
    return count === 1
  })
  if (!isCancelled) {
    const exists = await prisma.booking.count({ where: { id: input.id, memberId } })
    if (!exists) throw new ApiError(Code.NOT_FOUND, NOT_FOUND)
    throw new ApiError(Code.BAD_PARAMS, '该预约已确认或已结束，如需取消请联系工作人员')
  }
  return getMemberBooking(memberId, input.id)
}

/** What the form starts with for a signed-in member: their last request's contact, else their profile. */
export async function getBookingPrefill(memberId: number): Promise<BookingPrefill> {
  const last = await prisma.booking.findFirst({
    where: { memberId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { organization: true, contactName: true, phone: true },
  })
  if (last) return last
  const member = await prisma.member.findUnique({ where: { id: memberId }, select: { nickname: true, phone: true } })
  if (!member) throw new ApiError(Code.NOT_FOUND, '会员不存在')
  return { organization: '', contactName: member.nickname, phone: member.phone ?? '' }
}
