// The 24-hour reminder: a new request nobody has answered for a day raises a staff alert
// ('booking-overdue'), once. Every server process runs the sweep (server/index.ts starts it, like the
// content scheduler); a conditional update claims each request, so however many processes sweep at
// once, one of them reminds. The console's badge counts overdue requests from the query instead.
import { prisma } from '../../db'
import { clock } from '../../lib/clock'
import { logger } from '../../lib/logger'
import { raiseStaffAlert } from '../alert/alert.service'
import { overdueWhere } from './booking-admin.service'

export const REMINDER_INTERVAL_MS = 5 * 60_000
/** Requests reminded per sweep; the next sweep takes the rest. */
const BATCH = 100

/** Reminds staff of every overdue request not reminded yet; answers how many this call reminded. */
export async function remindOverdueBookings(now = clock.now()): Promise<number> {
  const due = await prisma.booking.findMany({
    where: { ...overdueWhere(now), remindedAt: null },
    select: { id: true, referenceNo: true, organization: true },
    orderBy: { id: 'asc' },
    take: BATCH,
  })
  let reminded = 0
  for (const booking of due) {
    // The claim: only one sweep's update finds the row still unreminded and unanswered.
    const { count } = await prisma.booking.updateMany({
      where: { id: booking.id, ...overdueWhere(now), remindedAt: null },
      data: { remindedAt: new Date(now) },
    })
    if (count !== 1) continue
    try {
      await raiseStaffAlert({
        kind: 'booking-overdue',
        title: `${booking.organization} 的预约 ${booking.referenceNo} 超过 24 小时未回复`,
        link: `/admin/booking/${booking.id}`,
      })
      reminded += 1
    } catch (error) {
      // Not queued: hand the claim back so the next sweep tries again.
      await prisma.booking.updateMany({ where: { id: booking.id }, data: { remindedAt: null } })
      logger.error({ err: error, bookingId: booking.id }, 'booking reminder not queued')
    }
  }
  return reminded
}

/** Starts the sweep in this process and returns the function that stops it. A failed sweep is logged; the next one retries. */
export function startBookingReminder({ intervalMs = REMINDER_INTERVAL_MS }: { intervalMs?: number } = {}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  let isStopped = false
  let timer: NodeJS.Timeout
  const next = () => {
    timer = setTimeout(() => {
      running = remindOverdueBookings().catch((error: unknown) => logger.error({ err: error }, 'booking reminder sweep failed'))
      void running.finally(() => isStopped || next())
    }, intervalMs)
    timer.unref()
  }
  next()
  return async () => {
    isStopped = true
    clearTimeout(timer)
    await running
  }
}
