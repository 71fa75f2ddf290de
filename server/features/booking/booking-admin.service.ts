// The staff side of booking requests (预约管理): the table and the board with their filters, one request
// with its follow-up log, the moves through the pipeline, 改期 (a confirmed booking's days changed in
// place), the assignee, follow-ups and replies, and a teacher's calendar of confirmed days. Open to admins
// and sales (BOOKING_HANDLERS). Every write is audited in its own transaction; the requester hears of
// moves, reschedules and replies after the commit.
import { prisma, type Prisma, type Tx } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { skipTake, toPage } from '../../lib/pagination'
import {
  BOOKING_MOVES,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  BOOKING_STATUS_TEXT,
  CLOSED_WITH_REASON,
  FOLLOW_UP_KINDS,
  budgetText,
  canMoveBooking,
  chinaDay,
  type BookingStatus,
  type FollowUpKind,
} from '../../../common/rules/booking'
import { BOOKING_HANDLERS } from '../../../common/staff-roles'
import { recordAudit } from '../audit/audit.service'
import { tellRequester } from '../notification/notification.service'
import { asBookingStatus, audienceText, bookingRegionCode, daysText, durationText, parseDays, placeText, whenText } from './booking-view'
import type {
  BookingAssignInput,
  BookingBoardInput,
  BookingCalendarInput,
  BookingFilterInput,
  BookingFollowUpInput,
  BookingListInput,
  BookingMoveInput,
  BookingRescheduleInput,
} from './booking-admin.schemas'

/** Who wrote, as the audit log records it (the actions build it from the verified token). */
export type BookingActor = { staffId: number; ip: string; action: string }

type BookingRecord = Prisma.BookingGetPayload<object>
type Person = { id: number; nickname: string }

/** A new request is overdue once it has waited this long without a follow-up or a move. */
export const REPLY_WITHIN_MS = 24 * 60 * 60_000

/** New, unanswered, older than 24 hours: the badge, the filter and the reminder's candidates. */
export const overdueWhere = (now: number) =>
  ({ status: 'new', repliedAt: null, createdAt: { lt: new Date(now - REPLY_WITHIN_MS) } }) satisfies Prisma.BookingWhereInput

const isOverdue = (row: Pick<BookingRecord, 'status' | 'repliedAt' | 'createdAt'>, now: number) =>
  row.status === 'new' && row.repliedAt === null && row.createdAt.getTime() < now - REPLY_WITHIN_MS

export const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] satisfies Prisma.BookingOrderByWithRelationInput[]

/** The filters the table, the board and the export share, as a Prisma `where`. */
export function bookingWhere(filters: Omit<BookingFilterInput, 'status'> & { status?: BookingStatus }, now: number) {
  const { keyword, status, teacherId, typeId, provinceCode, from, to, assigneeId, overdue } = filters
  const and: Prisma.BookingWhereInput[] = []
  if (keyword) {
    and.push({
      OR: [
        { organization: { contains: keyword } },
        { contactName: { contains: keyword } },
        { phone: { contains: keyword } },
        // Reference numbers are stored upper-case; staff type them either way.
        { referenceNo: { contains: keyword.toUpperCase() } },
        { requirements: { contains: keyword } },
      ],
    })
  }
  // '0000' rather than nothing: requests that named no time ('' sorts first) never match a date range.
  if (from || to) and.push({ firstDay: { gte: from ?? '0000', lte: to } })
  if (overdue !== undefined) and.push(overdue ? overdueWhere(now) : { NOT: overdueWhere(now) })
  return { status, teacherId, typeId, provinceCode, assigneeId, AND: and } satisfies Prisma.BookingWhereInput
}

// ---------- rows: names, overlaps ----------

const distinct = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))]

