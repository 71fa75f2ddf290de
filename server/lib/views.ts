// View counting for detail pages. A visit is counted in memory and written in batches: one
// transaction a second adds each row's visits with `views = views + n`, so concurrent visits never
// lose increments and a busy page costs no write per request (a WAL commit per visit was a third
// of a course page's server time). The price: a crash loses at most the last second of visits;
// a clean shutdown flushes them (server/index.ts). Each answer still shows its own count: the
// stored value plus the visits not yet written, read in the same synchronous step.
//
// Raw SQL on the side connection (see sqlite.ts): Prisma's update would also stamp updatedAt (a
// visit is not an edit) and costs ~1.5 ms of CPU per query.
import { env } from '../env'
import { logger } from './logger'
import { isBusy, prepared, sqlite } from './sqlite'

// Only rows a visitor may see are counted; the fragments are fixed strings, never user input.
const visible = {
  Teacher: '"isPublished" = 1',
  Course: '"isPublished" = 1',
  Special: '"isPublished" = 1',
  Activity: '"isPublished" = 1',
  Viewpoint: '"isPublished" = 1',
  CourseNotice: '"isPublished" = 1',
  Question: '"isPublished" = 1',
  Cooperation: '"isPublished" = 1',
  TeacherVideo: `"status" = 'approved' AND "teacherId" IN (SELECT "id" FROM "Teacher" WHERE "isPublished" = 1)`,
} as const
export type ViewTable = keyof typeof visible

const pending = new Map<ViewTable, Map<number, number>>()
let flushTimer: NodeJS.Timeout | undefined

/**
 * Counts one visit to a visible row and returns its view count including this visit; null when no
 * such visible row exists (nothing is counted then).
 */
export function countView(table: ViewTable, id: number): number | null {
  const row = prepared<[number], { views: number }>(`SELECT "views" FROM "${table}" WHERE "id" = ? AND ${visible[table]}`).get(id)
  if (!row) return null
  let rows = pending.get(table)
  if (!rows) pending.set(table, (rows = new Map()))
  const visits = (rows.get(id) ?? 0) + 1
  rows.set(id, visits)
  flushTimer ??= setTimeout(flushOnTimer, env.VIEW_FLUSH_MS).unref()
  return row.views + visits
}

/** Writes every counted visit in one transaction. Synchronous, so no visit can slip in between. */
export function flushViews(): void {
  clearTimeout(flushTimer)
  flushTimer = undefined
  if (pending.size === 0) return
  sqlite().transaction(() => {
    for (const [table, rows] of pending) {
      const add = prepared<[number, number]>(`UPDATE "${table}" SET "views" = "views" + ? WHERE "id" = ?`)
      for (const [id, visits] of rows) add.run(visits, id)
    }
  })()
  pending.clear()
}

function flushOnTimer() {
  try {
    flushViews()
  } catch (error) {
    // Busy: a Prisma transaction holds the write lock. The visits stay counted; try again shortly.
    if (!isBusy(error)) logger.error({ err: error }, 'writing page views failed')
    flushTimer ??= setTimeout(flushOnTimer, env.VIEW_FLUSH_MS).unref()
  }
}
