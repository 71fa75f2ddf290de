// Pure formatting of bookings, shared by the requester's side (booking.service.ts) and the staff
// pipeline (the Admin/booking* services): how a request's time, place, audience and phone read, and
// what its requester is shown. No database here: callers load the rows and the names.
import {
  AUDIENCE_KINDS,
  BOOKING_STATUSES,
  BOOKING_STATUS_HINT,
  BOOKING_STATUS_TEXT,
  DURATIONS,
  REQUESTER_CANCELLABLE,
  budgetText,
  type BookingStatus,
} from '../../../common/rules/booking'
import { codePath, regionText } from '../../../common/regions/regions'
import type { BookingEvent, BookingSummary, BookingView } from '../../../common/api/booking'

export const ONLINE_PLACE_TEXT = '线上授课'
export const UNSET_TEXT = '未填写'

/** A status column as stored; anything unknown reads as 'new' rather than breaking a page. */
export const asBookingStatus = (value: string): BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value) ? (value as BookingStatus) : 'new'

/** `preferredDays` is stored as a JSON array; a damaged value reads as no days. */
export function parseDays(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((day): day is string => typeof day === 'string') : []
  } catch {
    return []
  }
}

/** The deepest level stored: the district, else a city without districts. */
export const bookingRegionCode = (row: { cityCode: string; districtCode: string }) => row.districtCode || row.cityCode

/** A chosen region code as the three stored columns (province, city, district; '' where absent). */
export function splitRegion(regionCode: string): { provinceCode: string; cityCode: string; districtCode: string } {
  const [province, city, district] = regionCode ? codePath(regionCode).map((region) => region.code) : []
  return { provinceCode: province ?? '', cityCode: city ?? '', districtCode: district ?? '' }
}

/** 线上授课, or 浙江省 杭州市 西湖区. */
export function placeText(isOnline: boolean, regionCode: string): string {
  if (isOnline) return ONLINE_PLACE_TEXT
  return regionCode ? regionText(regionCode) || UNSET_TEXT : UNSET_TEXT
}

/** 2026-12-10, 2026-12-10 等 2 天, or 2026 年 12 月; 未填写 for old inquiries that named no time. */
export function whenText(days: readonly string[], month: string): string {
  if (days.length > 0) {
    const first = [...days].sort()[0]!
    return days.length === 1 ? first : `${first} 等 ${days.length} 天`
  }
  if (month) return `${month.slice(0, 4)} 年 ${Number(month.slice(5, 7))} 月`
  return UNSET_TEXT
}

/** The earliest day asked for, or the month's first: what lists sort and filter on. */
export function firstDayOf(days: readonly string[], month: string): string {
  if (days.length > 0) return [...days].sort()[0]!
  return month ? `${month}-01` : ''
}

/**
 * 11月10日、11月11日: days as people say them, in notices and the log. The year is written only for a
 * day outside `today`'s year (2027年1月5日), where leaving it out would mislead.
 */
export function daysText(days: readonly string[], today: string): string {
  return days
    .map((day) => {
      const [year, month, date] = day.split('-')
      return `${year === today.slice(0, 4) ? '' : `${year}年`}${Number(month)}月${Number(date)}日`
    })
    .join('、')
}

/** 企业高管 · 约 50 人. */
export function audienceText(kind: string, size: number | null): string {
  const label = (AUDIENCE_KINDS as Record<string, string>)[kind]
  if (!label) return size ? `约 ${size} 人` : UNSET_TEXT
  return size ? `${label} · 约 ${size} 人` : label
}

export const durationText = (duration: string): string => (DURATIONS as Record<string, string>)[duration] ?? UNSET_TEXT

/**
 * 138****8000 for a mobile; a landline keeps its area code and last 4 digits (010-****5678), an
 * extension dropped. Anything else keeps only its last 4.
 */
export function maskPhone(phone: string): string {
  const value = phone.trim()
  if (/^1\d{10}$/.test(value)) return `${value.slice(0, 3)}****${value.slice(7)}`
  const landline = /^(0\d{2,3})-?(\d{7,8})(?:-\d{1,6})?$/.exec(value)
  if (landline) {
    // Without a dash the split is ambiguous: 010 and 02x are the three-digit area codes.
    const digits = value.replace(/-\d{1,6}$/, '')
    const area = value.includes('-') ? landline[1]! : digits.slice(0, /^0[12]/.test(digits) ? 3 : 4)
    return `${area}-****${digits.slice(-4)}`
  }
  return value.length > 4 ? `****${value.slice(-4)}` : '****'
}

/** The booking columns the requester's view and summary read. */
export type BookingViewRow = {
  id: number
  referenceNo: string
  status: string
  closeReason: string
  preferredDays: string
  preferredMonth: string
  isOnline: boolean
  cityCode: string
  districtCode: string
  audienceKind: string
  audienceSize: number | null
  duration: string
  requirements: string
  budgetMin: number | null
  budgetMax: number | null
  organization: string
  contactName: string
  phone: string
  createdAt: Date
}

