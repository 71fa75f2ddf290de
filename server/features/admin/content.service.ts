// The console's reads and writes of content, the same for every entity declared in
// content-entities.ts. Saves go through the content write path's checks and writing code
// (features/content/record.service.ts); every write records an audit entry in its own transaction.
import { prisma, type Tx } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { withLock } from '../../data/lease'
import { validateRecord, videoUrlsOf, writeRecords } from '../content/record.service'
import { requestStreamingCopiesOf } from '../video/video-assets.service'
import { recordFirstPublication, recordSaveUpdates } from '../notification/fanout.service'
import type { SeedData } from '../../../common/content-schemas'
import { recordAudit, type AuditEntry } from '../audit/audit.service'
import { clock } from '../../lib/clock'
import {
  forgetState,
  idsWhereState,
  recordPublishState,
  STATE_KEYS,
  stateOf,
  stateRowOf,
  stateRowsOf,
  type ContentStateName,
} from '../lifecycle/content-state.service'
import { contentEntities, type ContentEntity, type ModelName, type Row } from './content-entities'
import { orderByOf, sortColumnsByWord, type ListSort } from './content-filters'

export type { ContentEntity, Row }

/** Entities with a publish flag and ids: they have drafts, schedules and revisions (features/lifecycle). */
export const publishableEntities = contentEntities.filter((entity) => entity.publish && !entity.fixedKeys)

type Db = Tx | typeof prisma

/** The slice of a Prisma delegate used here; the content models differ only in their types. */
type Model = {
  findMany(args: object): Promise<Row[]>
  findFirst(args: object): Promise<Row | null>
  count(args: object): Promise<number>
  update(args: object): Promise<Row>
  delete(args: object): Promise<Row>
}
const modelOf = (db: Db, name: ModelName) => db[name] as unknown as Model

/** Who writes: the signed-in staff member and their address, for the audit log. */
export type Actor = { staffId: number; ip: string }
/** A write no one signed in made (the scheduler): audited under its own name. */
export type SystemActor = { staffId: null; staffName: string; ip: string }

/** Records the write in the audit log, in its transaction; a system actor's row carries its name. */
function audit(db: Db, actor: Actor | SystemActor, entry: Omit<AuditEntry, 'staffId' | 'staffName' | 'ip'>) {
  const staffName = actor.staffId === null ? actor.staffName : undefined
  return recordAudit({ ...entry, staffId: actor.staffId, staffName, ip: actor.ip }, db)
}

/** A publishable entity's record with its lifecycle state (`state`, `publishAt`, `unpublishAt`); others as they are. */
export async function withState(entity: ContentEntity, record: Row, db: Db = prisma): Promise<Row> {
  if (!entity.publish || entity.fixedKeys) return record
  return { ...record, ...stateOf(Boolean(record[entity.publish]), await stateRowOf(entity.word, record.id as number, db)) }
}

// Console writes are checked and then written; one at a time under a database lock (every process
// of the site), so no other console write (a delete of the category a teacher is being saved into)
// can come between the check and the write.
const CONTENT_WRITES = 'admin-content'

/** Runs a check-then-write of another feature (features/lifecycle) under the console writes' lock. */
export const withContentLock = <T>(task: () => Promise<T>) => withLock(CONTENT_WRITES, task)

export type ListInput = { page: number; limit: number; keyword?: string; state?: ContentStateName; sort?: ListSort } & Row

export const notFound = (entity: ContentEntity) => new ApiError(Code.NOT_FOUND, `${entity.label}不存在`)

function withoutRichText(entity: ContentEntity, record: Row): Row {
  if (!entity.richField) return record
  const { [entity.richField]: _html, ...rest } = record
  return rest
}

async function whereOf(
  entity: ContentEntity,
  { page: _page, limit: _limit, keyword, state, sort: _sort, ...filters }: ListInput,
): Promise<Row> {
  const conditions: Row[] = [entity.where ?? {}]
  if (state && entity.publish) {
    conditions.push(
      state === 'published' ? { [entity.publish]: true } : { [entity.publish]: false, id: await idsWhereState(entity.word, state) },
    )
  }
  if (keyword) conditions.push({ OR: entity.search.map((field) => ({ [field]: { contains: keyword } })) })
  for (const [name, value] of Object.entries(filters)) {
    const filter = entity.filters?.[name]
    if (filter && value !== undefined) conditions.push(filter.where(value as never))
  }
  return { AND: conditions }
}

