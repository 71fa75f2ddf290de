// The content lifecycle beyond Save and Publish (docs/DECISIONS.md, "Content lifecycle"): pending
// publish and take-down times, the scheduler that acts on them in every server process, and a
// record's revisions, read from the audit log (every Save records the whole record after it).
import { prisma } from '../../db'
import { env } from '../../env'
import { ApiError, Code } from '../../lib/api-error'
import { chinaMinute } from '../../lib/china-day'
import { clock } from '../../lib/clock'
import { logger } from '../../lib/logger'
import { recordAudit } from '../audit/audit.service'
import {
  getContent,
  publishableEntities,
  publishRecord,
  saveContent,
  withContentLock,
  withState,
  type Actor,
  type ContentEntity,
  type Row,
  type SystemActor,
} from '../admin/content.service'
import { saveSchemaFor } from '../admin/content.schemas'
import { claimDue, dueStates, setSchedule, STATE_KEYS } from './content-state.service'

/** Who the scheduler's audit entries name. */
export const SCHEDULER: SystemActor = { staffId: null, staffName: '定时任务', ip: '' }

const withoutState = (record: Row): Row =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !(STATE_KEYS as readonly string[]).includes(key)))

export type ScheduleInput = { id: number; publishAt: Date | null; unpublishAt: Date | null }

/**
 * Sets the record's pending publish and take-down times (null clears one). Refused, with nothing
 * changed: a time not in the future, a take-down not after the publish, a publish time for a
 * record already published, a take-down time for a record neither published nor due to be.
 */
export function scheduleContent(entity: ContentEntity, { id, publishAt, unpublishAt }: ScheduleInput, actor: Actor) {
  return withContentLock(async () => {
    const before = await getContent(entity, id)
    const now = clock.now()
    if (publishAt && publishAt.getTime() <= now) throw new ApiError(Code.BAD_PARAMS, '定时发布时间必须晚于当前时间')
    if (unpublishAt && unpublishAt.getTime() <= now) throw new ApiError(Code.BAD_PARAMS, '定时下架时间必须晚于当前时间')
    if (publishAt && unpublishAt && unpublishAt <= publishAt) throw new ApiError(Code.BAD_PARAMS, '定时下架时间必须晚于定时发布时间')
    const isPublished = before.state === 'published'
    if (publishAt && isPublished) throw new ApiError(Code.BAD_PARAMS, `该${entity.label}已发布，无需定时发布`)
    if (unpublishAt && !isPublished && !publishAt) {
      throw new ApiError(Code.BAD_PARAMS, `该${entity.label}尚未发布，定时下架需同时设置定时发布时间`)
    }
    const title = `${entity.label}「${entity.titleOf(before)}」`
    const at = (date: Date) => `于 ${chinaMinute(date.getTime())}（北京时间）`
    const summary =
      publishAt && unpublishAt
        ? `定时发布${title}${at(publishAt)}，定时下架${at(unpublishAt)}`
        : publishAt
          ? `定时发布${title}${at(publishAt)}`
          : unpublishAt
            ? `定时下架${title}${at(unpublishAt)}`
            : `取消${title}的定时发布和定时下架`
    return prisma.$transaction(async (tx) => {
      await setSchedule(tx, entity.word, id, { publishAt, unpublishAt, scheduledBy: actor.staffId })
      const after = await withState(entity, withoutState(before), tx)
      await recordAudit(
        {
          staffId: actor.staffId,
          action: `Admin/${entity.word}Schedule`,
          entity: entity.word,
          entityId: id,
          summary,
          before,
          after,
          ip: actor.ip,
        },
        tx,
      )
      return after
    })
  })
}

const entityOf = new Map(publishableEntities.map((entity) => [entity.word, entity]))

/** One due time: claimed and acted on in the publish's own transaction, so exactly one process does it, once. */
async function runDue(entity: ContentEntity, id: number, field: 'publishAt' | 'unpublishAt', due: Date): Promise<boolean> {
  const isPublished = field === 'publishAt'
  try {
    const after = await publishRecord(entity, id, isPublished, SCHEDULER, {
      claim: (tx) => claimDue(entity.word, id, field, due, tx),
      summary: (title) => `${isPublished ? '定时发布' : '定时下架'}${title}`,
    })
    return after !== null
  } catch (error) {
    if (!(error instanceof ApiError && error.code === Code.NOT_FOUND)) throw error
    // The record was deleted meanwhile: the time is dropped, by whichever process gets here first.
    if (await claimDue(entity.word, id, field, due))
      logger.info({ entity: entity.word, id, field }, 'scheduled change dropped: the record is gone')
    return false
  }
}