/** The type, teacher, course and assignee names of some rows: one small query each. */
async function namesFor(rows: readonly BookingRecord[], extraPeople: (number | null)[] = []) {
  const teacherIds = distinct(rows.map((row) => row.teacherId))
  const courseIds = distinct(rows.map((row) => row.courseId))
  const personIds = distinct([...rows.map((row) => row.assigneeId), ...extraPeople])
  const [types, teachers, courses, people] = await Promise.all([
    prisma.cooperationType.findMany({ select: { id: true, name: true } }),
    teacherIds.length ? prisma.teacher.findMany({ where: { id: { in: teacherIds } }, select: { id: true, name: true } }) : [],
    courseIds.length ? prisma.course.findMany({ where: { id: { in: courseIds } }, select: { id: true, title: true } }) : [],
    personIds.length ? prisma.member.findMany({ where: { id: { in: personIds } }, select: { id: true, nickname: true } }) : [],
  ])
  return {
    types: new Map(types.map((type) => [type.id, type.name])),
    teachers: new Map(teachers.map((teacher) => [teacher.id, teacher])),
    courses: new Map(courses.map((course) => [course.id, course])),
    people: new Map<number, Person>(people.map((person) => [person.id, person])),
  }
}
type Names = Awaited<ReturnType<typeof namesFor>>

export type BookingOverlap = { bookingId: number; referenceNo: string; organization: string; day: string }

/**
 * Confirmed days of the same teacher on other bookings that fall on a day these rows ask for (or,
 * when a row asks for a month, in that month). A confirmed row's own days count as asked for.
 */
async function overlapsFor(rows: readonly BookingRecord[]): Promise<Map<number, BookingOverlap[]>> {
  const result = new Map<number, BookingOverlap[]>()
  const withTeacher = rows.filter((row) => row.teacherId !== null)
  if (withTeacher.length === 0) return result
  const own = await prisma.bookingDay.findMany({
    where: { bookingId: { in: withTeacher.map((row) => row.id) } },
    select: { bookingId: true, day: true },
  })
  const asked = new Map(
    withTeacher.map((row) => [
      row.id,
      new Set([...parseDays(row.preferredDays), ...own.filter((day) => day.bookingId === row.id).map((day) => day.day)]),
    ]),
  )
  const days = [...new Set([...asked.values()].flatMap((set) => [...set]))]
  const months = [...new Set(withTeacher.map((row) => row.preferredMonth).filter(Boolean))]
  const anyDay = [...(days.length ? [{ day: { in: days } }] : []), ...months.map((month) => ({ day: { startsWith: `${month}-` } }))]
  if (anyDay.length === 0) return result
  const found = await prisma.bookingDay.findMany({
    where: { teacherId: { in: distinct(withTeacher.map((row) => row.teacherId)) }, OR: anyDay },
    select: { bookingId: true, teacherId: true, day: true, booking: { select: { referenceNo: true, organization: true } } },
    orderBy: [{ day: 'asc' }, { bookingId: 'asc' }],
  })
  for (const row of withTeacher) {
    const wanted = asked.get(row.id)!
    const month = row.preferredMonth
    const hits = found.filter(
      (day) =>
        day.teacherId === row.teacherId &&
        day.bookingId !== row.id &&
        (wanted.has(day.day) || (month !== '' && day.day.startsWith(`${month}-`))),
    )
    if (hits.length) {
      result.set(
        row.id,
        hits.map((day) => ({
          bookingId: day.bookingId,
          referenceNo: day.booking.referenceNo,
          organization: day.booking.organization,
          day: day.day,
        })),
      )
    }
  }
  return result
}