/** The order a list asked for (`sort`, one of the fields the schema allowed), else the declaration's. */
function listOrder(entity: ContentEntity, sort: ListSort | undefined) {
  const columns = sortColumnsByWord.get(entity.word)
  return sort && columns?.[sort.field] ? orderByOf(columns, sort) : entity.order
}

/** One page of an entity's rows as seed records, without their long HTML. */
export async function listContent(entity: ContentEntity, input: ListInput) {
  const { page, limit } = input
  if (entity.fixedKeys) return listFixed(entity, input)
  const model = modelOf(prisma, entity.model)
  const where = await whereOf(entity, input)
  const select = { ...entity.select, ...(entity.richField ? { [entity.richField]: false } : {}) }
  // The page's ids first, then its rows: sorting whole rows (intro, SEO text) of a large table costs
  // SQLite ~100 ms a page where sorting ids costs ~1 ms (bench/results.md, Admin lists).
  const [total, ids] = await Promise.all([
    model.count({ where }),
    model.findMany({ where, select: { id: true }, orderBy: listOrder(entity, input.sort), skip: (page - 1) * limit, take: limit }),
  ])
  const rows = ids.length ? await model.findMany({ where: { id: { in: ids.map((row) => row.id) } }, select }) : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const records = ids.flatMap(({ id }) => (byId.has(id) ? [withoutRichText(entity, entity.toRecord(byId.get(id)!))] : []))
  if (!entity.publish) return { list: records, total, page, limit }
  // One query for the page's states, never one per row.
  const states = await stateRowsOf(
    entity.word,
    records.map((record) => record.id as number),
  )
  const list = records.map((record) => ({ ...record, ...stateOf(Boolean(record[entity.publish!]), states.get(record.id as number)) }))
  return { list, total, page, limit }
}

/** Fixed sets list every key, a blank record where no row exists yet, so each can be filled in. */
async function listFixed(entity: ContentEntity, { page, limit, keyword }: ListInput) {
  const rows = await modelOf(prisma, entity.model).findMany({ select: entity.select })
  const byKey = new Map(rows.map((row) => [row[entity.key], row]))
  const records = entity.fixedKeys!.map((key) => {
    const row = byKey.get(key)
    return row ? entity.toRecord(row) : entity.blank!(key)
  })
  const matching = keyword ? records.filter((record) => entity.search.some((field) => String(record[field]).includes(keyword))) : records
  const list = matching.slice((page - 1) * limit, page * limit).map((record) => withoutRichText(entity, record))
  return { list, total: matching.length, page, limit }
}

/** A row by its id, or by its key for a fixed set; only rows the console manages. */
function findRow(db: Db, entity: ContentEntity, ref: unknown) {
  const where = entity.fixedKeys ? { [entity.key]: ref } : { ...entity.where, id: ref }
  return modelOf(db, entity.model).findFirst({ where, select: entity.select })
}

export async function getContent(entity: ContentEntity, ref: number | string) {
  const row = await findRow(prisma, entity, ref)
  if (row) return withState(entity, entity.toRecord(row))
  if (entity.fixedKeys) return entity.blank!(ref)
  throw notFound(entity)
}

const KEY_WORDS: Record<string, string> = { slug: 'slug', name: '名称' }

/** How a save is audited when it is not a plain Save (a restore, a draft published), and what else it writes in its transaction. */
export type SaveAudit = { action: string; summary: (after: Row) => string; alsoWrite?: (tx: Tx) => Promise<unknown> }

type CheckedRecord = { record: Row; key: unknown; before: Row | null; beforeId: number | undefined }

/**
 * A record as Save would write it, checked and nothing written: the key free, the references and
 * media valid. A publishable record is created unpublished and keeps its flag on update: only
 * Publish and the scheduler change it. Shared by Save and by a draft of the next version.
 */
