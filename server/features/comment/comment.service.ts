// Comments (评论) on published courses, specials, viewpoints and activities: members write top-level
// comments and replies (one level: a reply to a reply hangs under the same top-level comment and
// names the member it answers), delete their own and report others'. Every text passes the
// sensitive-word screen; per the console's setting (SiteSetting `commentReview`) a comment is shown
// at once or waits for staff, who approve, hide (with a reason) or delete from the console's queue.
import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { skipTake, toPage } from '../../lib/pagination'
import { publicPageOf, type PreviewGrant } from '../../lib/preview-grant'
import { RateLimit } from '../../data/rate-limit'
import { COMMENT_TARGETS, type CommentTarget } from '../../../common/notifications'
import { COMMENT_REPLIES_SHOWN, type CommentItem, type CommentReply, type OwnPendingComment } from '../../../common/api/comment'
import { screenText } from '../review/sensitive-screen.service'
import { tellMember } from '../notification/notification.service'
import { alertStaff } from '../alert/alert.service'
import { recordAudit } from '../audit/audit.service'
import type {
  CommentAddInput,
  CommentHideInput,
  CommentListInput,
  CommentQueueInput,
  CommentReportInput,
  CommentSettingsInput,
} from './comment.schemas'

/** Mutable so tests can tighten them. */
export const commentLimits = { perMinute: 5, perDay: 50 }
export const commentsPerMinute = new RateLimit('comment-minute', () => 60_000)
export const commentsPerDay = new RateLimit('comment-day', () => 24 * 60 * 60_000)

/** The console's setting: 'review' holds every new comment for staff; anything else publishes at once. */
export const COMMENT_REVIEW_SETTING = 'commentReview'

/** Cache tag of one item's comments (Course/commentList). */
export const commentTag = (entity: string, recordId: number) => `comments:${entity}:${recordId}`

export const COMMENT_STATUS_TEXT: Record<string, string> = { pending: '待审核', published: '已发布', hidden: '已隐藏' }

const DELETED_AUTHOR = { nickname: '已注销用户' }
type AuthorRow = { nickname: string; deletedAt: Date | null }
const authorOf = (member: AuthorRow | null) => (member && !member.deletedAt ? { nickname: member.nickname } : DELETED_AUTHOR)

type ItemRow = { id: number; title: string; isPublished: boolean }
type ItemQuery = { where: object; select: { id: true; title: true; isPublished?: true } }
type ItemModel = { findUnique: (query: ItemQuery) => Promise<ItemRow | null>; findMany: (query: ItemQuery) => Promise<ItemRow[]> }

/** The table of each commentable kind: the four share the columns a comment needs (id, title, isPublished). */
const modelOf = (entity: CommentTarget): ItemModel => {
  const models = { course: prisma.course, special: prisma.special, viewpoint: prisma.viewpoint, activity: prisma.activity }
  return models[entity] as unknown as ItemModel
}

/** The item a comment belongs to, published or not; null when there is no such row. */
function findItem(entity: CommentTarget, id: number): Promise<ItemRow | null> {
  return modelOf(entity).findUnique({ where: { id }, select: { id: true, title: true, isPublished: true } })
}

/** Titles of the items a page of the queue names, by `entity:id`: one query per kind. */
async function itemTitles(rows: { entity: string; recordId: number }[]) {
  const titles = new Map<string, string>()
  for (const entity of Object.keys(COMMENT_TARGETS) as CommentTarget[]) {
    const ids = [...new Set(rows.filter((row) => row.entity === entity).map((row) => row.recordId))]
    if (!ids.length) continue
    const found = await modelOf(entity).findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })
    for (const row of found) titles.set(`${entity}:${row.id}`, row.title)
  }
  return titles
}

async function publishedItem(entity: CommentTarget, id: number): Promise<ItemRow> {
  const item = await findItem(entity, id)
  if (!item || !item.isPublished) throw new ApiError(Code.NOT_FOUND, `该${COMMENT_TARGETS[entity]}不存在或未发布，无法评论`)
  return item
}

const linkOf = (entity: string, recordId: number) => publicPageOf(entity, recordId) ?? ''

export async function isReviewRequired(): Promise<boolean> {
  const row = await prisma.siteSetting.findUnique({ where: { key: COMMENT_REVIEW_SETTING }, select: { value: true } })
  return row?.value === 'review'
}

// ---- public list ----

const authorSelect = { select: { nickname: true, deletedAt: true } } as const

