import { countOwnUploads, insertContribution } from '../../data/sql'
import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { skipTake, toPage, type PageInput } from '../../lib/pagination'
import { sanitizeRichTextAsync } from '../../lib/sanitize'
import { withLock } from '../../data/lease'
import { assertSubmissionRoom, CONTRIBUTION_LIMITS, SUBMISSION_WINDOW_MS } from '../../lib/submission-limits'
import { CONTRIBUTION_KIND_TEXT, labelOf, SUBMISSION_STATUS_TEXT } from '../../../common/rules'
import { alertStaff } from '../alert/alert.service'
import { screenText } from '../review/sensitive-screen.service'
import { downloadName } from '../upload/upload.service'
import { uploadUrl, viewUrl, withSignedFiles } from '../upload/upload-access.service'
import { clock } from '../../lib/clock'
import type { AddContributionInput } from './member.schemas'

// Sanitized HTML escapes "<" and ">" everywhere but in its own tags, so dropping the tags leaves
// its text: a linear check, where a second sanitize-html pass over big content costs seconds.
const hasText = (html: string) => /\S/.test(html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ''))

async function assertContributionRoom(memberId: number) {
  const since = new Date(clock.now() - SUBMISSION_WINDOW_MS)
  const [pending, today] = await Promise.all([
    prisma.contribution.count({ where: { memberId, status: 'pending' } }),
    prisma.contribution.count({ where: { memberId, createdAt: { gte: since } } }),
  ])
  assertSubmissionRoom({ pending, today }, CONTRIBUTION_LIMITS)
}

export async function addContribution(memberId: number, { title, kind, content, attachmentIds }: AddContributionInput) {
  // Checked first so a member at the cap costs no sanitizing, and again under the lock below.
  await assertContributionRoom(memberId)
  // Off the event loop when big (server/lib/sanitize.ts): 200,000 characters can take a second.
  const clean = (await sanitizeRichTextAsync(content)).trim()
  // Content may be pictures only, but not empty once the allow-list has done its work.
  if (!hasText(clean) && !/<(img|video)\b/i.test(clean)) throw new ApiError(Code.BAD_PARAMS, '请输入投稿内容')
  // The admins' sensitive words: a `block` word refuses the contribution, a `mask` word is stored as ＊.
  const screened = await screenText(
    { title: { text: title }, content: { text: clean, isHtml: true } },
    { source: 'contribution', memberId, subject: '内容' },
  )
  if (attachmentIds.length && (await countOwnUploads(memberId, attachmentIds)) !== attachmentIds.length) {
    throw new ApiError(Code.BAD_PARAMS, '附件不存在或不属于您，请重新上传')
  }
  // One member's check-then-insert runs one at a time under a database lock, so parallel requests
  // (in any number of processes) cannot pass the caps together.
  const contribution = await withLock(`contribution:${memberId}`, async () => {
    await assertContributionRoom(memberId)
    // Raw (server/data/sql/): Prisma's nested create cost ~0.9 ms of CPU per contribution.
    return insertContribution({
      memberId,
      kind,
      title: screened.title,
      content: screened.content,
      createdAt: new Date(clock.now()),
      attachmentIds,
    })
  })
  // The review group's chat hears of it; a robot that cannot be reached never fails the contribution.
  await alertStaff({
    kind: 'contribution',
    title: `${labelOf(CONTRIBUTION_KIND_TEXT, kind)}《${screened.title}》`,
    link: '/admin/review/contribution',
  })
  return { id: contribution.id, status: contribution.status, statusText: labelOf(SUBMISSION_STATUS_TEXT, contribution.status) }
}

const summarySelect = {
  id: true,
  kind: true,
  title: true,
  status: true,
  reviewNote: true,
  reviewedAt: true,
  createdAt: true,
} satisfies Prisma.ContributionSelect

function toSummary(row: Prisma.ContributionGetPayload<{ select: typeof summarySelect }>) {
  return {
    id: row.id,
    kind: row.kind,
    kindText: labelOf(CONTRIBUTION_KIND_TEXT, row.kind),
    title: row.title,
    status: row.status,
    statusText: labelOf(SUBMISSION_STATUS_TEXT, row.status),
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listMyContributions(memberId: number, page: PageInput) {
  const where = { memberId }
  const [total, rows] = await Promise.all([
    prisma.contribution.count({ where }),
    prisma.contribution.findMany({ where, select: summarySelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake(page) }),
  ])
  return toPage(rows.map(toSummary), total, page)
}

/** One of the member's own contributions; someone else's answers exactly like a missing one. */
export async function getMyContribution(memberId: number, id: number) {
  const row = await prisma.contribution.findFirst({
    where: { id, memberId },
    select: {
      ...summarySelect,
      content: true,
      attachments: {
        select: { upload: { select: { id: true, path: true, kind: true, mime: true, size: true, originalName: true, isPublic: true } } },
      },
      viewpoint: { select: { id: true, isPublished: true } },
      activity: { select: { id: true, isPublished: true } },
    },
  })
  if (!row) throw new ApiError(Code.NOT_FOUND, '投稿不存在')
  const published = row.viewpoint ?? row.activity
  // Until approval its files are private: the member sees them through signed URLs.
  return {
    ...toSummary(row),
    content: row.status === 'approved' ? row.content : await withSignedFiles(row.content, memberId),
    attachments: row.attachments.map(({ upload }) => ({
      id: upload.id,
      url: viewUrl(uploadUrl(upload.path), !upload.isPublic),
      kind: upload.kind,
      mime: upload.mime,
      size: Number(upload.size),
      name: downloadName(upload.originalName, upload.path),
    })),
    publishedId: published?.isPublished ? published.id : null,
  }
}

/** A member's approved contributions that are public now: what 我的发布 lists and counts. */
const releasedBy = (memberId: number): Prisma.ContributionWhereInput => ({
  memberId,
  status: 'approved',
  OR: [{ viewpoint: { isPublished: true } }, { activity: { isPublished: true } }],
})

export const countMyReleases = (memberId: number) => prisma.contribution.count({ where: releasedBy(memberId) })

/** What of the member's contributions is published now, as the Viewpoint or Activity it became. */
export async function listMyReleases(memberId: number, page: PageInput) {
  const where = releasedBy(memberId)
  const published = { select: { id: true, title: true, cover: true, intro: true, views: true, publishedAt: true } }
  const [total, rows] = await Promise.all([
    prisma.contribution.count({ where }),
    prisma.contribution.findMany({
      where,
      select: { id: true, kind: true, viewpoint: published, activity: published },
      orderBy: [{ reviewedAt: 'desc' }, { id: 'desc' }],
      ...skipTake(page),
    }),
  ])
  const list = rows.flatMap((row) => {
    const item = row.viewpoint ?? row.activity
    if (!item) return []
    return [
      {
        id: item.id,
        kind: row.kind,
        kindText: labelOf(CONTRIBUTION_KIND_TEXT, row.kind),
        title: item.title,
        cover_img: item.cover,
        intro: item.intro,
        views: item.views,
        contributionId: row.id,
        publishedAt: item.publishedAt.toISOString(),
      },
    ]
  })
  return toPage(list, total, page)
}
