import crypto from 'node:crypto'
import { sha256OfFile } from '../../lib/sha256'
import fs from 'node:fs/promises'
import path from 'node:path'
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { logger } from '../../lib/logger'
import { storage } from '../../lib/storage'
import { formatSize, KIND_TEXT, uploadLimits, type UploadIntake, type UploadKind } from '../../lib/uploads'
import { makeVariants, removeStoredFile, storeVariants } from './image-variants.service'
import { signedUploadUrl, uploadUrl } from './upload-access.service'
import { admitUpload } from './upload.budget'
import { dailyUploadQuota, DAY_MS, detectFileType, KIND_FORMATS, quotaMessage } from './upload.types'

// Other features judge a received file by its bytes through this module (Admin/import's zip).
export { detectFileType } from './upload.types'

/**
 * The `upload` of an action that takes files of `kinds` (lib/action.ts): the pipeline admits each
 * against the member's slots, the disk and the daily quota (upload.budget.ts) before reading it.
 */
export const acceptUploads = (kinds: readonly UploadKind[]): UploadIntake => ({ kinds, admit: (memberId) => admitUpload(memberId, kinds) })

/**
 * The client's file name is kept only as a label. A name carrying a path is refused outright:
 * browsers send bare names, so "../" means a crafted request.
 */
export function cleanOriginalName(name: string): string {
  if (/[/\\]/.test(name) || name.split('.').every((part) => part === '')) throw new ApiError(Code.BAD_PARAMS, '文件名不合法')
  // Control characters are exactly what this strips.
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim()
  return Array.from(cleaned).slice(-100).join('')
}

// Bidirectional controls (U+202A-U+202E, U+2066-U+2069) and other format characters make a name
// read differently than it is ("报告\u202Eexe.pdf" shows as "报告fdp.exe").
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu

/**
 * The name a stored file is offered under: the client's name without its extension (and without
 * characters that disguise it), then the extension of the type detected from the bytes. A file
 * sent as "课件.hta" that holds a PDF downloads as "课件.pdf".
 */
export function downloadName(originalName: string, storedPath: string): string {
  const ext = path.extname(storedPath).toLowerCase()
  const visible = originalName.replace(INVISIBLE, '').trim()
  const dot = visible.lastIndexOf('.')
  const stem = (dot > 0 ? visible.slice(0, dot) : visible).replace(/[.\s]+$/, '').trim()
  return `${Array.from(stem || '附件')
    .slice(0, 80)
    .join('')}${ext}`
}

