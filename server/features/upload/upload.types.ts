import fs from 'node:fs/promises'
import { env } from '../../env'
import { formatSize, uploadLimits, type UploadKind } from '../../lib/uploads'

export type DetectedType = { kind: UploadKind; ext: string; mime: string }

/**
 * Per member over any 24 hours: room for a teacher's lecture videos (two at the resumable limit) and a
 * contribution's files, not for filling the disk. UPLOAD_DAILY_BYTES sets the bytes; mutable for tests.
 */
export const dailyUploadQuota = { files: 100, bytes: env.UPLOAD_DAILY_BYTES }
export const DAY_MS = 24 * 60 * 60 * 1000

export const quotaMessage = () => `24 小时内最多上传 ${dailyUploadQuota.files} 个文件、共 ${formatSize(dailyUploadQuota.bytes)}，请稍后再试`

export const KIND_FORMATS: Record<UploadKind, string> = {
  image: 'jpg、png、webp、gif',
  document: 'pdf、doc、docx',
  video: 'mp4',
  archive: 'zip',
}

// Only these signatures are accepted; everything else (SVG, HTML, scripts, executables, other
// archives) has no entry and is refused. A zip is an `archive`, which member uploads do not allow.
const ACCEPTED: Record<string, DetectedType> = {
  jpg: { kind: 'image', ext: 'jpg', mime: 'image/jpeg' },
  png: { kind: 'image', ext: 'png', mime: 'image/png' },
  webp: { kind: 'image', ext: 'webp', mime: 'image/webp' },
  gif: { kind: 'image', ext: 'gif', mime: 'image/gif' },
  pdf: { kind: 'document', ext: 'pdf', mime: 'application/pdf' },
  docx: { kind: 'document', ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  mp4: { kind: 'video', ext: 'mp4', mime: 'video/mp4' },
  zip: { kind: 'archive', ext: 'zip', mime: 'application/zip' },
}
const DOC: DetectedType = { kind: 'document', ext: 'doc', mime: 'application/msword' }

// The directory entry every Word 97-2003 file has, as it is stored (UTF-16LE).
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le')

/**
 * The type of a file's first bytes (a resumable upload's first chunk), for the kinds a signature
 * alone decides; an OLE compound file (.doc) needs the whole file and is not recognised here.
 */
export async function detectBufferType(head: Uint8Array): Promise<DetectedType | null> {
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(head)
  return (detected && ACCEPTED[detected.ext]) ?? null
}

/**
 * The type of a stored file judged by its bytes alone. An OLE compound file counts as .doc only
 * when it holds a WordDocument stream, so .xls, .msi installers and the like stay out.
 */
export async function detectFileType(filePath: string, size: number): Promise<DetectedType | null> {
  // Loaded on the first upload, like sharp: it is not needed to start or to answer reads.
  const { fileTypeFromFile } = await import('file-type')
  const detected = await fileTypeFromFile(filePath)
  if (!detected) return null
  if (detected.ext === 'cfb') {
    if (size > uploadLimits.document) return DOC // oversized anyway; the size check answers
    const bytes = await fs.readFile(filePath)
    return bytes.includes(WORD_STREAM) ? DOC : null
  }
  return ACCEPTED[detected.ext] ?? null
}
