// The console's first page: members, registrations per day over 30 days, what waits for staff, and
// the most viewed teachers and courses of the week. Views are cumulative counters on the rows; the
// week's visits come from DailyView, written with the batched view counts (server/data/sql/), so a
// visit costs no extra write of its own.
import { prisma } from '../../../db'
import { chinaDay, chinaDayStart, DAY_MS } from '../../../lib/china-day'
import { clock } from '../../../lib/clock'
import { bookingCounts } from '../../booking/booking-stats.service'
import { pendingReviewCounts } from '../../review/review.service'

const REGISTRATION_DAYS = 30
const WEEK_DAYS = 7
const TOP = 10

/** China-time days from `days - 1` days ago to today, oldest first. */
function lastDays(now: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => chinaDay(now - (days - 1 - i) * DAY_MS))
}

async function registrationsPerDay(days: string[]) {
  const rows = await prisma.member.findMany({ where: { createdAt: { gte: chinaDayStart(days[0]) } }, select: { createdAt: true } })
  const counts = new Map(days.map((day) => [day, 0]))
  for (const { createdAt } of rows) {
    const day = chinaDay(createdAt.getTime())
    if (counts.has(day)) counts.set(day, counts.get(day)! + 1)
  }
  return days.map((date) => ({ date, count: counts.get(date)! }))
}

/** The week's most visited rows of a model, published ones only, most visits first. */
async function mostViewed(model: 'Teacher' | 'Course', since: string) {
  // A few spare rows: some of the most visited may have been unpublished since.
  const sums = await prisma.dailyView.groupBy({
    by: ['rowId'],
    where: { model, day: { gte: since } },
    _sum: { visits: true },
    orderBy: [{ _sum: { visits: 'desc' } }, { rowId: 'asc' }],
    take: TOP * 2,
  })
  const ids = sums.map((row) => row.rowId)
  const names =
    model === 'Teacher'
      ? (await prisma.teacher.findMany({ where: { id: { in: ids }, isPublished: true }, select: { id: true, name: true } })).map(
          (row) => [row.id, { name: row.name }] as const,
        )
      : (await prisma.course.findMany({ where: { id: { in: ids }, isPublished: true }, select: { id: true, title: true } })).map(
          (row) => [row.id, { title: row.title }] as const,
        )
  const byId = new Map<number, { name: string } | { title: string }>(names)
  return sums
    .flatMap((row) => {
      const named = byId.get(row.rowId)
      return named ? [{ id: row.rowId, ...named, views: row._sum.visits ?? 0 }] : []
    })
    .slice(0, TOP)
}

export async function getDashboard() {
  const now = clock.now()
  const days = lastDays(now, REGISTRATION_DAYS)
  const weekFrom = chinaDay(now - (WEEK_DAYS - 1) * DAY_MS)
  const [members, registrations, pending, bookings, topTeachers, topCourses] = await Promise.all([
    prisma.member.count({ where: { deletedAt: null } }),
    registrationsPerDay(days),
    pendingReviewCounts(),
    bookingCounts(now),
    mostViewed('Teacher', weekFrom),
    mostViewed('Course', weekFrom),
  ])
  return {
    members,
    registrations,
    pendingReviews: { ...pending, total: pending.contributions + pending.videos },
    // Open: not closed yet (new, contacted, quoted, confirmed); new: nobody has moved them on.
    openBookings: bookings.open,
    newBookings: bookings.new,
    weekFrom,
    topTeachers,
    topCourses,
  }
}

/**
 * What waits for staff, for the badges of the console's menu: the same counts as the dashboard's
 * (pending contributions and member videos, new booking requests), without its charts, the new
 * requests unanswered for 24 hours, and the comments held for review or reported.
 */
export async function getPendingCounts() {
  const [pending, bookings, comments] = await Promise.all([
    pendingReviewCounts(),
    bookingCounts(),
    // 评论管理's two queues: held for review, and shown but reported.
    prisma.comment.count({ where: { OR: [{ status: 'pending' }, { status: 'published', reportCount: { gt: 0 } }] } }),
  ])
  return {
    contributions: pending.contributions,
    videos: pending.videos,
    bookings: bookings.new,
    bookingsOverdue: bookings.overdue,
    comments,
  }
}