function datedFolder(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`
}

export type StoreUploadInput = {
  tempPath: string
  originalName: string
  memberId: number
  allowed: UploadKind[]
  /** Staff uploads to the media library are public content from the start; member files wait for review. */
  isPublic?: boolean
  /** The file's SHA-256 when the caller has it already (the media library's de-duplication). */
  sha256?: string
}

/**
 * Turns a received temp file into a stored upload: type from the bytes, size limit of that type,
 * random name in a dated folder, then the Upload row and the quota check. If the row cannot be
 * written or the quota is past, the moved file and the row are removed again, so a failure never
 * leaves a file without a row (or a row without a file). The answer's `url` is the file's lasting
 * address (an avatar or a video names it); `previewUrl` shows the still private file to its owner.
 */
export async function storeUpload({ tempPath, originalName, memberId, allowed, isPublic = false, ...known }: StoreUploadInput) {
  const label = cleanOriginalName(originalName)
  const { size } = await fs.stat(tempPath)
  if (size === 0) throw new ApiError(Code.BAD_PARAMS, '文件内容为空')
  const type = await detectFileType(tempPath, size)
  if (!type || !allowed.includes(type.kind)) {
    const formats = allowed.map((kind) => `${KIND_TEXT[kind]}（${KIND_FORMATS[kind]}）`).join('、')
    throw new ApiError(Code.UNSUPPORTED, `不支持的文件类型，仅支持${formats}`)
  }
  if (size > uploadLimits[type.kind]) {
    throw new ApiError(Code.TOO_LARGE, `${KIND_TEXT[type.kind]}不能超过 ${formatSize(uploadLimits[type.kind])}`)
  }
  const sha256 = known.sha256 ?? (await sha256OfFile(tempPath))
  const relativePath = `${datedFolder()}/${crypto.randomBytes(16).toString('hex')}.${type.ext}`
  // The responsive copies are made from the temp file before it is moved (GIFs and documents get none).
  const variants = type.kind === 'image' ? await makeVariants(relativePath, tempPath) : null
  await storage().putFile(relativePath, tempPath, { contentType: type.mime })
  let uploadId: number | undefined
  try {
    await storeVariants(variants)
    const upload = await prisma.upload.create({
      data: {
        memberId,
        path: relativePath,
        kind: type.kind,
        mime: type.mime,
        size,
        sha256,
        originalName: label,
        isPublic,
        width: variants?.width ?? null,
        height: variants?.height ?? null,
      },
      select: { id: true },
    })
    uploadId = upload.id
    await assertWithinQuota(memberId, upload.id)
    return answerOf({
      id: upload.id,
      path: relativePath,
      kind: type.kind,
      mime: type.mime,
      size,
      originalName: label,
      width: variants?.width ?? null,
      height: variants?.height ?? null,
    })
  } catch (error) {
    // File first: a member file without its row is served to no one (upload-access.service.ts).
    await removeStoredFile(relativePath).catch((cause: unknown) => logger.warn({ err: cause }, 'could not remove upload'))
    if (uploadId !== undefined) await prisma.upload.deleteMany({ where: { id: uploadId } })
    throw error
  }
}

type StoredRow = {
  id: number
  path: string
  kind: string
  mime: string
  size: number | bigint
  originalName: string
  width: number | null
  height: number | null
}

/** What an upload action answers for a stored file. */
function answerOf(row: StoredRow) {
  return {
    id: row.id,
    url: uploadUrl(row.path),
    previewUrl: signedUploadUrl(row.path),
    kind: row.kind as UploadKind,
    mime: row.mime,
    size: Number(row.size),
    name: row.originalName,
    width: row.width,
    height: row.height,
  }
}

/** The answer `storeUpload` gave for upload `id`, again (a resumable upload's completion called twice). */
export async function storedUploadAnswer(id: number, memberId: number) {
  const row = await prisma.upload.findFirst({
    where: { id, memberId },
    select: { id: true, path: true, kind: true, mime: true, size: true, originalName: true, width: true, height: true },
  })
  if (!row) throw new ApiError(Code.NOT_FOUND, '文件不存在或已删除')
  return answerOf(row)
}

/**
 * The guard against parallel requests, checked by the database after the row is written: the
 * member's uploads of the last 24 hours up to and including this one (earlier rows have lower ids)
 * must fit the quota. Of uploads racing for the last room the first written wins and the others are
 * refused and removed, so the quota holds without a lock (the pipeline's budget refuses most
 * over-quota uploads before their body is read; this catches the rest).
 */
async function assertWithinQuota(memberId: number, uploadId: number) {
  const { _count, _sum } = await prisma.upload.aggregate({
    where: { memberId, id: { lte: uploadId }, createdAt: { gte: new Date(Date.now() - DAY_MS) } },
    _count: true,
    _sum: { size: true },
  })
  if (_count > dailyUploadQuota.files || Number(_sum.size ?? 0) > dailyUploadQuota.bytes)
    throw new ApiError(Code.RATE_LIMITED, quotaMessage())
}

/**
 * On account deletion: uploads that are not part of a kept contribution or teacher video are
 * personal leftovers (avatars, abandoned files) and go, file and row.
 */
export async function removeLooseUploads(memberId: number) {
  const videos = await prisma.teacherVideo.findMany({ where: { memberId }, select: { videoUrl: true, cover: true } })
  const kept = new Set(videos.flatMap((video) => [video.videoUrl, video.cover]))
  const uploads = await prisma.upload.findMany({ where: { memberId, attachments: { none: {} } }, select: { id: true, path: true } })
  const loose = uploads.filter((upload) => !kept.has(uploadUrl(upload.path)))
  if (!loose.length) return
  await prisma.upload.deleteMany({ where: { id: { in: loose.map((upload) => upload.id) } } })
  // A file whose removal fails is left without a row: served to no one (upload-access.service.ts).
  for (const upload of loose) {
    await removeStoredFile(upload.path).catch((error: unknown) => logger.warn({ err: error }, 'could not remove upload'))
  }
}