/** A Prisma `select` of exactly `BookingViewRow` (plus typeId, teacherId, courseId to look names up). */
export const bookingViewSelect = {
  id: true,
  referenceNo: true,
  status: true,
  closeReason: true,
  preferredDays: true,
  preferredMonth: true,
  isOnline: true,
  cityCode: true,
  districtCode: true,
  audienceKind: true,
  audienceSize: true,
  duration: true,
  requirements: true,
  budgetMin: true,
  budgetMax: true,
  organization: true,
  contactName: true,
  phone: true,
  createdAt: true,
  typeId: true,
  teacherId: true,
  courseId: true,
} as const

/** The names a view shows, looked up by the caller (Booking has no relations to the content tables). */
export type BookingNames = {
  typeName: string
  teacher: { id: number; name: string } | null
  course: { id: number; title: string } | null
}

/** Names looked up in bulk (a list page), keyed by id. */
export type BookingNameMaps = {
  types: ReadonlyMap<number, string>
  teachers: ReadonlyMap<number, { id: number; name: string }>
  courses: ReadonlyMap<number, { id: number; title: string }>
}

export function namesOf(row: { typeId: number; teacherId: number | null; courseId: number | null }, maps: BookingNameMaps): BookingNames {
  return {
    typeName: maps.types.get(row.typeId) ?? '',
    teacher: (row.teacherId !== null && maps.teachers.get(row.teacherId)) || null,
    course: (row.courseId !== null && maps.courses.get(row.courseId)) || null,
  }
}

export type BookingFollowUpRow = { kind: string; text: string; status: string; createdAt: Date }

/** The log entries the requester is shown; the rest (calls, quotes, notes) stay internal. */
export const REQUESTER_EVENT_KINDS: BookingEvent['kind'][] = ['status', 'reply', 'reschedule']

/**
 * What the requester is shown happening: state moves, staff replies and reschedules, oldest first.
 * Notes, calls and quotes (their amounts) stay internal, and no staff name is ever shown.
 */
export function requesterEvents(followUps: readonly BookingFollowUpRow[]): BookingEvent[] {
  return [...followUps]
    .filter((entry) => (REQUESTER_EVENT_KINDS as string[]).includes(entry.kind))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((entry) => {
      const status = entry.kind === 'status' && entry.status ? asBookingStatus(entry.status) : null
      return {
        kind: entry.kind as BookingEvent['kind'],
        text: entry.text,
        status,
        statusText: status ? BOOKING_STATUS_TEXT[status] : '',
        createdAt: entry.createdAt.toISOString(),
      }
    })
}

/** A request as its requester sees it (我的预约, the visitor's lookup, the cancel's answer). */
export function toRequesterView(
  row: BookingViewRow,
  names: BookingNames,
  followUps: readonly BookingFollowUpRow[],
  confirmedDays: readonly string[],
): BookingView {
  const status = asBookingStatus(row.status)
  return {
    id: row.id,
    referenceNo: row.referenceNo,
    status,
    statusText: BOOKING_STATUS_TEXT[status],
    statusHint: BOOKING_STATUS_HINT[status],
    closeReason: row.closeReason,
    typeName: names.typeName,
    teacher: names.teacher,
    course: names.course,
    days: parseDays(row.preferredDays),
    month: row.preferredMonth,
    confirmedDays: [...confirmedDays].sort(),
    isOnline: row.isOnline,
    placeText: placeText(row.isOnline, bookingRegionCode(row)),
    audienceText: audienceText(row.audienceKind, row.audienceSize),
    durationText: durationText(row.duration),
    requirements: row.requirements,
    budgetText: budgetText(row.budgetMin, row.budgetMax),
    organization: row.organization,
    contactName: row.contactName,
    phone: maskPhone(row.phone),
    createdAt: row.createdAt.toISOString(),
    events: requesterEvents(followUps),
    canCancel: REQUESTER_CANCELLABLE.includes(status),
  }
}

/** One line of 我的预约. */
export function toBookingSummary(row: BookingViewRow, names: BookingNames): BookingSummary {
  const status = asBookingStatus(row.status)
  return {
    id: row.id,
    referenceNo: row.referenceNo,
    status,
    statusText: BOOKING_STATUS_TEXT[status],
    typeName: names.typeName,
    teacherName: names.teacher?.name ?? '',
    courseTitle: names.course?.title ?? '',
    whenText: whenText(parseDays(row.preferredDays), row.preferredMonth),
    placeText: placeText(row.isOnline, bookingRegionCode(row)),
    createdAt: row.createdAt.toISOString(),
  }
}
