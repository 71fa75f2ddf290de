// Where a content record stands beyond its publish flag (the ContentState table, docs/DECISIONS.md
// "Content lifecycle"): draft, scheduled, published or offline, and its pending publish and take-down
// times. The console's reads and the publish path (features/admin/content.service.ts) use this module;
// scheduling, the scheduler and revisions are in lifecycle.service.ts.
import { prisma, type Tx } from '../../db'

type Db = Tx | typeof prisma

export const CONTENT_STATES = ['draft', 'scheduled', 'published', 'offline'] as const
export type ContentStateName = (typeof CONTENT_STATES)[number]

/** The read-only keys every record of a publishable entity carries in the console's reads. */
export const STATE_KEYS = ['state', 'publishAt', 'unpublishAt'] as const
export type StateView = { state: ContentStateName; publishAt: string | null; unpublishAt: string | null }

type StateRow = { recordId: number; firstPublishedAt: Date | null; publishAt: Date | null; unpublishAt: Date | null }
const STATE_SELECT = { recordId: true, firstPublishedAt: true, publishAt: true, unpublishAt: true } as const

/** published = flag on; scheduled = off with a publish time; offline = off, once published; draft otherwise. */
export function stateOf(isPublished: boolean, row: StateRow | null | undefined): StateView {
  const publishAt = row?.publishAt?.toISOString() ?? null
  const unpublishAt = row?.unpublishAt?.toISOString() ?? null
  const state: ContentStateName = isPublished ? 'published' : publishAt ? 'scheduled' : row?.firstPublishedAt ? 'offline' : 'draft'
  return { state, publishAt, unpublishAt }
}

/** The state rows of these records, in one query. */
export async function stateRowsOf(entity: string, ids: number[], db: Db = prisma): Promise<Map<number, StateRow>> {
  if (!ids.length) return new Map()
  const rows = await db.contentState.findMany({ where: { entity, recordId: { in: ids } }, select: STATE_SELECT })
  return new Map(rows.map((row) => [row.recordId, row]))
}

export async function stateRowOf(entity: string, id: number, db: Db = prisma): Promise<StateRow | null> {
  return db.contentState.findUnique({ where: { entity_recordId: { entity, recordId: id } }, select: STATE_SELECT })
}

/**
 * The condition on record ids that a list filter by state adds (the flag is the caller's):
 * published and the others split on the flag; the rest are told apart by their state rows.
 */
export async function idsWhereState(entity: string, state: Exclude<ContentStateName, 'published'>) {
  const rows = await prisma.contentState.findMany({
    where: { entity, OR: [{ publishAt: { not: null } }, { firstPublishedAt: { not: null } }] },
    select: STATE_SELECT,
  })
  const scheduled = rows.filter((row) => row.publishAt).map((row) => row.recordId)
  const offline = rows.filter((row) => !row.publishAt && row.firstPublishedAt).map((row) => row.recordId)
  if (state === 'scheduled') return { in: scheduled }
  if (state === 'offline') return { in: offline }
  return { notIn: [...scheduled, ...offline] }
}

/**
 * After a publish (in its transaction): records the first publication, once, and clears a pending
 * publish time; after a take-down, clears a pending take-down time. A record published without a
 * state row (seeded, or published before the lifecycle) has an unknown first publication: taken
 * down, it gets `knownSince` (its creation), so it reads as offline, not as a draft.
 */
export async function recordPublishState(
  tx: Db,
  entity: string,
  id: number,
  change: { isPublished: boolean; wasPublished: boolean; now: Date; knownSince: Date },
) {
  const row = await stateRowOf(entity, id, tx)
  const where = { entity_recordId: { entity, recordId: id } }
  if (change.isPublished) {
    const data = { firstPublishedAt: row?.firstPublishedAt ?? change.now, publishAt: null }
    if (row) await tx.contentState.update({ where, data })
    else await tx.contentState.create({ data: { entity, recordId: id, ...data } })
    return
  }
  const firstPublishedAt = row?.firstPublishedAt ?? (change.wasPublished ? change.knownSince : null)
  if (!row && firstPublishedAt) await tx.contentState.create({ data: { entity, recordId: id, firstPublishedAt } })
  else if (row && (row.unpublishAt || firstPublishedAt !== row.firstPublishedAt)) {
    await tx.contentState.update({ where, data: { unpublishAt: null, firstPublishedAt } })
  }
}

/** A deleted record's state goes with it. */
export async function forgetState(tx: Db, entity: string, id: number) {
  await tx.contentState.deleteMany({ where: { entity, recordId: id } })
}

/** Sets (or clears, with null) the pending times. */
export async function setSchedule(
  tx: Db,
  entity: string,
  id: number,
  times: { publishAt: Date | null; unpublishAt: Date | null; scheduledBy: number },
) {
  await tx.contentState.upsert({
    where: { entity_recordId: { entity, recordId: id } },
    create: { entity, recordId: id, ...times },
    update: times,
  })
}

/** Claims a due time: clears it only if it still holds the value read, so one caller in any process wins. */
export async function claimDue(entity: string, id: number, field: 'publishAt' | 'unpublishAt', due: Date, db: Db = prisma) {
  const { count } = await db.contentState.updateMany({ where: { entity, recordId: id, [field]: due }, data: { [field]: null } })
  return count === 1
}

/** Rows with a time due at `now`, oldest first. */
export function dueStates(now: Date, take: number) {
  return prisma.contentState.findMany({
    where: { OR: [{ publishAt: { lte: now } }, { unpublishAt: { lte: now } }] },
    orderBy: { updatedAt: 'asc' },
    take,
  })
}
