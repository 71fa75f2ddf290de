// The editors' side of member submissions: contributions (投稿) and teacher videos wait as
// `pending` until an admin approves or rejects them. Approval publishes: a contribution becomes a
// Viewpoint or Activity linked back to it, a video appears on its teacher's page.
import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../http/envelope'
import { skipTake, toPage } from '../../lib/pagination'
import { cutText, stripMarkup } from '../../lib/sanitize'
import { CONTRIBUTION_KIND_TEXT, labelOf, REVIEW_STATUS_TEXT } from '../../../common/rules'
import { clock } from '../../lib/clock'
import { downloadName, uploadUrl } from '../upload/upload.service'
import type { ReviewDecisionInput, ReviewQueueInput, ReviewStatus } from './review.schemas'

/** Cache tag of the review queues and pending counts: a new submission refreshes them without touching public pages. */
export const REVIEW_TAG = 'review-queue'

// The editors' words; members read 未通过 for a rejection (common/rules).
const statusOf = (status: string) => ({ status, statusText: labelOf(REVIEW_STATUS_TEXT, status) })
const authorSelect = { select: { nickname: true, memberNo: true, deletedAt: true } } as const
type AuthorRow = { nickname: string; memberNo: string; deletedAt: Date | null } | null
// A deleted account's name is gone (the content stays): same rule as public pages.
const author = (member: AuthorRow) => (member && !member.deletedAt ? { nickname: member.nickname, member_no: member.memberNo } : null)

// The queue is worked oldest first; decisions are browsed newest first.
const queueOrder = (status: ReviewStatus) =>
  status === 'pending'
    ? [{ createdAt: 'asc' as const }, { id: 'asc' as const }]
    : [{ reviewedAt: 'desc' as const }, { id: 'desc' as const }]

const contributionSelect = {
  id: true,
  kind: true,
  title: true,
  content: true,
  status: true,
  reviewNote: true,
  reviewedAt: true,
  createdAt: true,
  member: authorSelect,
  attachments: { select: { upload: { select: { id: true, path: true, kind: true, size: true, originalName: true } } } },
  viewpoint: { select: { id: true } },
  activity: { select: { id: true } },
} satisfies Prisma.ContributionSelect

export async function listContributionsForReview({ status, ...page }: ReviewQueueInput) {
  const where = { status }
  const [total, rows] = await Promise.all([
    prisma.contribution.count({ where }),
    prisma.contribution.findMany({ where, select: contributionSelect, orderBy: queueOrder(status), ...skipTake(page) }),
  ])
  const list = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kindText: labelOf(CONTRIBUTION_KIND_TEXT, row.kind),
    title: row.title,
    // Sanitized when it was written (addContribution).
    content: row.content,
    ...statusOf(row.status),
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    member: author(row.member),
    attachments: row.attachments.map(({ upload }) => ({
      id: upload.id,
      url: uploadUrl(upload.path),
      kind: upload.kind,
      name: downloadName(upload.originalName, upload.path),
      size: upload.size,
    })),
    publishedId: (row.viewpoint ?? row.activity)?.id ?? null,
  }))
  return toPage(list, total, page)
}

