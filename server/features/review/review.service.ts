// The editors' side of member submissions: contributions (投稿) and teacher videos wait as
// `pending` until an admin or editor approves or rejects them. Approval publishes: a contribution
// becomes a Viewpoint or Activity linked back to it, a video appears on its teacher's page. What was
// published can be taken down again (`withdrawn`), with a reason the member reads. The console's
// Admin actions and the user centre's review tab both call these functions.
import { prisma, type Prisma, type Tx } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { skipTake, toPage, type PageInput } from '../../lib/pagination'
import { cutText, stripMarkupAsync } from '../../lib/sanitize'
import { CONTRIBUTION_KIND_TEXT, labelOf, REVIEW_STATUS_TEXT } from '../../../common/rules'
import { clock } from '../../lib/clock'
import { recordAudit } from '../audit/audit.service'
import { streamsOfUrls } from '../video/video-assets.service'
import type { VideoStream } from '../../../common/video'
import { downloadName } from '../upload/upload.service'
import { publishUploads, referencedUploadPaths, uploadPathOf, uploadUrl, viewUrl, withSignedFiles } from '../upload/upload-access.service'
import { tellMember } from '../notification/notification.service'
import { recordFirstPublication } from '../notification/fanout.service'
import type { AdminReviewQueueInput, ReviewDecisionInput, ReviewQueueInput, ReviewStatus, TakedownInput } from './review.schemas'

/** Cache tag of the review queues and pending counts: a new submission refreshes them without touching public pages. */
export const REVIEW_TAG = 'review-queue'

/** 我的投稿 (user-centre tab 6), where a member reads a decision on what they sent. */
const MY_CONTRIBUTIONS = '/user?tab=6'

/** Who decides, for the reviewer columns and the audit log: the staff member, their address and the action called. */
export type Reviewer = { staffId: number; ip: string; action: string }

// The editors' words; members read 未通过 for a rejection (common/rules).
const statusOf = (status: string) => ({ status, statusText: labelOf(REVIEW_STATUS_TEXT, status) })
const authorSelect = { select: { nickname: true, memberNo: true, deletedAt: true } } as const
type AuthorRow = { nickname: string; memberNo: string; deletedAt: Date | null } | null
// A deleted account's name is gone (the content stays): same rule as public pages.
const author = (member: AuthorRow) => (member && !member.deletedAt ? { nickname: member.nickname, member_no: member.memberNo } : null)

/** The reviewers named by `ids`, by id: one query for a page of decisions. */
async function reviewersById(ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (!wanted.length) return new Map<number, { id: number; nickname: string }>()
  const rows = await prisma.member.findMany({ where: { id: { in: wanted } }, select: { id: true, nickname: true } })
  return new Map(rows.map((row) => [row.id, row]))
}

// The queue is worked oldest first; decisions are browsed newest first.
const queueOrder = (status: ReviewStatus) =>
  status === 'pending'
    ? [{ createdAt: 'asc' as const }, { id: 'asc' as const }]
    : [{ reviewedAt: 'desc' as const }, { id: 'desc' as const }]

const contributionSelect = {
  id: true,
  kind: true,
  title: true,
  status: true,
  reviewNote: true,
  reviewedAt: true,
  reviewerId: true,
  createdAt: true,
  memberId: true,
  member: authorSelect,
  attachments: { select: { upload: { select: { id: true, path: true, kind: true, size: true, originalName: true, isPublic: true } } } },
  viewpoint: { select: { id: true } },
  activity: { select: { id: true } },
} satisfies Prisma.ContributionSelect
type ContributionRow = Prisma.ContributionGetPayload<{ select: typeof contributionSelect }>

function toContributionItem(row: ContributionRow, reviewers: Map<number, { id: number; nickname: string }>) {
  return {
    id: row.id,
    kind: row.kind,
    kindText: labelOf(CONTRIBUTION_KIND_TEXT, row.kind),
    title: row.title,
    ...statusOf(row.status),
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewer: row.reviewerId === null ? null : (reviewers.get(row.reviewerId) ?? null),
    member: author(row.member),
    attachments: row.attachments.map(({ upload }) => ({
      id: upload.id,
      url: viewUrl(uploadUrl(upload.path), !upload.isPublic),
      kind: upload.kind,
      name: downloadName(upload.originalName, upload.path),
      size: Number(upload.size),
    })),
    publishedId: (row.viewpoint ?? row.activity)?.id ?? null,
  }
}

