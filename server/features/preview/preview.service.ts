// Preview links: staff share the public page of an unpublished item (draft, scheduled, offline) with
// a colleague. The link is the item's public page plus `?preview=<token>`, the token signed for that
// item alone and expiring (server/lib/preview-grant.ts); the server render and the detail actions
// honour it (docs/DECISIONS.md, "Preview links").
import { contentTypes } from '../../../common/content-types/registry'
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { PREVIEW_TTL_MS, publicPageOf, signPreview } from '../../lib/preview-grant'
import { draftOf } from '../lifecycle/content-state.service'
import type { PreviewLinkInput } from './preview.schemas'

/**
 * The types whose detail action honours a grant (`detailOptions` in their actions), each with the
 * read that tells whether the id names a row. A type with a public page but not listed here has no
 * unpublished state a page could show (teacher videos go through review instead).
 */
const previewable: Record<string, (id: number) => Promise<{ id: number } | null>> = {
  teacher: (id) => prisma.teacher.findUnique({ where: { id }, select: { id: true } }),
  course: (id) => prisma.course.findUnique({ where: { id }, select: { id: true } }),
  special: (id) => prisma.special.findUnique({ where: { id }, select: { id: true } }),
  notice: (id) => prisma.courseNotice.findUnique({ where: { id }, select: { id: true } }),
  activity: (id) => prisma.activity.findUnique({ where: { id }, select: { id: true } }),
  viewpoint: (id) => prisma.viewpoint.findUnique({ where: { id }, select: { id: true } }),
  question: (id) => prisma.question.findUnique({ where: { id }, select: { id: true } }),
}

/** The words previewLink accepts, for its docs and tests. */
export const previewableWords = Object.keys(previewable)

export async function createPreviewLink({ entity, id, draft }: PreviewLinkInput, now = Date.now()) {
  const type = contentTypes.find((declared) => declared.word === entity)
  if (!type) throw new ApiError(Code.BAD_PARAMS, `未知的内容类型 ${entity}`)
  const page = publicPageOf(entity, id)
  const find = previewable[entity]
  if (!page || !find) throw new ApiError(Code.BAD_PARAMS, `${type.label}没有公开页面，无法预览`)
  if (!(await find(id))) throw new ApiError(Code.NOT_FOUND, `${type.label}不存在`)
  if (draft && !(await draftOf(entity, id))) throw new ApiError(Code.NOT_FOUND, `该${type.label}没有待发布的草稿`)
  const expiresAt = new Date(now + PREVIEW_TTL_MS)
  return { url: `${page}?preview=${signPreview(entity, id, expiresAt, draft)}`, expiresAt }
}