/** Approves (publishing it) or rejects a pending contribution; a decision is final. */
export async function reviewContribution({ id, approve, note }: ReviewDecisionInput) {
  const contribution = await prisma.contribution.findUnique({
    where: { id },
    include: { attachments: { include: { upload: true } } },
  })
  if (!contribution) throw new ApiError(Code.NOT_FOUND, '投稿不存在')
  if (contribution.status !== 'pending') throw new ApiError(Code.BAD_PARAMS, '该投稿已审核')
  const now = new Date(clock.now())
  const status = approve ? 'approved' : 'rejected'
  // `status: 'pending'` in the where makes a second, concurrent decision fail instead of overwrite.
  const decision = prisma.contribution.update({ where: { id, status: 'pending' }, data: { status, reviewNote: note, reviewedAt: now } })
  if (!approve) {
    await decided(decision, '该投稿已审核')
    return { id, ...statusOf(status), publishedId: null }
  }
  const cover = contribution.attachments.find(({ upload }) => upload.kind === 'image')?.upload
  const isActivity = contribution.kind === 'activity'
  // New content goes first in its list (highest sort), ahead of what the seed or editors ordered.
  const { _max } = isActivity
    ? await prisma.activity.aggregate({ _max: { sort: true } })
    : await prisma.viewpoint.aggregate({ _max: { sort: true } })
  const data = {
    slug: `contribution-${id}`,
    title: contribution.title,
    content: contribution.content,
    intro: cutText(stripMarkup(contribution.content), 100),
    cover: cover ? uploadUrl(cover.path) : '',
    contributionId: id,
    publishedAt: now,
    sort: (_max.sort ?? 0) + 1,
  }
  const create = isActivity ? prisma.activity.create({ data }) : prisma.viewpoint.create({ data })
  const [, published] = await decided(prisma.$transaction([decision, create]), '该投稿已审核')
  return { id, ...statusOf(status), publishedId: published.id }
}

const videoSelect = {
  id: true,
  title: true,
  intro: true,
  cover: true,
  videoUrl: true,
  status: true,
  reviewNote: true,
  reviewedAt: true,
  createdAt: true,
  teacher: { select: { id: true, name: true } },
  member: authorSelect,
} satisfies Prisma.TeacherVideoSelect

/** Member-uploaded videos only: the seed's own videos were never in the queue. */
export async function listVideosForReview({ status, ...page }: ReviewQueueInput) {
  const where = { status, memberId: { not: null } }
  const [total, rows] = await Promise.all([
    prisma.teacherVideo.count({ where }),
    prisma.teacherVideo.findMany({ where, select: videoSelect, orderBy: queueOrder(status), ...skipTake(page) }),
  ])
  const list = rows.map((row) => ({
    id: row.id,
    title: row.title,
    intro: row.intro,
    cover_img: row.cover,
    videoUrl: row.videoUrl,
    ...statusOf(row.status),
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    teacher: row.teacher,
    member: author(row.member),
  }))
  return toPage(list, total, page)
}

/** Approves (showing it on the teacher's page) or rejects a pending member video. */
export async function reviewVideo({ id, approve, note }: ReviewDecisionInput) {
  const video = await prisma.teacherVideo.findFirst({ where: { id, memberId: { not: null } }, select: { status: true, teacherId: true } })
  if (!video) throw new ApiError(Code.NOT_FOUND, '视频不存在')
  if (video.status !== 'pending') throw new ApiError(Code.BAD_PARAMS, '该视频已审核')
  const status = approve ? 'approved' : 'rejected'
  // An approved video goes first on its teacher's page.
  const sort = approve ? { sort: (await topVideoSort(video.teacherId)) + 1 } : {}
  await decided(
    prisma.teacherVideo.update({
      where: { id, status: 'pending' },
      data: { status, reviewNote: note, reviewedAt: new Date(clock.now()), ...sort },
    }),
    '该视频已审核',
  )
  return { id, ...statusOf(status) }
}

async function topVideoSort(teacherId: number) {
  const { _max } = await prisma.teacherVideo.aggregate({ where: { teacherId }, _max: { sort: true } })
  return _max.sort ?? 0
}

/** Waits for a decision's write; losing the race to another admin's decision reads as "already reviewed". */
async function decided<T>(write: Promise<T>, alreadyDone: string): Promise<T> {
  try {
    return await write
  } catch (error) {
    if ((error as { code?: string }).code === 'P2025') throw new ApiError(Code.BAD_PARAMS, alreadyDone)
    throw error
  }
}

/** Everything waiting for an editor: the badge of the review tab. */
export async function countPendingReviews() {
  const [contributions, videos] = await Promise.all([
    prisma.contribution.count({ where: { status: 'pending' } }),
    prisma.teacherVideo.count({ where: { status: 'pending', memberId: { not: null } } }),
  ])
  return contributions + videos
}
