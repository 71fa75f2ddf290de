// Where a content record stands beyond its publish flag (the ContentState table, docs/DECISIONS.md
// "Content lifecycle"): draft, scheduled, published or offline, and its pending publish and take-down
// times. The console's reads and the publish path (features/admin/content.service.ts) use this module;
// scheduling, the scheduler and revisions are in lifecycle.service.ts.
import { prisma, type Tx } from '../../db'

type Db = Tx | typeof prisma

export const CONTENT_STATES = ['draft', 'scheduled', 'published', 'offline'] as const
export type ContentStateName = (typeof CONTENT_STATES)[number]

/** The read-only keys every record of a publishable entity carries in the console's reads. */
export const STATE_KEYS = ['state', 'publishAt', 'unpublishAt', 'draftAt'] as const
/** `draftAt`: when a draft of the next version was saved (null when there is none). */
export type StateView = { state: ContentStateName; publishAt: string | null; unpublishAt: string | null; draftAt: string | null }

type StateRow = { recordId: number; firstPublishedAt: Date | null; publishAt: Date | null; unpublishAt: Date | null; draftAt: Date | null }
const STATE_SELECT = { recordId: true, firstPublishedAt: true, publishAt: true, unpublishAt: true, draftAt: true } as const

/** published = flag on; scheduled = off with a publish time; offline = off, once published; draft otherwise. */
export function stateOf(isPublished: boolean, row: StateRow | null | undefined): StateView {
  const publishAt = row?.publishAt?.toISOString() ?? null
  const unpublishAt = row?.unpublishAt?.toISOString() ?? null
  const state: ContentStateName = isPublished ? 'published' : publishAt ? 'scheduled' : row?.firstPublishedAt ? 'offline' : 'draft'
  return { state, publishAt, unpublishAt, draftAt: row?.draftAt?.toISOString() ?? null }
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
): Promise<{ isFirstPublication: boolean }> {
  const row = await stateRowOf(entity, id, tx)
  const where = { entity_recordId: { entity, recordId: id } }
  if (change.isPublished) {
    const data = { firstPublishedAt: row?.firstPublishedAt ?? change.now, publishAt: null }
    if (row) await tx.contentState.update({ where, data })
    else await tx.contentState.create({ data: { entity, recordId: id, ...data } })
    // Followers hear of a record once (issue 25): not again when it comes back after a take-down.
    return { isFirstPublication: !row?.firstPublishedAt && !change.wasPublished }
  }
  const firstPublishedAt = row?.firstPublishedAt ?? (change.wasPublished ? change.knownSince : null)
  if (!row && firstPublishedAt) await tx.contentState.create({ data: { entity, recordId: id, firstPublishedAt } })
  else if (row && (row.unpublishAt || firstPublishedAt !== row.firstPublishedAt)) {
    await tx.contentState.update({ where, data: { unpublishAt: null, firstPublishedAt } })
  }
  return { isFirstPublication: false }
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

// ---------- the draft of a published record's next version ----------

export type StoredDraft = { record: Record<string, unknown>; draftAt: Date; draftBy: number | null }

/** The record's draft, or null. */
export async function draftOf(entity: string, id: number, db: Db = prisma): Promise<StoredDraft | null> {
  const row = await db.contentState.findUnique({
    where: { entity_recordId: { entity, recordId: id } },
    select: { draft: true, draftAt: true, draftBy: true },
  })
  if (!row?.draft || !row.draftAt) return null
  return { record: JSON.parse(row.draft) as Record<string, unknown>, draftAt: row.draftAt, draftBy: row.draftBy }
}

/** Keeps (replacing any earlier) the draft of the record's next version. */
export async function keepDraft(tx: Db, entity: string, id: number, record: Record<string, unknown>, draftBy: number, draftAt: Date) {
  const draft = { draft: JSON.stringify(record), draftAt, draftBy }
  await tx.contentState.upsert({
    where: { entity_recordId: { entity, recordId: id } },
    create: { entity, recordId: id, ...draft },
    update: draft,
  })
}

/** Drops the draft saved at `draftAt`: false when it is gone or was replaced meanwhile, so one caller wins. */
export async function dropDraft(tx: Db, entity: string, id: number, draftAt: Date): Promise<boolean> {
  const { count } = await tx.contentState.updateMany({
    where: { entity, recordId: id, draftAt },
    data: { draft: null, draftAt: null, draftBy: null },
  })
  return count === 1
}

// What a draft never changes on a page: identity, counters, stamps and the flags Publish owns.
const LIVE_ONLY = new Set(['id', 'views', 'sort', 'createdAt', 'updatedAt', 'isPublished', 'isRecommended'])
const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)

/**
 * A detail read's row for a preview of the draft (`showsDraft`): the draft's values laid over the
 * row's own fields of the same name (title, text, pictures, SEO). Relations (a course's teacher,
 * tags) stay live until the draft is published (docs/DECISIONS.md, "Drafts of a published item").
 */
export async function withDraftFields<T extends object>(
  read: Promise<T | null>,
  entity: string,
  id: number,
  options: { showsDraft?: boolean },
): Promise<T | null> {
  const row = await read
  if (!row || !options.showsDraft) return row
  const draft = await draftOf(entity, id)
  if (!draft) return row
  const laid = { ...row } as Record<string, unknown>
  for (const [name, value] of Object.entries(row)) {
    if (!LIVE_ONLY.has(name) && isPlain(value) && name in draft.record && isPlain(draft.record[name])) laid[name] = draft.record[name]
  }
  return laid as T
}