function toRow(row: BookingRecord, names: Names, overlaps: ReadonlyMap<number, BookingOverlap[]>, now: number) {
  const status = asBookingStatus(row.status)
  const assignee = row.assigneeId === null ? null : (names.people.get(row.assigneeId) ?? null)
  return {
    id: row.id,
    referenceNo: row.referenceNo,
    status,
    statusText: BOOKING_STATUS_TEXT[status],
    source: row.source,
    sourceText: (BOOKING_SOURCES as Record<string, string>)[row.source] ?? row.source,
    typeId: row.typeId,
    typeName: names.types.get(row.typeId) ?? '',
    teacher: (row.teacherId !== null && names.teachers.get(row.teacherId)) || null,
    course: (row.courseId !== null && names.courses.get(row.courseId)) || null,
    organization: row.organization,
    contactName: row.contactName,
    // Staff call the requester: the number is shown whole here (and in the audited export).
    phone: row.phone,
    whenText: whenText(parseDays(row.preferredDays), row.preferredMonth),
    firstDay: row.firstDay,
    placeText: placeText(row.isOnline, bookingRegionCode(row)),
    provinceCode: row.provinceCode,
    audienceText: audienceText(row.audienceKind, row.audienceSize),
    durationText: durationText(row.duration),
    budgetText: budgetText(row.budgetMin, row.budgetMax),
    assignee,
    isOverdue: isOverdue(row, now),
    hasOverlap: (overlaps.get(row.id)?.length ?? 0) > 0,
    createdAt: row.createdAt.toISOString(),
  }
}
export type BookingRow = ReturnType<typeof toRow>

/** Rows as the table, the board and the export show them. */
export async function toRows(records: readonly BookingRecord[], now: number, { withOverlaps = true } = {}): Promise<BookingRow[]> {
  const [names, overlaps] = await Promise.all([
    namesFor(records),
    withOverlaps ? overlapsFor(records) : new Map<number, BookingOverlap[]>(),
  ])
  return records.map((record) => toRow(record, names, overlaps, now))
}

// ---------- reads ----------

export async function listBookings({ page, limit, ...filters }: BookingListInput) {
  const now = clock.now()
  const where = bookingWhere(filters, now)
  const [total, records] = await Promise.all([
    prisma.booking.count({ where }),
    prisma.booking.findMany({ where, orderBy: NEWEST_FIRST, ...skipTake({ page, limit }) }),
  ])
  return toPage(await toRows(records, now), total, { page, limit })
}

/** Newest rows shown in each column of the board. */
export const BOARD_COLUMN_ROWS = 50

export async function bookingBoard(filters: BookingBoardInput) {
  const now = clock.now()
  const where = bookingWhere(filters, now)
  const [totals, ...columns] = await Promise.all([
    prisma.booking.groupBy({ by: ['status'], where, _count: true }),
    ...BOOKING_STATUSES.map((status) =>
      prisma.booking.findMany({ where: { ...where, status }, orderBy: NEWEST_FIRST, take: BOARD_COLUMN_ROWS }),
    ),
  ])
  const rows = await toRows(columns.flat(), now)
  const byId = new Map(rows.map((row) => [row.id, row]))
  return {
    columns: BOOKING_STATUSES.map((status, index) => ({
      status,
      statusText: BOOKING_STATUS_TEXT[status],
      total: totals.find((row) => row.status === status)?._count ?? 0,
      items: columns[index].map((record) => byId.get(record.id)!),
    })),
  }
}

async function findBooking(id: number) {
  const row = await prisma.booking.findUnique({ where: { id } })
  if (!row) throw new ApiError(Code.NOT_FOUND, '预约不存在')
  return row
}

/** Who a request can be given to: admins and sales with a working account. */
const handlerWhere = { role: { in: [...BOOKING_HANDLERS] }, deletedAt: null, disabledAt: null } satisfies Prisma.MemberWhereInput

