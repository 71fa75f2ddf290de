import { DEFAULT_RESUMABLE_MAX_BYTES } from '../../../../../common/resumable-upload'
import { uploadWithProgress } from '../../../lib/api-client'
import type { UploadKind, UploadResult } from '../types'

/** Video is accepted only for a teacher's page: by tus (api/resumable-upload.ts) or Teacher/upload. */
export type FileKind = UploadKind | 'video'

// Mirrors server/lib/uploads.ts (limits) and server/features/upload/upload.types.ts (formats) so a
// wrong file is refused before it is sent. Videos go by tus, whose limit each server may set: the
// default is checked here and the server refuses a larger one when the upload is created.
const MB = 1024 * 1024
const GB = 1024 * MB
export const UPLOAD_RULES: Record<FileKind, { maxSize: number; accept: string; formats: string; label: string }> = {
  image: { maxSize: 5 * MB, accept: 'image/jpeg,image/png,image/webp,image/gif', formats: 'jpg、png、webp、gif', label: '图片' },
  document: {
    maxSize: 20 * MB,
    accept: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    formats: 'pdf、doc、docx',
    label: '文档',
  },
  video: { maxSize: DEFAULT_RESUMABLE_MAX_BYTES, accept: 'video/mp4,.mp4', formats: 'mp4', label: '视频' },
}

/** "5MB", "4GB": a size limit as the hints and refusals say it. */
export const sizeLimitText = (bytes: number) => (bytes >= GB && bytes % GB === 0 ? `${bytes / GB}GB` : `${bytes / MB}MB`)

/** The upload kind a file claims to be by its name, or null when none is allowed. */
export function uploadKindOf(file: File): FileKind | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? ''
  if (['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(ext)) return 'image'
  if (['pdf', 'doc', 'docx'].includes(ext)) return 'document'
  // The server judges the bytes; here the name, and the type when the browser reports one, must say mp4.
  if (ext === 'mp4' && (!file.type || file.type === 'video/mp4')) return 'video'
  return null
}

/** The Chinese reason a file cannot be uploaded as `kinds`, or null when it may be sent. */
export function uploadProblem(file: File, kinds: FileKind[]): string | null {
  const kind = uploadKindOf(file)
  if (!kind || !kinds.includes(kind)) return `不支持该文件格式，请上传 ${kinds.map((k) => UPLOAD_RULES[k].formats).join('、')} 格式的文件`
  if (file.size === 0) return '文件内容为空'
  if (file.size > UPLOAD_RULES[kind].maxSize) return `${UPLOAD_RULES[kind].label}不能超过 ${sizeLimitText(UPLOAD_RULES[kind].maxSize)}`
  return null
}

export type UploadOptions = {
  kind?: FileKind
  /** The upload action: Member/uploads (images, documents) unless given, e.g. Teacher/upload for mp4. */
  path?: string
  onProgress?: (ratio: number) => void
  signal?: AbortSignal
  silent?: boolean
}

/** An upload action takes one multipart `file` (and an optional `kind`); answers {id, url, kind, name ...}. */
export function uploadFile(file: File, { path = '/api/Member/uploads', ...options }: UploadOptions = {}) {
  const form = new FormData()
  if (options.kind) form.append('kind', options.kind)
  form.append('file', file)
  return uploadWithProgress<UploadResult>(path, form, options)
}