/** One published item's comments: top-level newest first, each with its published replies oldest first. */
export async function listComments({ entity, recordId, page, limit }: CommentListInput, preview?: PreviewGrant) {
  // A staff preview of an unpublished item shows its page as it will be: the comments it keeps, none shown as broken.
  const isPreviewed = preview?.entity === entity && preview.id === recordId
  if (!isPreviewed) await publishedItem(entity, recordId)
  const where = { entity, recordId, status: 'published', parentId: null }
  const [rows, total, count] = await Promise.all([
    prisma.comment.findMany({
      where,
      orderBy: { id: 'desc' },
      ...skipTake({ page, limit }),
      select: { id: true, content: true, createdAt: true, member: authorSelect },
    }),
    prisma.comment.count({ where }),
    prisma.comment.count({
      where: { entity, recordId, status: 'published', OR: [{ parentId: null }, { parent: { status: 'published' } }] },
    }),
  ])
  const parentIds = rows.map((row) => row.id)
  const replies = parentIds.length
    ? await prisma.comment.findMany({
        where: { parentId: { in: parentIds }, status: 'published' },
        orderBy: { id: 'asc' },
        select: { id: true, parentId: true, replyToId: true, content: true, createdAt: true, member: authorSelect },
      })
    : []
  const answeredIds = [...new Set(replies.map((reply) => reply.replyToId).filter((id): id is number => id !== null))]
  const answered = answeredIds.length
    ? new Map(
        (await prisma.member.findMany({ where: { id: { in: answeredIds } }, select: { id: true, nickname: true, deletedAt: true } })).map(
          (member) => [member.id, authorOf(member)],
        ),
      )
    : new Map<number, { nickname: string }>()
  const byParent = new Map<number, CommentReply[]>()
  const replyCounts = new Map<number, number>()
  for (const reply of replies) {
    const parentId = reply.parentId!
    replyCounts.set(parentId, (replyCounts.get(parentId) ?? 0) + 1)
    const shown = byParent.get(parentId) ?? []
    if (shown.length < COMMENT_REPLIES_SHOWN) {
      shown.push({
        id: reply.id,
        content: reply.content,
        createdAt: reply.createdAt.toISOString(),
        author: authorOf(reply.member),
        replyTo: reply.replyToId === null ? null : (answered.get(reply.replyToId) ?? DELETED_AUTHOR),
      })
    }
    byParent.set(parentId, shown)
  }
  const list: CommentItem[] = rows.map((row) => ({
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    author: authorOf(row.member),
    replies: byParent.get(row.id) ?? [],
    replyCount: replyCounts.get(row.id) ?? 0,
  }))
  return { ...toPage(list, total, { page, limit }), count }
}

// ---- counts on cards ----

/** What counts as a shown comment: published, and a reply only while its top-level comment is (as `count` of the list). */
const shownWhere = { status: 'published', OR: [{ parentId: null }, { parent: { status: 'published' } }] } satisfies Prisma.CommentWhereInput

/**
 * Shown comments and replies per item of one kind, in one grouped query over the (entity, recordId,
 * status, id) index; items without any are absent from the map.
 */
export async function commentCountsOf(entity: CommentTarget, ids: readonly number[]): Promise<Map<number, number>> {
  const recordIds = [...new Set(ids)]
  if (!recordIds.length) return new Map()
  const groups = await prisma.comment.groupBy({
    by: ['recordId'],
    where: { entity, recordId: { in: recordIds }, ...shownWhere },
    _count: { _all: true },
  })
  return new Map(groups.map((group) => [group.recordId, group._count._all]))
}

/** Cards with `commentCount` from counts read by commentCountsOf (0 when absent). */
export const countedCards = <T extends { id: number }>(cards: T[], counts: Map<number, number>) =>
  cards.map((card) => ({ ...card, commentCount: counts.get(card.id) ?? 0 }))

/** One list of cards of one kind with `commentCount`: one query for the whole list. */
export async function withCommentCounts<T extends { id: number }>(entity: CommentTarget, cards: T[]) {
  return countedCards(
    cards,
    await commentCountsOf(
      entity,
      cards.map((card) => card.id),
    ),
  )
}

/** The viewer's own held comments shown on an item's page at most (newest first). */
export const OWN_PENDING_SHOWN = 20

/**
 * The live fields of the list, computed per request so the kept answer stays the same for everyone:
 * which comments on the page the signed-in viewer wrote (they may delete them), and their own comments
 * on the item still held for review, which only they see (marked 审核中).
 */