/** One request with everything the drawer shows: the log, the days, who can take it, where it may move. */
export async function getBooking(id: number) {
  const now = clock.now()
  const record = await findBooking(id)
  const [followUps, confirmed, assignees, overlaps] = await Promise.all([
    prisma.bookingFollowUp.findMany({ where: { bookingId: id }, orderBy: { id: 'desc' } }),
    prisma.bookingDay.findMany({ where: { bookingId: id }, select: { day: true }, orderBy: { day: 'asc' } }),
    prisma.member.findMany({ where: handlerWhere, select: { id: true, nickname: true }, orderBy: { id: 'asc' } }),
    overlapsFor([record]),
  ])
  const names = await namesFor(
    [record],
    followUps.map((entry) => entry.staffId),
  )
  const row = toRow(record, names, overlaps, now)
  return {
    ...row,
    days: parseDays(record.preferredDays),
    month: record.preferredMonth,
    isOnline: record.isOnline,
    regionCode: bookingRegionCode(record),
    districtCode: record.districtCode,
    cityCode: record.cityCode,
    audienceKind: record.audienceKind,
    audienceSize: record.audienceSize,
    duration: record.duration,
    requirements: record.requirements,
    budgetMin: record.budgetMin,
    budgetMax: record.budgetMax,
    closeReason: record.closeReason,
    memberId: record.memberId,
    confirmedDays: confirmed.map((entry) => entry.day),
    followUps: followUps.map((entry) => {
      const status = entry.status ? asBookingStatus(entry.status) : null
      return {
        id: entry.id,
        kind: entry.kind,
        kindText: (FOLLOW_UP_KINDS as Record<string, string>)[entry.kind] ?? entry.kind,
        text: entry.text,
        amount: entry.amount,
        status,
        statusText: status ? BOOKING_STATUS_TEXT[status] : '',
        staff: entry.staffId === null ? null : (names.people.get(entry.staffId) ?? null),
        createdAt: entry.createdAt.toISOString(),
      }
    }),
    assignees,
    moves: [...BOOKING_MOVES[row.status]],
    overlaps: overlaps.get(id) ?? [],
  }
}
export type BookingDetail = Awaited<ReturnType<typeof getBooking>>

// ---------- writes ----------

const quoted = (booking: Pick<BookingRecord, 'referenceNo' | 'organization'>) => `「${booking.organization}」的预约 ${booking.referenceNo}`

/** Staff's first answer stops the 24-hour clock; later ones leave the time as it was. */
const markReplied = (tx: Tx, id: number, now: Date) => tx.booking.updateMany({ where: { id, repliedAt: null }, data: { repliedAt: now } })

/** A booking's confirmed days, in order. */
const confirmedDaysIn = async (db: Pick<Tx, 'bookingDay'>, id: number) =>
  (await db.bookingDay.findMany({ where: { bookingId: id }, select: { day: true }, orderBy: { day: 'asc' } })).map((entry) => entry.day)

/**
 * The days confirming or rescheduling writes, in order, a day picked twice counted once: at least one,
 * and only for a booking with a teacher, whose calendar they fill.
 */
function confirmedDaysOf(days: readonly string[] | undefined, booking: Pick<BookingRecord, 'teacherId'>) {
  const chosen = [...new Set(days ?? [])].sort()
  if (chosen.length === 0) throw new ApiError(Code.BAD_PARAMS, '请选择确认的授课日期')
  if (booking.teacherId === null) throw new ApiError(Code.BAD_PARAMS, '请先为预约指定名师')
  return chosen
}

const sameDays = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((day, index) => day === b[index])

/**
 * Moves a request along BOOKING_MOVES. Cancelled and lost need a reason; confirmed needs the days
 * (they become the teacher's BookingDay rows), and leaving confirmed for anything but completed frees
 * them. The move is a status entry of the log, and the requester is told.
 */