/** Its content for staff: sanitized when written; files of what is not approved are shown through signed URLs. */
const reviewContent = (row: { status: string; content: string; memberId: number }) =>
  row.status === 'approved' ? row.content : withSignedFiles(row.content, row.memberId)

/** The user centre's queue: each item with its full content, shown inline there. */
export async function listContributionsForReview({ status, ...page }: ReviewQueueInput) {
  const where = { status }
  const [total, rows] = await Promise.all([
    prisma.contribution.count({ where }),
    prisma.contribution.findMany({
      where,
      select: { ...contributionSelect, content: true },
      orderBy: queueOrder(status),
      ...skipTake(page),
    }),
  ])
  const reviewers = await reviewersById(rows.map((row) => row.reviewerId))
  const list = await Promise.all(rows.map(async (row) => ({ ...toContributionItem(row, reviewers), content: await reviewContent(row) })))
  return toPage(list, total, page)
}

/** The console's queue: filtered by title and kind, without the content (contributionGet has it). */
export async function listContributionsForConsole({ status, keyword, kind, page, limit }: AdminReviewQueueInput) {
  const where: Prisma.ContributionWhereInput = { status, kind, title: keyword ? { contains: keyword } : undefined }
  const [total, rows] = await Promise.all([
    prisma.contribution.count({ where }),
    prisma.contribution.findMany({ where, select: contributionSelect, orderBy: queueOrder(status), ...skipTake({ page, limit }) }),
  ])
  const reviewers = await reviewersById(rows.map((row) => row.reviewerId))
  return toPage(
    rows.map((row) => toContributionItem(row, reviewers)),
    total,
    { page, limit },
  )
}

/** One contribution as staff see it, whatever its state. */
export async function getContributionForReview(id: number) {
  const row = await prisma.contribution.findUnique({ where: { id }, select: { ...contributionSelect, content: true } })
  if (!row) throw new ApiError(Code.NOT_FOUND, '投稿不存在')
  const reviewers = await reviewersById([row.reviewerId])
  return { ...toContributionItem(row, reviewers), memberId: row.memberId, content: await reviewContent(row) }
}

/** Approves (publishing it) or rejects a pending contribution; a decision is final. */
export async function reviewContribution({ id, approve, note }: ReviewDecisionInput, reviewer: Reviewer) {
  const contribution = await prisma.contribution.findUnique({
    where: { id },
    include: { attachments: { include: { upload: true } } },
  })
  if (!contribution) throw new ApiError(Code.NOT_FOUND, '投稿不存在')
  if (contribution.status !== 'pending') throw new ApiError(Code.BAD_PARAMS, '该投稿已审核')
  const now = new Date(clock.now())
  const status = approve ? 'approved' : 'rejected'
  const decision = { status, reviewNote: note, reviewedAt: now, reviewerId: reviewer.staffId }
  const audit = (tx: Tx, publishedId: number | null) =>
    recordAudit(
      {
        staffId: reviewer.staffId,
        action: reviewer.action,
        entity: 'contribution',
        entityId: id,
        summary: `${approve ? '通过' : '驳回'}投稿「${contribution.title}」${note ? `：${note}` : ''}`,
        before: { status: contribution.status },
        after: { ...decision, publishedId },
        ip: reviewer.ip,
      },
      tx,
    )
  // `status: 'pending'` in the where makes a second, concurrent decision fail instead of overwrite.
  // It is the transaction's first write, so losing that race costs nothing else.
  const decide = (tx: Tx) => tx.contribution.update({ where: { id, status: 'pending' }, data: decision })
  if (!approve) {
    await decided(
      prisma.$transaction(async (tx) => {
        await decide(tx)
        await audit(tx, null)
      }),
      '该投稿已审核',
    )
    await tellMember(contribution.memberId, {
      kind: 'review',
      title: `您的投稿「${contribution.title}」未通过审核`,
      body: note ? `原因：${note}` : '',
      link: MY_CONTRIBUTIONS,
    })
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
    // Off the event loop when big: a contribution may hold 200,000 characters.
    intro: cutText(await stripMarkupAsync(contribution.content), 100),
    cover: cover ? uploadUrl(cover.path) : '',
    contributionId: id,
    publishedAt: now,
    sort: (_max.sort ?? 0) + 1,
  }
  const published = await decided(
    prisma.$transaction(async (tx) => {
      await decide(tx)
      const row = isActivity ? await tx.activity.create({ data }) : await tx.viewpoint.create({ data })
      // Published with it: its files' plain URLs work for everyone from now on.
      await publishUploads(contribution.memberId, {
        ids: contribution.attachments.map(({ upload }) => upload.id),
        urls: referencedUploadPaths(contribution.content).map(uploadUrl),
        db: tx,
      })
      await audit(tx, row.id)
      return row
    }),
    '该投稿已审核',
  )
  await tellMember(contribution.memberId, {
    kind: 'review',
    title: `您的投稿「${contribution.title}」已通过审核并发布`,
    body: note,
    link: `${isActivity ? '/schooling/detail' : '/article/detail'}/${published.id}`,
  })
  return { id, ...statusOf(status), publishedId: published.id }
}