export async function viewerComments(
  data: unknown,
  { entity, recordId }: Pick<CommentListInput, 'entity' | 'recordId'>,
  memberId: number | undefined,
): Promise<{ ownIds: number[]; ownPending: OwnPendingComment[] }> {
  if (!memberId) return { ownIds: [], ownPending: [] }
  const list = (data as { list?: CommentItem[] } | null)?.list ?? []
  const ids = list.flatMap((item) => [item.id, ...item.replies.map((reply) => reply.id)])
  const [own, pending] = await Promise.all([
    ids.length ? prisma.comment.findMany({ where: { id: { in: ids }, memberId }, select: { id: true } }) : [],
    prisma.comment.findMany({
      where: { entity, recordId, status: 'pending', memberId },
      orderBy: { id: 'desc' },
      take: OWN_PENDING_SHOWN,
      select: { id: true, parentId: true, replyToId: true, content: true, createdAt: true, member: authorSelect },
    }),
  ])
  const answeredIds = [...new Set(pending.map((row) => row.replyToId).filter((id): id is number => id !== null))]
  const answered = answeredIds.length
    ? new Map(
        (await prisma.member.findMany({ where: { id: { in: answeredIds } }, select: { id: true, nickname: true, deletedAt: true } })).map(
          (member) => [member.id, authorOf(member)],
        ),
      )
    : new Map<number, { nickname: string }>()
  return {
    ownIds: own.map((row) => row.id),
    ownPending: pending.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      author: authorOf(row.member),
      replyTo: row.replyToId === null ? null : (answered.get(row.replyToId) ?? DELETED_AUTHOR),
      status: 'pending' as const,
    })),
  }
}

// ---- member actions ----

async function countAgainstLimits(memberId: number) {
  const key = String(memberId)
  const minute = await commentsPerMinute.read(key)
  if (minute.points >= commentLimits.perMinute) {
    throw new ApiError(Code.RATE_LIMITED, `评论过于频繁，请 ${Math.max(1, Math.ceil(minute.msLeft / 1000))} 秒后再试`)
  }
  const day = await commentsPerDay.read(key)
  if (day.points >= commentLimits.perDay) throw new ApiError(Code.RATE_LIMITED, `每天最多发表 ${commentLimits.perDay} 条评论，请明天再来`)
  // Counted after the checks, so parallel sends can pass by one or two at most; the caps are about pace, not exact counts.
  await Promise.all([commentsPerMinute.add(key), commentsPerDay.add(key)])
}

/** Tells the member answered that someone replied, unless they answered themselves. */
async function noticeReply(comment: {
  memberId: number
  parentId: number | null
  replyToId: number | null
  entity: string
  recordId: number
  content: string
}) {
  if (comment.parentId === null) return
  const target =
    comment.replyToId ?? (await prisma.comment.findUnique({ where: { id: comment.parentId }, select: { memberId: true } }))?.memberId
  if (!target || target === comment.memberId) return
  const [author, item] = await Promise.all([
    prisma.member.findUnique({ where: { id: comment.memberId }, select: { nickname: true } }),
    findItem(comment.entity as CommentTarget, comment.recordId),
  ])
  // After the comment is written: a notice that fails is logged, never a failure of the comment.
  await tellMember(target, {
    kind: 'comment',
    title: `${author?.nickname ?? '有人'}回复了你的评论`,
    body: `${item ? `「${item.title}」：` : ''}${comment.content.slice(0, 100)}`,
    link: linkOf(comment.entity, comment.recordId),
  })
}

export async function addComment(memberId: number, input: CommentAddInput, ip: string) {
  const item = await publishedItem(input.entity, input.recordId)
  let parentId: number | null = null
  let replyToId: number | null = null
  if (input.parentId !== undefined) {
    const answered = await prisma.comment.findUnique({
      where: { id: input.parentId },
      select: {
        id: true,
        entity: true,
        recordId: true,
        status: true,
        parentId: true,
        memberId: true,
        parent: { select: { status: true } },
      },
    })
    const isShown = answered?.status === 'published' && (answered.parent === null || answered.parent.status === 'published')
    if (!answered || !isShown || answered.entity !== input.entity || answered.recordId !== input.recordId) {
      throw new ApiError(Code.NOT_FOUND, '回复的评论不存在或已被隐藏')
    }
    // One level: a reply to a reply hangs under the same top-level comment and names whom it answers.
    parentId = answered.parentId ?? answered.id
    replyToId = answered.parentId === null ? null : answered.memberId
  }
  const screened = (await screenText({ content: { text: input.content } }, { source: 'comment', memberId, subject: '评论' })).content
  await countAgainstLimits(memberId)
  // A masked word sends the comment to staff whatever the setting: someone tried to say something listed.
  const isHeld = screened !== input.content || (await isReviewRequired())
  const comment = await prisma.comment.create({
    data: {
      entity: input.entity,
      recordId: item.id,
      memberId,
      parentId,
      replyToId,
      content: screened,
      status: isHeld ? 'pending' : 'published',
      ip,
      createdAt: new Date(clock.now()),
    },
    select: { id: true, memberId: true, parentId: true, replyToId: true, entity: true, recordId: true, content: true },
  })
  if (isHeld) {
    await alertStaff({ kind: 'comment', title: `「${item.title}」有一条新评论待审核`, link: '/admin/review/comment' })
    return { id: comment.id, status: 'pending' as const, message: '评论已提交，审核通过后展示' }
  }
  await noticeReply(comment)
  return { id: comment.id, status: 'published' as const, message: '评论成功' }
}