export async function checkRecord(entity: ContentEntity, input: Row): Promise<CheckedRecord> {
  // The stamp moves with every save; an exported `updatedAt` only matters to an import. The
  // lifecycle keys are read-only: the console sends back what it read.
  const { updatedAt: _stamp, ...record } = input
  for (const key of STATE_KEYS) delete record[key]
  const key = record[entity.key]
  const isFixed = Boolean(entity.fixedKeys)
  const targetId = isFixed ? undefined : (record.id as number | undefined)
  const beforeRow = isFixed ? await findRow(prisma, entity, key) : targetId !== undefined ? await findRow(prisma, entity, targetId) : null
  if (targetId !== undefined && !beforeRow) throw notFound(entity)
  const before = beforeRow && entity.toRecord(beforeRow)
  if (!isFixed) {
    // Unique across the whole table: a member's video or an unpublished row holds its slug too.
    const holder = await modelOf(prisma, entity.model).findFirst({ where: { [entity.key]: key }, select: { id: true } })
    if (holder && holder.id !== targetId) {
      throw new ApiError(Code.EXISTS, `${KEY_WORDS[entity.key] ?? entity.key} ${JSON.stringify(key)} 已被其他${entity.label}使用`)
    }
    delete record.id
  }
  if (entity.publish && !isFixed) record[entity.publish] = before ? before[entity.publish] : false
  entity.beforeSave?.(record, before)
  const problems = await validateRecord(entity.kind, record as never)
  if (problems.length) throw new ApiError(Code.BAD_PARAMS, problems.join('；'))
  return { record, key, before, beforeId: beforeRow?.id as number | undefined }
}

/**
 * Creates (no `id`) or updates (`id`) one record, as `npm run seed` would write it: the importer
 * checks its references and media and writes it, tags and topic courses included. A changed key
 * (slug, tag name) renames the row first, so the importer, which finds rows by key, updates it.
 */
export function saveContent(entity: ContentEntity, input: Row, actor: Actor, as?: SaveAudit) {
  return withLock(CONTENT_WRITES, async () => {
    const { record, key, before, beforeId } = await checkRecord(entity, input)
    const saved = await prisma.$transaction(async (tx) => {
      const model = modelOf(tx, entity.model)
      if (before && beforeId !== undefined && before[entity.key] !== key)
        await model.update({ where: { id: beforeId }, data: { [entity.key]: key } })
      await writeRecords(tx, { [entity.kind]: [record] } as Partial<SeedData>)
      const after = entity.toRecord((await model.findFirst({ where: { [entity.key]: key }, select: entity.select }))!)
      await audit(tx, actor, {
        action: as?.action ?? `Admin/${entity.word}Save`,
        entity: entity.word,
        entityId: (after.id ?? key) as string | number,
        summary: as ? as.summary(after) : `${before ? '修改' : '新建'}${entity.label}「${entity.titleOf(after)}」`,
        before,
        after,
      })
      await as?.alsoWrite?.(tx)
      await recordSaveUpdates(tx, entity.word, before, after)
      return withState(entity, after, tx)
    })
    // Once committed: a video the record names gets its streaming copy (a job; pages play the original meanwhile).
    await requestStreamingCopiesOf(videoUrlsOf({ [entity.kind]: [record] } as Partial<SeedData>))
    return saved
  })
}

/** "3 位名师（张三、李四、王五 等）、1 门课程（宏观经济）": what still points at a row, or "" when nothing does. */
async function usageOf(entity: ContentEntity, id: number): Promise<string> {
  const parts = await Promise.all(
    (entity.usedBy ?? []).map(async ({ model, where, noun, nameField }) => {
      const [count, rows] = await Promise.all([
        modelOf(prisma, model).count({ where: where(id) }),
        modelOf(prisma, model).findMany({ where: where(id), select: { [nameField]: true }, orderBy: { id: 'asc' }, take: 3 }),
      ])
      if (!count) return ''
      const names = rows.map((row) => String(row[nameField])).join('、')
      return `${count} ${noun}（${names}${count > rows.length ? ' 等' : ''}）`
    }),
  )
  return parts.filter(Boolean).join('、')
}