/**
 * Takes an approved contribution down: its Viewpoint or Activity is unpublished, its files become
 * private again (unless other published content of the member uses them), and the member reads
 * 已下架 with the reason in 我的投稿.
 */
export async function takedownContribution({ id, reason }: TakedownInput, reviewer: Reviewer) {
  const row = await prisma.contribution.findUnique({
    where: { id },
    select: {
      title: true,
      status: true,
      memberId: true,
      content: true,
      reviewNote: true,
      reviewerId: true,
      attachments: { select: { uploadId: true } },
      viewpoint: { select: { id: true } },
      activity: { select: { id: true } },
    },
  })
  if (!row) throw new ApiError(Code.NOT_FOUND, '投稿不存在')
  if (row.status !== 'approved') throw new ApiError(Code.BAD_PARAMS, '只能下架已通过的投稿')
  const change = { status: 'withdrawn', reviewNote: reason, reviewedAt: new Date(clock.now()), reviewerId: reviewer.staffId }
  const keep = await filesStillPublished(row.memberId, { contributionId: id })
  await decided(
    prisma.$transaction(async (tx) => {
      await tx.contribution.update({ where: { id, status: 'approved' }, data: change })
      if (row.viewpoint) await tx.viewpoint.update({ where: { id: row.viewpoint.id }, data: { isPublished: false } })
      if (row.activity) await tx.activity.update({ where: { id: row.activity.id }, data: { isPublished: false } })
      await withdrawUploads(tx, row.memberId, {
        ids: row.attachments.map((attachment) => attachment.uploadId),
        paths: referencedUploadPaths(row.content),
        keep,
      })
      await recordAudit(
        {
          staffId: reviewer.staffId,
          action: reviewer.action,
          entity: 'contribution',
          entityId: id,
          summary: `下架投稿「${row.title}」：${reason}`,
          before: {
            status: row.status,
            reviewNote: row.reviewNote,
            reviewerId: row.reviewerId,
            publishedId: (row.viewpoint ?? row.activity)?.id,
          },
          after: change,
          ip: reviewer.ip,
        },
        tx,
      )
    }),
    '该投稿已下架',
  )
  await tellMember(row.memberId, {
    kind: 'review',
    title: `您的投稿「${row.title}」已被下架`,
    body: `原因：${reason}`,
    link: MY_CONTRIBUTIONS,
  })
  return { id, ...statusOf('withdrawn'), reviewNote: reason }
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
  reviewerId: true,
  createdAt: true,
  teacher: { select: { id: true, name: true } },
  member: authorSelect,
} satisfies Prisma.TeacherVideoSelect
type VideoRow = Prisma.TeacherVideoGetPayload<{ select: typeof videoSelect }>

function toVideoItem(row: VideoRow, reviewers: Map<number, { id: number; nickname: string }>, stream: VideoStream | null) {
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    // Files of what is not approved are private: the editor sees them through signed URLs.
    cover_img: viewUrl(row.cover, row.status !== 'approved'),
    videoUrl: viewUrl(row.videoUrl, row.status !== 'approved'),
    // The streaming copy the editor plays (signed while the video is private), as the public page will.
    stream,
    ...statusOf(row.status),
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewer: row.reviewerId === null ? null : (reviewers.get(row.reviewerId) ?? null),
    teacher: row.teacher,
    member: author(row.member),
  }
}

