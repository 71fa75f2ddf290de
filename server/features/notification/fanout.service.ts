// Follower updates (issue 25): a followed teacher's new course, video, viewpoint, activity or course
// notice, or a collected special's new course, told to every follower once.
//
// The publish writes only a NotificationEvent and a durable job, in its own transaction, so a staff
// save costs two rows whatever the follower count. Publishes of one source within FOLD_MS join the
// event still `collecting` (one notice for a burst). At `sendAt` the job (FANOUT_JOB) walks the
// follow rows by id from `event.cursor`, FANOUT_BATCH at a time; each batch inserts its notices and
// moves the cursor in one transaction, the cursor moved first and only from the value read, so a
// retry after a crash (or a second worker) resumes where the last commit left off and never writes
// a notice twice; @@unique([eventId, memberId]) is the backstop.
import { contentTypes } from '../../../common/content-types/registry'
import { teacherPreferenceKey } from '../../../common/notifications'
import { prisma, type Tx } from '../../db'
import { enqueueJob } from '../../data/jobs'
import type { JobContext } from '../../data/job-worker'
import { clock } from '../../lib/clock'
import { logger } from '../../lib/logger'
import { NOTICES_TAG } from './notification.service'
import { tagsChanged } from '../../data/cache'
import { insertFollowNotices } from '../../data/sql'

export const FANOUT_JOB = 'notification.fanout'

/** Tunable for tests and the benchmark: the fold window and the rows told per transaction. */
export const fanoutSettings = { foldMs: 20_000, batch: 2000 }

type Db = Tx | typeof prisma

export type FollowSource = 'teacher' | 'special'
/** One thing published, as the notice names it. */
export type FollowItem = { entity: string; id: number; title: string; link: string }

const typeOf = (word: string) => contentTypes.find((type) => type.word === word)
const linkOf = (word: string, id: number) => {
  const path = typeOf(word)?.publicPath
  return path ? `${path}/${id}` : ''
}

/**
 * Records a follower update in the caller's transaction: folded into the source's event still
 * collecting, or a new event with its fan-out job due at the end of the fold window.
 */
export async function recordFollowUpdate(db: Db, source: FollowSource, sourceId: number, item: FollowItem): Promise<number> {
  const now = clock.now()
  const open = await db.notificationEvent.findFirst({
    where: { source, sourceId, state: 'collecting', sendAt: { gt: new Date(now) } },
    orderBy: { id: 'desc' },
    select: { id: true, items: true },
  })
  if (open) {
    const items = JSON.parse(open.items) as FollowItem[]
    if (items.some((known) => known.entity === item.entity && known.id === item.id)) return open.id
    // Only from the items read and while still collecting: a job that began sending meanwhile wins, and this item starts a new event.
    const { count } = await db.notificationEvent.updateMany({
      where: { id: open.id, state: 'collecting', items: open.items },
      data: { items: JSON.stringify([...items, item]) },
    })
    if (count === 1) return open.id
  }
  const sendAt = new Date(now + fanoutSettings.foldMs)
  const event = await db.notificationEvent.create({
    data: { source, sourceId, items: JSON.stringify([item]), sendAt },
    select: { id: true },
  })
  await enqueueJob(FANOUT_JOB, { eventId: event.id }, { uniqueKey: `${FANOUT_JOB}:${event.id}`, runAt: sendAt, maxAttempts: 10 }, db)
  return event.id
}

/** The entities whose first publication followers hear of, by the content type's word. */
const TEACHER_ENTITIES = {
  course: (db: Db, id: number) => db.course.findUnique({ where: { id }, select: { teacherId: true, title: true } }),
  notice: async (db: Db, id: number) => {
    const row = await db.courseNotice.findUnique({ where: { id }, select: { teacherId: true, name: true } })
    return row && { teacherId: row.teacherId, title: row.name }
  },
  activity: (db: Db, id: number) => db.activity.findUnique({ where: { id }, select: { teacherId: true, title: true } }),
  viewpoint: (db: Db, id: number) => db.viewpoint.findUnique({ where: { id }, select: { teacherId: true, title: true } }),
  teacherVideo: (db: Db, id: number) => db.teacherVideo.findUnique({ where: { id }, select: { teacherId: true, title: true } }),
} as const

const isTeacherEntity = (word: string): word is keyof typeof TEACHER_ENTITIES => Object.hasOwn(TEACHER_ENTITIES, word)

/**
 * A record published for the first time (publishRecord, in its transaction): its teacher's
 * followers hear of it, and a course's specials' collectors too.
 */
export async function recordFirstPublication(db: Db, word: string, id: number): Promise<void> {
  if (!isTeacherEntity(word)) return
  const row = await TEACHER_ENTITIES[word](db, id)
  if (!row) return
  const item = { entity: word, id, title: row.title, link: linkOf(word, id) }
  if (row.teacherId) await recordFollowUpdate(db, 'teacher', row.teacherId, item)
  if (word !== 'course') return
  const specials = await db.specialCourse.findMany({ where: { courseId: id, special: { isPublished: true } }, select: { specialId: true } })
  for (const { specialId } of specials) await recordFollowUpdate(db, 'special', specialId, item)
}

/**
 * A console save (saveContent, in its transaction): a new teacher video is public at once (it has no
 * publish flag); a published special's courses added by the save are news to its collectors.
 */
