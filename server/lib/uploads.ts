// What the request pipeline (http/body.ts, http/dispatch.ts) and the upload feature both know about
// an upload: its kinds and their size limits, where a multipart body is streamed to, and how an
// action admits one. The admission itself (slots, disk room, quota) is the feature's
// (features/upload/upload.budget.ts), handed to the pipeline by the action that takes the upload.
import path from 'node:path'
import { env } from '../env'

// `archive`: a zip of exported content, which only the admins' Admin/import takes.
export type UploadKind = 'image' | 'document' | 'video' | 'archive'

const MB = 1024 * 1024
// A video's limit is the resumable uploads' (RESUMABLE_UPLOAD_MAX_BYTES, 4 GB by default) however it
// arrives. Mutable so tests can exercise the video limit without sending gigabytes.
export const uploadLimits: Record<UploadKind, number> = {
  image: 5 * MB,
  document: 20 * MB,
  video: env.RESUMABLE_UPLOAD_MAX_BYTES,
  archive: 1024 * MB,
}

export const KIND_TEXT: Record<UploadKind, string> = { image: '图片', document: '文档', video: '视频', archive: '压缩包' }

/** 2GB, 1.5MB, 300KB; `round` is Math.floor where the figure is what is left, so it never promises too much. */
export function formatSize(bytes: number, round = Math.round): string {
  if (bytes >= 1024 * MB) return `${round((bytes / (1024 * MB)) * 10) / 10}GB`
  if (bytes >= MB) return `${round((bytes / MB) * 10) / 10}MB`
  return `${round(bytes / 1024)}KB`
}

/** Where videos' streaming copies live under the upload folder: hls/<asset id>/<random>/ (server/features/video). */
export const STREAM_ROOT = 'hls'
export const isStreamKey = (key: string) => key.startsWith(`${STREAM_ROOT}/`)
/** The VideoAsset a file under hls/ belongs to; null for any other key. */
export function streamAssetIdOf(key: string): number | null {
  const match = /^hls\/(\d+)\//.exec(key)
  return match ? Number(match[1]) : null
}

/**
 * Multipart parts land here first, on this machine's disk whatever the storage: a file is judged
 * by its bytes and size here and only then stored (with local storage, a rename moves it).
 */
export const uploadTempDir = () => path.join(env.UPLOAD_DIR, '.tmp')

export type UploadBudget = {
  /** The most the file may weigh: the largest kind limit, or less when the quota has less left. */
  maxBytes: number
  /** Set when the quota, not the kind limit, sets maxBytes: the 413 names it. */
  quotaBytesLeft?: number
}
export type UploadAdmission = { budget: UploadBudget; release: () => void }

/**
 * The `upload` of an action: the file kinds its `file` part may hold, and the admission the
 * pipeline asks for before reading a byte of the body (it refuses, or grants a budget and a slot
 * the pipeline releases when the request ends).
 */
export type UploadIntake = { kinds: readonly UploadKind[]; admit: (memberId: number) => Promise<UploadAdmission> }

/** The 413 for a file cut off at the budget's limit. */
export const overQuotaMessage = (bytesLeft: number) => `文件过大：24 小时内您还可上传 ${formatSize(bytesLeft, Math.floor)}`