/** Member-uploaded videos only: the seed's own videos were never in the queue. */
async function listVideos(where: Prisma.TeacherVideoWhereInput, status: ReviewStatus, page: PageInput) {
  const scoped = { ...where, status, memberId: { not: null } }
  const [total, rows] = await Promise.all([
    prisma.teacherVideo.count({ where: scoped }),
    prisma.teacherVideo.findMany({ where: scoped, select: videoSelect, orderBy: queueOrder(status), ...skipTake(page) }),
  ])
  const [reviewers, streams] = await Promise.all([
    reviewersById(rows.map((row) => row.reviewerId)),
    streamsOfUrls(
      rows.map((row) => row.videoUrl),
      rows.map((row) => row.status !== 'approved'),
    ),
  ])
  return toPage(
    rows.map((row, i) => toVideoItem(row, reviewers, streams[i])),
    total,
    page,
  )
}

export const listVideosForReview = ({ status, ...page }: ReviewQueueInput) => listVideos({}, status, page)

export const listVideosForConsole = ({ status, keyword, page, limit }: AdminReviewQueueInput) =>
  listVideos(keyword ? { title: { contains: keyword } } : {}, status, { page, limit })

/** One member video as staff see it, whatever its state. */
export async function getVideoForReview(id: number) {
  const row = await prisma.teacherVideo.findFirst({ where: { id, memberId: { not: null } }, select: videoSelect })
  if (!row) throw new ApiError(Code.NOT_FOUND, '视频不存在')
  const [reviewers, [stream]] = await Promise.all([
    reviewersById([row.reviewerId]),
    streamsOfUrls([row.videoUrl], [row.status !== 'approved']),
  ])
  return toVideoItem(row, reviewers, stream)
}

/** Approves (showing it on the teacher's page) or rejects a pending member video. */
export async function reviewVideo({ id, approve, note }: ReviewDecisionInput, reviewer: Reviewer) {
  const video = await prisma.teacherVideo.findFirst({
    where: { id, memberId: { not: null } },
    select: { title: true, status: true, teacherId: true, memberId: true, videoUrl: true, cover: true },
  })
  if (!video) throw new ApiError(Code.NOT_FOUND, '视频不存在')
  if (video.status !== 'pending') throw new ApiError(Code.BAD_PARAMS, '该视频已审核')
  const status = approve ? 'approved' : 'rejected'
  // An approved video goes first on its teacher's page.
  const sort = approve ? { sort: (await topVideoSort(video.teacherId)) + 1 } : {}
  const decision = { status, reviewNote: note, reviewedAt: new Date(clock.now()), reviewerId: reviewer.staffId }
  await decided(
    prisma.$transaction(async (tx) => {
      await tx.teacherVideo.update({ where: { id, status: 'pending' }, data: { ...decision, ...sort } })
      // An approved video and its cover become public files with it, and the teacher's followers hear of it.
      if (approve) await publishUploads(video.memberId!, { urls: [video.videoUrl, video.cover], db: tx })
      if (approve) await recordFirstPublication(tx, 'teacherVideo', id)
      await recordAudit(
        {
          staffId: reviewer.staffId,
          action: reviewer.action,
          entity: 'video',
          entityId: id,
          summary: `${approve ? '通过' : '驳回'}视频「${video.title}」${note ? `：${note}` : ''}`,
          before: { status: video.status },
          after: decision,
          ip: reviewer.ip,
        },
        tx,
      )
    }),
    '该视频已审核',
  )
  await tellMember(
    video.memberId,
    approve
      ? { kind: 'video', title: `您上传的视频「${video.title}」已通过审核`, body: note, link: `/teacher/video/${id}` }
      : { kind: 'video', title: `您上传的视频「${video.title}」未通过审核`, body: note ? `原因：${note}` : '', link: MY_CONTRIBUTIONS },
  )
  return { id, ...statusOf(status) }
}