/** A member deletes their own comment (its replies go with it). */
export async function deleteOwnComment(memberId: number, id: number) {
  const comment = await prisma.comment.findUnique({ where: { id }, select: { memberId: true } })
  if (!comment) throw new ApiError(Code.NOT_FOUND, '评论不存在或已删除')
  if (comment.memberId !== memberId) throw new ApiError(Code.FORBIDDEN, '只能删除自己的评论')
  await prisma.comment.delete({ where: { id } })
  return null
}

export async function reportComment(memberId: number, { id, reason }: CommentReportInput) {
  const comment = await prisma.comment.findUnique({ where: { id }, select: { memberId: true, status: true, content: true } })
  if (!comment || comment.status !== 'published') throw new ApiError(Code.NOT_FOUND, '评论不存在或已被隐藏')
  if (comment.memberId === memberId) throw new ApiError(Code.BAD_PARAMS, '不能举报自己的评论')
  const isNew = await prisma.$transaction(async (tx) => {
    const existing = await tx.commentReport.findUnique({ where: { commentId_memberId: { commentId: id, memberId } }, select: { id: true } })
    if (existing) return false
    await tx.commentReport.create({ data: { commentId: id, memberId, reason, createdAt: new Date(clock.now()) } })
    await tx.comment.update({ where: { id }, data: { reportCount: { increment: 1 } } })
    return true
  })
  if (!isNew) throw new ApiError(Code.EXISTS, '你已举报过这条评论，我们会尽快处理')
  await alertStaff({
    kind: 'comment-report',
    title: `评论被举报：${comment.content.slice(0, 40)}`,
    link: '/admin/review/comment?tab=reported',
  })
  return { message: '举报已提交，我们会尽快处理' }
}

// ---- console ----

export type CommentModerator = { staffId: number; ip: string; action: string }

const queueSelect = {
  id: true,
  entity: true,
  recordId: true,
  parentId: true,
  content: true,
  status: true,
  hideReason: true,
  reportCount: true,
  createdAt: true,
  reviewedAt: true,
  memberId: true,
  member: { select: { nickname: true, memberNo: true, deletedAt: true } },
  reports: { select: { reason: true, createdAt: true }, orderBy: { id: 'desc' as const }, take: 5 },
} satisfies Prisma.CommentSelect

/** The console's queue: pending (oldest first), reported (most reported first) or all (newest first). */
export async function listCommentQueue({ tab, entity, status, recordId, keyword, page, limit }: CommentQueueInput) {
  const where: Prisma.CommentWhereInput = {
    ...(tab === 'pending' ? { status: 'pending' } : tab === 'reported' ? { reportCount: { gt: 0 }, status: 'published' } : {}),
    ...(tab === 'all' && status ? { status } : {}),
    ...(entity ? { entity } : {}),
    ...(recordId ? { recordId } : {}),
    ...(keyword ? { content: { contains: keyword } } : {}),
  }
  const orderBy: Prisma.CommentOrderByWithRelationInput[] =
    tab === 'pending' ? [{ id: 'asc' }] : tab === 'reported' ? [{ reportCount: 'desc' }, { id: 'desc' }] : [{ id: 'desc' }]
  const [rows, total] = await Promise.all([
    prisma.comment.findMany({ where, orderBy, select: queueSelect, ...skipTake({ page, limit }) }),
    prisma.comment.count({ where }),
  ])
  const titles = await itemTitles(rows)
  const list = rows.map((row) => ({
    id: row.id,
    entity: row.entity,
    entityText: COMMENT_TARGETS[row.entity as CommentTarget] ?? row.entity,
    recordId: row.recordId,
    itemTitle: titles.get(`${row.entity}:${row.recordId}`) ?? '（内容已删除）',
    link: linkOf(row.entity, row.recordId),
    isReply: row.parentId !== null,
    content: row.content,
    status: row.status,
    statusText: COMMENT_STATUS_TEXT[row.status] ?? row.status,
    hideReason: row.hideReason,
    reportCount: row.reportCount,
    reports: row.reports.map((report) => ({ reason: report.reason, createdAt: report.createdAt.toISOString() })),
    member: row.member.deletedAt ? null : { id: row.memberId, nickname: row.member.nickname, memberNo: row.member.memberNo },
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }))
  return toPage(list, total, { page, limit })
}

