// The numbers of booking requests: the console's badges and dashboard figures, and 预约统计 (requests and
// won per month, and conversion by teacher, cooperation type and province). Won = confirmed + completed.
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { chinaDay, chinaDayStart } from '../../lib/china-day'
import { clock } from '../../lib/clock'
import { OPEN_BOOKING_STATUSES, type BookingStatus } from '../../../common/rules/booking'
import { codeToName } from '../../../common/regions/regions'
import { overdueWhere } from './booking-admin.service'
import { STATS_MAX_MONTHS, type BookingStatsInput } from './booking-admin.schemas'

/** The states that count as a deal. */
export const WON_STATUSES: readonly BookingStatus[] = ['confirmed', 'completed']

/**
 * What waits for staff: requests not closed yet (open), those nobody has moved on (new), and the new
 * ones unanswered for 24 hours (overdue; from the query, whether or not the reminder has gone out).
 */
export async function bookingCounts(now = clock.now()) {
  const [byStatus, overdue] = await Promise.all([
    prisma.booking.groupBy({ by: ['status'], where: { status: { in: [...OPEN_BOOKING_STATUSES] } }, _count: true }),
    prisma.booking.count({ where: overdueWhere(now) }),
  ])
  const count = (status: string) => byStatus.find((row) => row.status === status)?._count ?? 0
  return { open: OPEN_BOOKING_STATUSES.reduce((sum, status) => sum + count(status), 0), new: count('new'), overdue }
}

/** 2026-11 plus `n` months (n may be negative). */
function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1

type Tally = { requests: number; won: number }
const tally = (): Tally => ({ requests: 0, won: 0 })

function counted<K>(map: Map<K, Tally>, key: K, isWon: boolean) {
  const entry = map.get(key) ?? tally()
  entry.requests += 1
  if (isWon) entry.won += 1
  map.set(key, entry)
}

const TOP_TEACHERS = 10
const ONLINE = { code: 'online', name: '线上' }
const NO_PLACE = { code: '', name: '未填写' }

/**
 * Requests by the month they arrived (China time), from `from` to `to` (default: the last 12 months,
 * this one included). The conversion (won / requests) is the client's to compute.
 */
export async function bookingStats({ from, to }: BookingStatsInput) {
  const thisMonth = chinaDay(clock.now()).slice(0, 7)
  const last = to ?? (from && from > thisMonth ? from : thisMonth)
  const first = from ?? addMonths(last, -11)
  const span = monthsBetween(first, last)
  if (span > STATS_MAX_MONTHS) throw new ApiError(Code.BAD_PARAMS, `统计范围最多 ${STATS_MAX_MONTHS} 个月`)
  const rows = await prisma.booking.findMany({
    where: { createdAt: { gte: chinaDayStart(`${first}-01`), lt: chinaDayStart(`${addMonths(last, 1)}-01`) } },
    select: { createdAt: true, status: true, teacherId: true, typeId: true, provinceCode: true, isOnline: true },
  })
  const months = new Map(Array.from({ length: span }, (_, i) => [addMonths(first, i), tally()]))
  const teachers = new Map<number, Tally>()
  const types = new Map<number, Tally>()
  const regions = new Map<string, Tally>()
  for (const row of rows) {
    const isWon = WON_STATUSES.includes(row.status as BookingStatus)
    counted(months, chinaDay(row.createdAt.getTime()).slice(0, 7), isWon)
    if (row.teacherId !== null) counted(teachers, row.teacherId, isWon)
    counted(types, row.typeId, isWon)
    counted(regions, row.isOnline ? ONLINE.code : row.provinceCode, isWon)
  }
  const topTeachers = [...teachers]
    .sort(([idA, a], [idB, b]) => b.requests - a.requests || b.won - a.won || idA - idB)
    .slice(0, TOP_TEACHERS)
  const [teacherNames, typeRows] = await Promise.all([
    topTeachers.length
      ? prisma.teacher.findMany({ where: { id: { in: topTeachers.map(([id]) => id) } }, select: { id: true, name: true } })
      : [],
    prisma.cooperationType.findMany({ select: { id: true, name: true }, orderBy: [{ sort: 'desc' }, { id: 'asc' }] }),
  ])
  const teacherName = new Map(teacherNames.map((teacher) => [teacher.id, teacher.name]))
  const knownTypes = new Set(typeRows.map((type) => type.id))
  const regionName = (code: string) => (code === ONLINE.code ? ONLINE.name : code === '' ? NO_PLACE.name : (codeToName(code) ?? code))
  return {
    from: first,
    to: last,
    byMonth: [...months].map(([month, count]) => ({ month, ...count })),
    byTeacher: topTeachers.map(([id, count]) => ({ id, name: teacherName.get(id) ?? `名师 ${id}`, ...count })),
    byType: [
      ...typeRows.map((type) => ({ id: type.id, name: type.name, ...(types.get(type.id) ?? tally()) })),
      // A type the table no longer has still counts, under its number.
      ...[...types].filter(([id]) => !knownTypes.has(id)).map(([id, count]) => ({ id, name: `合作类型 ${id}`, ...count })),
    ],
    byRegion: [...regions]
      .sort(([codeA, a], [codeB, b]) => b.requests - a.requests || codeA.localeCompare(codeB))
      .map(([code, count]) => ({ code, name: regionName(code), ...count })),
  }
}