export async function moveBooking({ id, status: to, reason, confirmedDays }: BookingMoveInput, actor: BookingActor) {
  const before = await findBooking(id)
  const from = asBookingStatus(before.status)
  if (!canMoveBooking(from, to)) {
    throw new ApiError(Code.BAD_PARAMS, `不能从「${BOOKING_STATUS_TEXT[from]}」改为「${BOOKING_STATUS_TEXT[to]}」`)
  }
  const isClosing = CLOSED_WITH_REASON.includes(to)
  if (isClosing && !reason) throw new ApiError(Code.BAD_PARAMS, '请填写取消或未成交的原因')
  const days = to === 'confirmed' ? confirmedDaysOf(confirmedDays, before) : []
  const now = new Date(clock.now())
  await prisma.$transaction(async (tx) => {
    const previousDays = await confirmedDaysIn(tx, id)
    // Only from the state the staff member saw: two people moving one request at once cannot both win.
    const { count } = await tx.booking.updateMany({
      where: { id, status: before.status },
      data: { status: to, closeReason: isClosing ? reason : '' },
    })
    if (count !== 1) throw new ApiError(Code.EXISTS, '预约状态已变化，请刷新后重试')
    await markReplied(tx, id, now)
    if (to !== 'completed') await tx.bookingDay.deleteMany({ where: { bookingId: id } })
    if (to === 'confirmed') {
      await tx.bookingDay.createMany({ data: days.map((day) => ({ bookingId: id, teacherId: before.teacherId!, day })) })
    }
    await tx.bookingFollowUp.create({
      data: { bookingId: id, kind: 'status', text: reason, status: to, staffId: actor.staffId, createdAt: now },
    })
    await recordAudit(
      {
        ...actor,
        entity: 'booking',
        entityId: id,
        summary: `将${quoted(before)} 由「${BOOKING_STATUS_TEXT[from]}」改为「${BOOKING_STATUS_TEXT[to]}」${reason ? `：${reason}` : ''}`,
        before: { status: from, closeReason: before.closeReason, confirmedDays: previousDays },
        after: { status: to, closeReason: isClosing ? reason : '', confirmedDays: to === 'completed' ? previousDays : days },
      },
      tx,
    )
  })
  await tellRequester(before, { status: to })
  return getBooking(id)
}

/**
 * 改期: a confirmed booking's days replaced in place. One entry in the log, one audit entry and one
 * notice for what is one event; moving out of 已确认 and back would record two moves and tell the
 * requester twice. The new days are checked as confirming checks them.
 */
export async function rescheduleBooking({ id, confirmedDays, reason }: BookingRescheduleInput, actor: BookingActor) {
  const before = await findBooking(id)
  if (before.status !== 'confirmed') throw new ApiError(Code.BAD_PARAMS, '仅已确认的预约可以改期')
  const days = confirmedDaysOf(confirmedDays, before)
  const previousDays = await confirmedDaysIn(prisma, id)
  if (sameDays(days, previousDays)) throw new ApiError(Code.BAD_PARAMS, '日期未变化')
  const now = new Date(clock.now())
  const today = chinaDay(now.getTime())
  const change = `${daysText(previousDays, today) || '无'} → ${daysText(days, today)}${reason ? `（${reason}）` : ''}`
  await prisma.$transaction(async (tx) => {
    // Writing the row only while it is 已确认 locks it: a concurrent move or reschedule waits for this
    // one, and a move that committed first (to 已完成, say) makes this one fail rather than land after it.
    const { count } = await tx.booking.updateMany({ where: { id, status: 'confirmed' }, data: { updatedAt: now } })
    if (count !== 1) throw new ApiError(Code.EXISTS, '预约状态已变化，请刷新后重试')
    // Another reschedule committed since the days were read: these days were chosen against old ones.
    if (!sameDays(await confirmedDaysIn(tx, id), previousDays)) throw new ApiError(Code.EXISTS, '确认日期已变化，请刷新后重试')
    await tx.bookingDay.deleteMany({ where: { bookingId: id } })
    await tx.bookingDay.createMany({ data: days.map((day) => ({ bookingId: id, teacherId: before.teacherId!, day })) })
    await tx.bookingFollowUp.create({
      data: { bookingId: id, kind: 'reschedule', text: `改期：${change}`, staffId: actor.staffId, createdAt: now },
    })
    await recordAudit(
      {
        ...actor,
        entity: 'booking',
        entityId: id,
        summary: `将${quoted(before)} 改期：${change}`,
        before: { confirmedDays: previousDays },
        after: { confirmedDays: days, reason },
      },
      tx,
    )
  })
  await tellRequester(before, { rescheduledTo: daysText(days, today), reason })
  return getBooking(id)
}