/** Takes an approved member video off its teacher's page; the member reads the reason. */
export async function takedownVideo({ id, reason }: TakedownInput, reviewer: Reviewer) {
  const video = await prisma.teacherVideo.findFirst({
    where: { id, memberId: { not: null } },
    select: { title: true, status: true, memberId: true, videoUrl: true, cover: true, reviewNote: true, reviewerId: true },
  })
  if (!video) throw new ApiError(Code.NOT_FOUND, '视频不存在')
  if (video.status !== 'approved') throw new ApiError(Code.BAD_PARAMS, '只能下架已通过的视频')
  const memberId = video.memberId!
  const change = { status: 'withdrawn', reviewNote: reason, reviewedAt: new Date(clock.now()), reviewerId: reviewer.staffId }
  const keep = await filesStillPublished(memberId, { videoId: id })
  await decided(
    prisma.$transaction(async (tx) => {
      await tx.teacherVideo.update({ where: { id, status: 'approved' }, data: change })
      const paths = [video.videoUrl, video.cover].flatMap((url) => uploadPathOf(url) ?? [])
      await withdrawUploads(tx, memberId, { ids: [], paths, keep })
      await recordAudit(
        {
          staffId: reviewer.staffId,
          action: reviewer.action,
          entity: 'video',
          entityId: id,
          summary: `下架视频「${video.title}」：${reason}`,
          before: { status: video.status, reviewNote: video.reviewNote, reviewerId: video.reviewerId },
          after: change,
          ip: reviewer.ip,
        },
        tx,
      )
    }),
    '该视频已下架',
  )
  await tellMember(memberId, {
    kind: 'video',
    title: `您上传的视频「${video.title}」已被下架`,
    body: `原因：${reason}`,
    link: MY_CONTRIBUTIONS,
  })
  return { id, ...statusOf('withdrawn'), reviewNote: reason }
}

/** Paths of the member's files that other published content (approved contributions and videos) still shows. */
async function filesStillPublished(memberId: number, except: { contributionId?: number; videoId?: number }) {
  const [contributions, videos] = await Promise.all([
    prisma.contribution.findMany({
      where: { memberId, status: 'approved', ...(except.contributionId ? { id: { not: except.contributionId } } : {}) },
      select: { content: true, attachments: { select: { upload: { select: { path: true } } } } },
    }),
    prisma.teacherVideo.findMany({
      where: { memberId, status: 'approved', ...(except.videoId ? { id: { not: except.videoId } } : {}) },
      select: { videoUrl: true, cover: true },
    }),
  ])
  return new Set([
    ...contributions.flatMap((row) => [...referencedUploadPaths(row.content), ...row.attachments.map(({ upload }) => upload.path)]),
    ...videos.flatMap((video) => [video.videoUrl, video.cover].flatMap((url) => uploadPathOf(url) ?? [])),
  ])
}

/** The reverse of publishUploads: the member's files of withdrawn content are private again. */
function withdrawUploads(tx: Tx, memberId: number, { ids, paths, keep }: { ids: number[]; paths: string[]; keep: Set<string> }) {
  return tx.upload.updateMany({
    where: { memberId, OR: [{ id: { in: ids } }, { path: { in: paths } }], path: { notIn: [...keep] } },
    data: { isPublic: false },
  })
}

async function topVideoSort(teacherId: number) {
  const { _max } = await prisma.teacherVideo.aggregate({ where: { teacherId }, _max: { sort: true } })
  return _max.sort ?? 0
}

/** Waits for a decision's write; losing the race to another staff member's decision reads as "already done". */
async function decided<T>(write: Promise<T>, alreadyDone: string): Promise<T> {
  try {
    return await write
  } catch (error) {
    if ((error as { code?: string }).code === 'P2025') throw new ApiError(Code.BAD_PARAMS, alreadyDone)
    throw error
  }
}

/** What waits for an editor: contributions and member videos. */
export async function pendingReviewCounts() {
  const [contributions, videos] = await Promise.all([
    prisma.contribution.count({ where: { status: 'pending' } }),
    prisma.teacherVideo.count({ where: { status: 'pending', memberId: { not: null } } }),
  ])
  return { contributions, videos }
}

/** Everything waiting for an editor: the badge of the review tab. */
export async function countPendingReviews() {
  const { contributions, videos } = await pendingReviewCounts()
  return contributions + videos
}
