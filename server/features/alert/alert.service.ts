// Staff alerts: something waits for staff (a contribution, a video, a booking request, a comment, a request left 24 hours without reply). Each
// enabled channel that takes the kind gets a durable delivery job (alert.deliver, with retries), so
// a slow or failing group-chat robot never delays the member's request.
import type { AlertKind } from '../../../common/notifications'
import { prisma } from '../../db'
import { enqueueJob } from '../../data/jobs'
import { clock } from '../../lib/clock'
import { logger } from '../../lib/logger'

export const ALERT_DELIVER_JOB = 'alert.deliver'

export type StaffAlert = { kind: AlertKind; title: string; /** Console or site path the message links to. */ link?: string }

/** Queues one delivery per channel that takes this kind; answers how many were queued. */
export async function raiseStaffAlert(alert: StaffAlert): Promise<number> {
  const channels = await prisma.alertChannel.findMany({ where: { enabled: true }, select: { id: true, events: true } })
  const takers = channels.filter((channel) => {
    const kinds = JSON.parse(channel.events) as string[]
    return kinds.length === 0 || kinds.includes(alert.kind)
  })
  const at = new Date(clock.now()).toISOString()
  for (const channel of takers) await enqueueJob(ALERT_DELIVER_JOB, { channelId: channel.id, ...alert, at }, { maxAttempts: 5 })
  return takers.length
}

/**
 * raiseStaffAlert for a member's or visitor's request that has already succeeded: a failure to queue
 * the alert is logged, never thrown, so it cannot fail what the member did.
 */
export async function alertStaff(alert: StaffAlert): Promise<void> {
  try {
    await raiseStaffAlert(alert)
  } catch (error) {
    logger.error({ err: error, alert: alert.kind }, 'staff alert not queued')
  }
}