/** Gives the request to an admin or a sales member with a working account, or to nobody. */
export async function assignBooking({ id, assigneeId }: BookingAssignInput, actor: BookingActor) {
  const before = await findBooking(id)
  const person =
    assigneeId === null
      ? null
      : await prisma.member.findFirst({ where: { id: assigneeId, ...handlerWhere }, select: { id: true, nickname: true } })
  if (assigneeId !== null && !person) throw new ApiError(Code.BAD_PARAMS, '负责人须为在职的管理员或商务')
  await prisma.$transaction(async (tx) => {
    await tx.booking.update({ where: { id }, data: { assigneeId } })
    await recordAudit(
      {
        ...actor,
        entity: 'booking',
        entityId: id,
        summary: person ? `将${quoted(before)} 交给「${person.nickname}」跟进` : `取消${quoted(before)} 的负责人`,
        before: { assigneeId: before.assigneeId },
        after: { assigneeId },
      },
      tx,
    )
  })
  return getBooking(id)
}

/**
 * A call, a quote, a note or a reply in the log. Any of them is an answer (the 24-hour clock stops);
 * none moves the state. A reply is what the requester reads, and they are told of it.
 */
export async function addFollowUp({ id, kind, text, amount }: BookingFollowUpInput, actor: BookingActor) {
  const before = await findBooking(id)
  const quote = kind === 'quote' ? (amount ?? null) : null
  const now = new Date(clock.now())
  await prisma.$transaction(async (tx) => {
    const entry = await tx.bookingFollowUp.create({
      data: { bookingId: id, kind, text, amount: quote, staffId: actor.staffId, createdAt: now },
      select: { id: true },
    })
    await markReplied(tx, id, now)
    const label = FOLLOW_UP_KINDS[kind as FollowUpKind]
    await recordAudit(
      {
        ...actor,
        entity: 'booking',
        entityId: id,
        summary: `跟进${quoted(before)}：${label}${quote === null ? '' : ` ${quote} 元`}`,
        after: { followUpId: entry.id, kind, text, amount: quote },
      },
      tx,
    )
  })
  if (kind === 'reply') await tellRequester(before, { reply: text })
  return getBooking(id)
}

// ---------- the calendar ----------

/** States whose requests still wait for a date: what the calendar lists beside the confirmed days. */
const WAITING: readonly BookingStatus[] = ['new', 'contacted', 'quoted']

/** A teacher's month: the confirmed days with their bookings, and the open requests asking for days in it. */
export async function bookingCalendar({ teacherId, month }: BookingCalendarInput) {
  const teacher = await prisma.teacher.findUnique({ where: { id: teacherId }, select: { id: true, name: true } })
  if (!teacher) throw new ApiError(Code.NOT_FOUND, '名师不存在')
  const [confirmed, requested] = await Promise.all([
    prisma.bookingDay.findMany({
      where: { teacherId, day: { startsWith: `${month}-` } },
      select: { day: true, booking: { select: { id: true, referenceNo: true, organization: true, status: true } } },
      orderBy: [{ day: 'asc' }, { bookingId: 'asc' }],
    }),
    prisma.booking.findMany({
      where: {
        teacherId,
        status: { in: [...WAITING] },
        // preferredDays is a JSON list of "YYYY-MM-DD" strings: a quoted month prefix is a day in it.
        OR: [{ preferredMonth: month }, { preferredDays: { contains: `"${month}-` } }],
      },
      select: { id: true, referenceNo: true, organization: true, preferredDays: true, preferredMonth: true, status: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
  ])
  const days = new Map<string, { id: number; referenceNo: string; organization: string; status: BookingStatus; statusText: string }[]>()
  for (const { day, booking } of confirmed) {
    const status = asBookingStatus(booking.status)
    const list = days.get(day) ?? []
    list.push({ ...booking, status, statusText: BOOKING_STATUS_TEXT[status] })
    days.set(day, list)
  }
  return {
    teacher,
    month,
    days: [...days].map(([day, bookings]) => ({ day, bookings })),
    requested: requested.map((row) => ({
      id: row.id,
      referenceNo: row.referenceNo,
      organization: row.organization,
      days: parseDays(row.preferredDays),
      month: row.preferredMonth,
      status: asBookingStatus(row.status),
    })),
  }
}
