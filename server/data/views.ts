// View counting for detail pages. A visit is counted in memory and written in batches: one
// transaction a second adds each row's visits with `views = views + n` (data/sql.ts), so
// concurrent visits never lose increments and a busy page costs no write per request. The price:
// a crash loses at most the last second of visits; a clean shutdown flushes them (server/index.ts).
//
// A detail page's stored count is read with its cached content; each answer shows that count plus
// this process's visits since it was read, so every visitor sees their own visit at once.
import { addViews, type ViewTable } from './sql'
import { env } from '../env'
import { logger } from '../lib/logger'
import { reportUnflushedViews } from '../lib/metrics'

/** Per row: visits counted by this process, how many are written, and the stored count last read. */
type Row = { counted: number; written: number; pending: number; baseline?: ViewBaseline }
const rows = new Map<string, Row>()
let flushTimer: NodeJS.Timeout | undefined
let flushing: Promise<void> | undefined
/** When the oldest visit not yet written was counted (GET /metrics shows its age). */
let oldestPendingAt: number | undefined
reportUnflushedViews(() => oldestPendingAt)

const keyOf = (table: ViewTable, id: number) => `${table}:${id}`

function rowOf(table: ViewTable, id: number): Row {
  const key = keyOf(table, id)
  let row = rows.get(key)
  if (!row) rows.set(key, (row = { counted: 0, written: 0, pending: 0 }))
  return row
}

/** A stored count as read, and how many of this process's visits were written when it was read. */
type ViewBaseline = { stored: number; written: number }

const writtenSoFar = (table: ViewTable, id: number) => rows.get(keyOf(table, id))?.written ?? 0

function countVisit(row: Row, { stored, written }: ViewBaseline): number {
  row.counted += 1
  row.pending += 1
  oldestPendingAt ??= Date.now()
  flushTimer ??= setTimeout(flushOnTimer, env.VIEW_FLUSH_MS).unref()
  return stored + row.counted - written
}

/** Writes every counted visit in one transaction; visits counted meanwhile wait for the next. */
export function flushViews(): Promise<void> {
  clearTimeout(flushTimer)
  flushTimer = undefined
  if (flushing) return flushing.then(flushViews)
  const batch: { table: ViewTable; id: number; visits: number }[] = []
  const taken: Row[] = []
  for (const [key, row] of rows) {
    if (!row.pending) continue
    const at = key.indexOf(':')
    batch.push({ table: key.slice(0, at) as ViewTable, id: Number(key.slice(at + 1)), visits: row.pending })
    taken.push(row)
  }
  if (!batch.length) return Promise.resolve()
  for (const [i, row] of taken.entries()) row.pending -= batch[i].visits
  // Visits counted from now on wait for the next batch and start their own clock.
  const batchSince = oldestPendingAt
  oldestPendingAt = undefined
  flushing = addViews(batch).then(
    () => {
      for (const [i, row] of taken.entries()) row.written += batch[i].visits
    },
    (error: unknown) => {
      // Put the visits back: they are written with the next batch.
      for (const [i, row] of taken.entries()) row.pending += batch[i].visits
      oldestPendingAt = batchSince
      throw error
    },
  )
  return flushing.finally(() => (flushing = undefined))
}

function flushOnTimer() {
  flushViews().catch((error: unknown) => {
    logger.warn({ err: error }, 'writing page views failed; retrying')
    flushTimer ??= setTimeout(flushOnTimer, env.VIEW_FLUSH_MS).unref()
  })
}

/**
 * Reads a visible row's page data (null for a missing or hidden row) and remembers its stored
 * view count, and how many of this process's visits were already written when it was read.
 */
export async function readCounted<T extends { views: number }>(
  table: ViewTable,
  id: number,
  read: () => Promise<T | null>,
): Promise<T | null> {
  const written = writtenSoFar(table, id)
  const data = await read()
  if (data) rowOf(table, id).baseline = { stored: data.views, written }
  return data
}

/** Counts a visit to a row read by readCounted() and returns its view count including the visit. */
export function visit(table: ViewTable, id: number): number {
  const row = rowOf(table, id)
  if (!row.baseline) throw new Error(`visit(${table}, ${id}) before readCounted()`)
  return countVisit(row, row.baseline)
}

/**
 * The view count a detail answer shows: counting this visit, except for a staff member's preview
 * (a preview link is no visit), which shows the count as it stands.
 */
export function viewsOnAnswer(table: ViewTable, id: number, isPreview: boolean): number {
  if (!isPreview) return visit(table, id)
  const row = rowOf(table, id)
  if (!row.baseline) throw new Error(`viewsOnAnswer(${table}, ${id}) before readCounted()`)
  return row.baseline.stored + row.counted - row.baseline.written
}

/** The cache policy of a detail page: kept for every visitor, its view count counted on each visit. */
export const countedPage = (table: ViewTable) =>
  ({
    scope: 'shared',
    live: {
      fields: ['views'],
      compute: (_data: unknown, input: { id: number }, ctx: { preview?: unknown }) => ({
        views: viewsOnAnswer(table, input.id, ctx.preview !== undefined),
      }),
    },
  }) as const
