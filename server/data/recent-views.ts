// 足迹: the teachers, courses and topics a signed-in member opened, kept like the view counts
// (views.ts): noted in memory on the detail answer, which never waits for it, and written in one
// batch a second (VIEW_FLUSH_MS), one upsert per member and item however often it was reopened.
// Each member keeps the newest RECENT_VIEWS_KEPT; older rows go when a batch touches the member.
// The price, as for view counts: a crash loses the last second's footprints.
import { prisma } from '../db'
import { env } from '../env'
import { clock } from '../lib/clock'
import { logger } from '../lib/logger'

export type RecentViewEntity = 'teacher' | 'course' | 'special'

/** How many footprints a member keeps. */
export const RECENT_VIEWS_KEPT = 100

/** Per member, entity and id: when it was last opened. */
const pending = new Map<string, { memberId: number; entity: RecentViewEntity; recordId: number; viewedAt: Date }>()
let flushTimer: NodeJS.Timeout | undefined
let flushing: Promise<void> | undefined

/** Notes that `memberId` opened an item now; written with the next batch. */
export function noteRecentView(memberId: number, entity: RecentViewEntity, recordId: number): void {
  pending.set(`${memberId}:${entity}:${recordId}`, { memberId, entity, recordId, viewedAt: new Date(clock.now()) })
  flushTimer ??= setTimeout(flushOnTimer, env.VIEW_FLUSH_MS).unref()
}

/** Writes every noted footprint and trims the members it touched to RECENT_VIEWS_KEPT. */
export function flushRecentViews(): Promise<void> {
  clearTimeout(flushTimer)
  flushTimer = undefined
  if (flushing) return flushing.then(flushRecentViews)
  if (!pending.size) return Promise.resolve()
  const batch = [...pending.values()]
  pending.clear()
  flushing = writeBatch(batch).finally(() => (flushing = undefined))
  return flushing
}

async function writeBatch(batch: { memberId: number; entity: RecentViewEntity; recordId: number; viewedAt: Date }[]) {
  const upsert = ({ memberId, entity, recordId, viewedAt }: (typeof batch)[number]) =>
    prisma.recentView.upsert({
      where: { memberId_entity_recordId: { memberId, entity, recordId } },
      create: { memberId, entity, recordId, viewedAt },
      update: { viewedAt },
    })
  try {
    // One transaction, one commit: 200 upserts took 442 ms one by one on SQLite.
    await prisma.$transaction(batch.map(upsert))
  } catch {
    // One footprint that cannot be written (the account deleted meanwhile) must not lose the others.
    for (const entry of batch) {
      await upsert(entry).catch((error: unknown) => logger.warn({ err: error, memberId: entry.memberId }, 'footprint not written'))
    }
  }
  for (const memberId of new Set(batch.map((entry) => entry.memberId))) await trimRecentViews(memberId)
}

/** Keeps a member's newest RECENT_VIEWS_KEPT footprints; one indexed read when nothing is over. */
async function trimRecentViews(memberId: number) {
  const [oldestKept] = await prisma.recentView.findMany({
    where: { memberId },
    orderBy: [{ viewedAt: 'desc' }],
    skip: RECENT_VIEWS_KEPT - 1,
    take: 1,
    select: { viewedAt: true },
  })
  if (oldestKept) await prisma.recentView.deleteMany({ where: { memberId, viewedAt: { lt: oldestKept.viewedAt } } })
}

function flushOnTimer() {
  flushRecentViews().catch((error: unknown) => logger.warn({ err: error }, 'writing footprints failed'))
}

/** Forgets footprints not yet written for a member (足迹 cleared). */
export function dropPendingRecentViews(memberId: number, entity?: RecentViewEntity, recordId?: number): void {
  for (const [key, entry] of pending) {
    if (entry.memberId !== memberId) continue
    if (entity && (entry.entity !== entity || entry.recordId !== recordId)) continue
    pending.delete(key)
  }
}