/** Deletes a row nothing points at; otherwise 409 naming what does. Nothing is soft-deleted. */
export function deleteContent(entity: ContentEntity, id: number, actor: Actor) {
  return withLock(CONTENT_WRITES, async () => {
    const row = await findRow(prisma, entity, id)
    if (!row) throw notFound(entity)
    const usage = await usageOf(entity, id)
    if (usage) throw new ApiError(Code.EXISTS, entity.refusal!(usage))
    const before = entity.toRecord(row)
    await prisma.$transaction(async (tx) => {
      await modelOf(tx, entity.model).delete({ where: { id } })
      if (entity.publish) await forgetState(tx, entity.word, id)
      await recordAudit(
        {
          staffId: actor.staffId,
          action: `Admin/${entity.word}Delete`,
          entity: entity.word,
          entityId: id,
          summary: `删除${entity.label}「${entity.titleOf(before)}」`,
          before,
          ip: actor.ip,
        },
        tx,
      )
    })
    return { id }
  })
}

/**
 * Puts the given rows in this order on public pages: the first gets the highest sort (n, then
 * n-1, ... 1; public lists show the highest first). Rows not listed keep theirs.
 */
export function sortContent(entity: ContentEntity, ids: number[], actor: Actor) {
  return withLock(CONTENT_WRITES, async () => {
    if (new Set(ids).size !== ids.length) throw new ApiError(Code.BAD_PARAMS, '排序列表中有重复的 ID')
    const rows = await modelOf(prisma, entity.model).findMany({
      where: { ...(entity.fixedKeys ? {} : entity.where), id: { in: ids } },
      select: { id: true, sort: true },
    })
    const found = new Map(rows.map((row) => [row.id as number, row.sort as number]))
    const missing = ids.filter((id) => !found.has(id))
    if (missing.length) throw new ApiError(Code.NOT_FOUND, `${entity.label}不存在：ID ${missing.join('、')}`)
    const after = ids.map((id, index) => ({ id, sort: ids.length - index }))
    await prisma.$transaction(async (tx) => {
      for (const { id, sort } of after) {
        if (found.get(id) !== sort) await modelOf(tx, entity.model).update({ where: { id }, data: { sort } })
      }
      await recordAudit(
        {
          staffId: actor.staffId,
          action: `Admin/${entity.word}Sort`,
          entity: entity.word,
          summary: `调整${entity.label}顺序（${ids.length} 项）`,
          before: ids.map((id) => ({ id, sort: found.get(id) })),
          after,
          ip: actor.ip,
        },
        tx,
      )
    })
    return after
  })
}

/** What a publish is, beyond the flag: a claim to win first (the scheduler's), and its audit line. */
export type PublishOptions = { claim?: (tx: Tx) => Promise<boolean>; summary?: (title: string) => string }

/** Shows (true) or hides (false) a row on public pages at once. */
export async function publishContent(entity: ContentEntity, id: number, isPublished: boolean, actor: Actor) {
  return (await publishRecord(entity, id, isPublished, actor))!
}

/**
 * The one publish path, for the console and the scheduler: the flag, the record's lifecycle state
 * (first publication, pending times cleared) and the audit entry, in one transaction. With a claim
 * that another process won, nothing is written and the answer is null.
 */
export function publishRecord(
  entity: ContentEntity,
  id: number,
  isPublished: boolean,
  actor: Actor | SystemActor,
  options: PublishOptions = {},
) {
  return withLock(CONTENT_WRITES, async () => {
    const row = await findRow(prisma, entity, id)
    if (!row) throw notFound(entity)
    const before = entity.toRecord(row)
    return prisma.$transaction(async (tx) => {
      if (options.claim && !(await options.claim(tx))) return null
      const model = modelOf(tx, entity.model)
      await model.update({ where: { id }, data: { [entity.publish!]: isPublished } })
      const now = new Date(clock.now())
      const { isFirstPublication } = await recordPublishState(tx, entity.word, id, {
        isPublished,
        wasPublished: Boolean(before[entity.publish!]),
        now,
        knownSince: typeof before.createdAt === 'string' ? new Date(before.createdAt) : now,
      })
      // Followers are told by a durable job; the publish writes only its event row and the job.
      if (isFirstPublication) await recordFirstPublication(tx, entity.word, id)
      const after = entity.toRecord((await model.findFirst({ where: { id }, select: entity.select }))!)
      const title = `${entity.label}「${entity.titleOf(after)}」`
      await audit(tx, actor, {
        action: `Admin/${entity.word}Publish`,
        entity: entity.word,
        entityId: id,
        summary: options.summary?.(title) ?? `${isPublished ? '发布' : '下架'}${title}`,
        before,
        after,
      })
      return withState(entity, after, tx)
    })
  })
}
