import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { prisma } from '../../db'
import { env } from '../../env'
import { ApiError, Code } from '../../http/envelope'
import { logger } from '../../lib/logger'
import { serialized } from '../../lib/serialized'
import { dailyUploadQuota, detectFileType, KIND_FORMATS, KIND_TEXT, uploadLimits, type UploadKind } from './upload.types'

/** Multipart parts land here first; same file system as the final folders, so a rename moves them. */
export const uploadTempDir = () => path.join(env.UPLOAD_DIR, '.tmp')

export const uploadUrl = (relativePath: string) => `/uploads/${relativePath}`

const formatSize = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${Math.round((bytes / 1024 ** 3) * 10) / 10}GB` : `${Math.round((bytes / 1024 ** 2) * 10) / 10}MB`

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

async function sha256Of(filePath: string): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer)
  return hash.digest('hex')
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
}

/**
 * Turns a received temp file into a stored upload: type from the bytes, size limit of that type,
 * random name in a dated folder, then the Upload row. If the row cannot be written the moved file
 * is removed again, so a failure never leaves a file without a row (or a row without a file).
 */
export async function storeUpload({ tempPath, originalName, memberId, allowed }: StoreUploadInput) {
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
  const sha256 = await sha256Of(tempPath)
  // One member's uploads are checked and stored one at a time, so parallel requests cannot all
  // slip under the quota.
  return serialized(`upload:${memberId}`, async () => {
    await assertQuotaLeft(memberId, size)
    const relativePath = `${datedFolder()}/${crypto.randomBytes(16).toString('hex')}.${type.ext}`
    const finalPath = path.join(env.UPLOAD_DIR, relativePath)
    await fs.mkdir(path.dirname(finalPath), { recursive: true })
    await fs.rename(tempPath, finalPath)
    try {
      const upload = await prisma.upload.create({
        data: { memberId, path: relativePath, kind: type.kind, mime: type.mime, size, sha256, originalName: label },
        select: { id: true },
      })
      return { id: upload.id, url: uploadUrl(relativePath), kind: type.kind, mime: type.mime, size, name: label }
    } catch (error) {
      await fs.rm(finalPath, { force: true })
      throw error
    }
  })
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Refuses an upload that would take the member past the daily quota (files or bytes). */
async function assertQuotaLeft(memberId: number, size: number) {
  const { _count, _sum } = await prisma.upload.aggregate({
    where: { memberId, createdAt: { gte: new Date(Date.now() - DAY_MS) } },
    _count: true,
    _sum: { size: true },
  })
  if (_count + 1 > dailyUploadQuota.files || (_sum.size ?? 0) + size > dailyUploadQuota.bytes) {
    throw new ApiError(
      Code.RATE_LIMITED,
      `24 小时内最多上传 ${dailyUploadQuota.files} 个文件、共 ${formatSize(dailyUploadQuota.bytes)}，请稍后再试`,
    )
  }
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
  for (const upload of loose) {
    await fs
      .rm(path.join(env.UPLOAD_DIR, upload.path), { force: true })
      .catch((error) => logger.warn({ err: error }, 'could not remove upload'))
  }
}