/** Acts on every time due now (at most `batch` rows a tick); answers how many records changed. */
export async function runDueSchedules(batch = 100): Promise<number> {
  const now = new Date(clock.now())
  let done = 0
  for (const row of await dueStates(now, batch)) {
    const entity = entityOf.get(row.entity)
    if (!entity) continue
    try {
      // A publish due before a take-down goes first, so a record due both ends offline.
      if (row.publishAt && row.publishAt <= now && (await runDue(entity, row.recordId, 'publishAt', row.publishAt))) done++
      if (row.unpublishAt && row.unpublishAt <= now && (await runDue(entity, row.recordId, 'unpublishAt', row.unpublishAt))) done++
    } catch (error) {
      // Left due: the next tick tries again; the other rows go on meanwhile.
      logger.error({ err: error, entity: row.entity, id: row.recordId }, 'scheduled publish or take-down failed')
    }
  }
  return done
}

export const SCHEDULER_INTERVAL_MS = env.SCHEDULE_CHECK_SECONDS * 1000

/**
 * Starts the scheduler's tick in this process (every server process runs one; claims keep them from
 * acting twice) and returns the function that stops it. A failed tick is logged; the next one retries.
 */
export function startScheduler({ intervalMs = SCHEDULER_INTERVAL_MS }: { intervalMs?: number } = {}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  let isStopped = false
  const tick = () => {
    running = runDueSchedules().catch((error: unknown) => logger.error({ err: error }, 'content scheduler tick failed'))
    return running
  }
  let timer: NodeJS.Timeout
  const next = () => {
    timer = setTimeout(() => void tick().finally(() => isStopped || next()), intervalMs)
    timer.unref()
  }
  next()
  return async () => {
    isStopped = true
    clearTimeout(timer)
    await running
  }
}

// ---------- revisions: the audit log's Save entries of a record ----------

// Neither is an edit: views move by themselves, the flag only through Publish and the scheduler.
const NOT_EDITS = new Set(['id', 'views', 'createdAt', 'updatedAt', ...STATE_KEYS])

const parsed = (json: string): Row | null => (json ? (JSON.parse(json) as Row) : null)

/** The fields whose values differ between two records (all of `after`'s edits when there is none before). */
function changedFields(entity: ContentEntity, after: Row, before: Row | null): string[] {
  if (!before) return []
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])]
  return names.filter(
    (name) => !NOT_EDITS.has(name) && name !== entity.publish && JSON.stringify(after[name]) !== JSON.stringify(before[name]),
  )
}

const revisionsWhere = (entity: ContentEntity, id: number) => ({
  entity: entity.word,
  entityId: String(id),
  action: { in: [`Admin/${entity.word}Save`, `Admin/${entity.word}Restore`, `Admin/${entity.word}DraftPublish`] },
})

export type RevisionsInput = { id: number; page: number; limit: number }

/** A record's versions, newest first: version 1 is its first audited save (its creation, for a record the console made). */
export async function listRevisions(entity: ContentEntity, { id, page, limit }: RevisionsInput) {
  await getContent(entity, id)
  const where = revisionsWhere(entity, id)
  const total = await prisma.auditLog.count({ where })
  const skip = (page - 1) * limit
  // One more, older, to tell what the page's oldest version changed.
  const rows = await prisma.auditLog.findMany({ where, orderBy: { id: 'desc' }, skip, take: limit + 1 })
  const list = rows.slice(0, limit).map((row, index) => {
    const after = parsed(row.after) ?? {}
    const previous = rows[index + 1] ? parsed(rows[index + 1].after) : parsed(row.before)
    return {
      version: total - skip - index,
      staffName: row.staffName,
      createdAt: row.createdAt.toISOString(),
      summary: row.summary,
      fields: changedFields(entity, after, previous),
    }
  })
  return { list, total, page, limit }
}

async function revisionOf(entity: ContentEntity, id: number, version: number) {
  const current = await getContent(entity, id)
  const row = await prisma.auditLog.findFirst({ where: revisionsWhere(entity, id), orderBy: { id: 'asc' }, skip: version - 1 })
  if (!row?.after) throw new ApiError(Code.NOT_FOUND, `该${entity.label}没有第 ${version} 版`)
  return { row, record: parsed(row.after)!, current }
}

/** One version's record, beside the current one. */
export async function getRevision(entity: ContentEntity, id: number, version: number) {
  const { row, record, current } = await revisionOf(entity, id, version)
  return { version, staffName: row.staffName, createdAt: row.createdAt.toISOString(), record, current }
}

/**
 * Saves a version's record again through Save's own path (checked, audited as a new version); the
 * record keeps its id, views and publish state. A version no longer valid (a category deleted since)
 * is refused with Save's message.
 */
export async function restoreRevision(entity: ContentEntity, id: number, version: number, actor: Actor) {
  const { record, current } = await revisionOf(entity, id, version)
  const payload = { ...withoutState(record), id, views: current.views }
  const checked = saveSchemaFor(entity).safeParse(payload)
  if (!checked.success) throw new ApiError(Code.BAD_PARAMS, `第 ${version} 版已不符合现在的规则：${checked.error.issues[0].message}`)
  return saveContent(entity, checked.data, actor, {
    action: `Admin/${entity.word}Restore`,
    summary: (after) => `恢复${entity.label}「${entity.titleOf(after)}」到第 ${version} 版`,
  })
}