async function commentForStaff(id: number) {
  const comment = await prisma.comment.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      hideReason: true,
      reportCount: true,
      content: true,
      memberId: true,
      parentId: true,
      replyToId: true,
      entity: true,
      recordId: true,
    },
  })
  if (!comment) throw new ApiError(Code.NOT_FOUND, '评论不存在或已删除')
  return comment
}

const summaryOf = (content: string) => `「${content.slice(0, 30)}${content.length > 30 ? '…' : ''}」`

/** Shows a pending comment, or keeps a reported one (its reports are dismissed). */
export async function approveComment(id: number, actor: CommentModerator) {
  const comment = await commentForStaff(id)
  if (comment.status === 'published' && comment.reportCount === 0) throw new ApiError(Code.BAD_PARAMS, '该评论已发布')
  const now = new Date(clock.now())
  await prisma.$transaction(async (tx) => {
    await tx.comment.update({
      where: { id },
      data: { status: 'published', hideReason: '', reportCount: 0, reviewedAt: now, reviewerId: actor.staffId },
    })
    await recordAudit(
      {
        staffId: actor.staffId,
        action: actor.action,
        entity: 'comment',
        entityId: id,
        summary: `通过评论${summaryOf(comment.content)}`,
        before: { status: comment.status, reportCount: comment.reportCount },
        after: { status: 'published', reportCount: 0 },
        ip: actor.ip,
      },
      tx,
    )
  })
  // The member answered hears of a reply when it is first shown.
  if (comment.status === 'pending') await noticeReply(comment)
  return { id, status: 'published', statusText: COMMENT_STATUS_TEXT.published }
}

export async function hideComment({ id, reason }: CommentHideInput, actor: CommentModerator) {
  const comment = await commentForStaff(id)
  if (comment.status === 'hidden') throw new ApiError(Code.BAD_PARAMS, '该评论已隐藏')
  await prisma.$transaction(async (tx) => {
    await tx.comment.update({
      where: { id },
      data: { status: 'hidden', hideReason: reason, reviewedAt: new Date(clock.now()), reviewerId: actor.staffId },
    })
    await recordAudit(
      {
        staffId: actor.staffId,
        action: actor.action,
        entity: 'comment',
        entityId: id,
        summary: `隐藏评论${summaryOf(comment.content)}`,
        before: { status: comment.status },
        after: { status: 'hidden', hideReason: reason },
        ip: actor.ip,
      },
      tx,
    )
  })
  return { id, status: 'hidden', statusText: COMMENT_STATUS_TEXT.hidden, hideReason: reason }
}

export async function removeComment(id: number, actor: CommentModerator) {
  const comment = await commentForStaff(id)
  await prisma.$transaction(async (tx) => {
    await tx.comment.delete({ where: { id } })
    await recordAudit(
      {
        staffId: actor.staffId,
        action: actor.action,
        entity: 'comment',
        entityId: id,
        summary: `删除评论${summaryOf(comment.content)}`,
        before: { content: comment.content, status: comment.status, memberId: comment.memberId },
        ip: actor.ip,
      },
      tx,
    )
  })
  return null
}

export async function getCommentSettings() {
  return { requireReview: await isReviewRequired() }
}

export async function saveCommentSettings({ requireReview }: CommentSettingsInput, actor: CommentModerator) {
  const before = await isReviewRequired()
  const value = requireReview ? 'review' : 'immediate'
  await prisma.$transaction(async (tx) => {
    await tx.siteSetting.upsert({
      where: { key: COMMENT_REVIEW_SETTING },
      create: { key: COMMENT_REVIEW_SETTING, value },
      update: { value },
    })
    await recordAudit(
      {
        staffId: actor.staffId,
        action: actor.action,
        entity: 'config',
        summary: requireReview ? '评论改为审核后展示' : '评论改为发表即展示',
        before: { requireReview: before },
        after: { requireReview },
        ip: actor.ip,
      },
      tx,
    )
  })
  return { requireReview }
}