export async function recordSaveUpdates(db: Db, word: string, before: Record<string, unknown> | null, after: Record<string, unknown>) {
  const id = after.id as number
  if (word === 'teacherVideo' && !before) return recordFirstPublication(db, word, id)
  if (word !== 'special' || !before || !after.isPublished) return
  const had = new Set((before.courses as string[] | undefined) ?? [])
  const added = ((after.courses as string[] | undefined) ?? []).filter((slug) => !had.has(slug))
  if (!added.length) return
  const courses = await db.course.findMany({ where: { slug: { in: added }, isPublished: true }, select: { id: true, title: true } })
  for (const course of courses)
    await recordFollowUpdate(db, 'special', id, { entity: 'course', id: course.id, title: course.title, link: linkOf('course', course.id) })
}

/** The words a notice uses for what was published. */
const labelOf = (entity: string) => typeOf(entity)?.label ?? '内容'

type EventRow = { id: number; source: string; sourceId: number; items: string }

/** The one notice every follower of the event gets. */
async function noticeOf(event: EventRow) {
  const items = JSON.parse(event.items) as FollowItem[]
  const first = items[0]
  const titles = items.map((item) => `${labelOf(item.entity)}「${item.title}」`).join('、')
  if (event.source === 'special') {
    const special = await prisma.special.findUnique({ where: { id: event.sourceId }, select: { title: true } })
    const name = special?.title ?? '专题'
    return {
      title:
        items.length === 1 ? `您收藏的专题「${name}」新增了课程「${first.title}」` : `您收藏的专题「${name}」新增了 ${items.length} 门课程`,
      body: titles,
      link: items.length === 1 ? first.link : linkOf('special', event.sourceId),
    }
  }
  const teacher = await prisma.teacher.findUnique({ where: { id: event.sourceId }, select: { name: true } })
  const name = teacher?.name ?? '您关注的名师'
  return {
    title: items.length === 1 ? `${name}发布了新${labelOf(first.entity)}「${first.title}」` : `${name}有 ${items.length} 条新动态`,
    body: titles,
    link: items.length === 1 ? first.link : linkOf('teacher', event.sourceId),
  }
}

/** Where the next batch ends: the link id `batch` rows after `cursor`, or the last one; null when none is left. */
async function batchEnd(db: Db, event: EventRow, cursor: number, batch: number): Promise<number | null> {
  const where =
    event.source === 'special' ? { specialId: event.sourceId, id: { gt: cursor } } : { teacherId: event.sourceId, id: { gt: cursor } }
  const model = (event.source === 'special' ? db.specialCollect : db.teacherFollow) as unknown as {
    findFirst: (args: object) => Promise<{ id: number } | null>
  }
  const full = await model.findFirst({ where, orderBy: { id: 'asc' }, skip: batch - 1, select: { id: true } })
  if (full) return full.id
  return (await model.findFirst({ where, orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? null
}

class CursorMoved extends Error {}

/**
 * Tells one batch: answers false when every follower has been told. The cursor moves first, and only
 * from the value read, so two runners of the same event (a lease taken over) cannot both write it;
 * the notices go in one INSERT … SELECT that leaves out members who switched the updates off.
 */
export async function tellNextBatch(eventId: number, notice: { title: string; body: string; link: string }): Promise<boolean> {
  try {
    return await prisma.$transaction(async (tx) => {
      const event = await tx.notificationEvent.findUniqueOrThrow({ where: { id: eventId } })
      if (event.state === 'sent') return false
      const upTo = await batchEnd(tx, event, event.cursor, fanoutSettings.batch)
      if (upTo === null) {
        await tx.notificationEvent.update({ where: { id: eventId }, data: { state: 'sent' } })
        return false
      }
      const { count } = await tx.notificationEvent.updateMany({
        where: { id: eventId, cursor: event.cursor },
        data: { cursor: upTo, state: 'sending' },
      })
      if (count !== 1) throw new CursorMoved()
      const told = await insertFollowNotices(tx, {
        source: event.source === 'special' ? 'special' : 'teacher',
        sourceId: event.sourceId,
        after: event.cursor,
        upTo,
        eventId,
        ...notice,
        offKeys: event.source === 'teacher' ? ['follow', teacherPreferenceKey(event.sourceId)] : ['follow'],
        now: new Date(clock.now()),
      })
      await tx.notificationEvent.update({ where: { id: eventId }, data: { told: { increment: told } } })
      return true
    })
  } catch (error) {
    // Another runner told this batch: carry on from the cursor it left.
    if (error instanceof CursorMoved) return true
    throw error
  }
}

/** The fan-out job: closes the event to new items, then tells every follower, batch by batch. */
export async function fanoutJob(payload: unknown, context: JobContext): Promise<void> {
  const { eventId } = payload as { eventId: number }
  const event = await prisma.notificationEvent.findUnique({ where: { id: eventId } })
  if (!event || event.state === 'sent') return
  if (event.state === 'collecting') {
    await prisma.notificationEvent.updateMany({ where: { id: eventId, state: 'collecting' }, data: { state: 'sending' } })
  }
  // Read after the close: items appended up to it are in.
  const closed = await prisma.notificationEvent.findUniqueOrThrow({ where: { id: eventId } })
  const notice = await noticeOf(closed)
  const total = await (closed.source === 'special'
    ? prisma.specialCollect.count({ where: { specialId: closed.sourceId } })
    : prisma.teacherFollow.count({ where: { teacherId: closed.sourceId } }))
  let done = 0
  const startedAt = Date.now()
  for (;;) {
    if (context.signal.aborted) throw new Error('fan-out stopped')
    const more = await tellNextBatch(eventId, notice)
    // One tag for the batch: every member's kept unread count is rebuilt on its next read.
    tagsChanged([NOTICES_TAG])
    if (!more) break
    done += fanoutSettings.batch
    context.progress(total ? (100 * Math.min(done, total)) / total : 100)
  }
  logger.info({ eventId, followers: total, ms: Date.now() - startedAt }, 'follower updates told')
}
