import { uploadWithProgress } from '../../../lib/api-client'
import type { UploadKind, UploadResult } from '../types'

// Mirrors server/features/upload/upload.types.ts so a wrong file is refused before it is sent.
const MB = 1024 * 1024
export const UPLOAD_RULES: Record<UploadKind, { maxSize: number; accept: string; formats: string; label: string }> = {
  image: { maxSize: 5 * MB, accept: 'image/jpeg,image/png,image/webp,image/gif', formats: 'jpg、png、webp、gif', label: '图片' },
  document: {
    maxSize: 20 * MB,
    accept: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    formats: 'pdf、doc、docx',
    label: '文档',
  },
}

/** The upload kind a file claims to be by its name, or null when neither is allowed. */
export function uploadKindOf(file: File): UploadKind | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? ''
  if (['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(ext)) return 'image'
  if (['pdf', 'doc', 'docx'].includes(ext)) return 'document'
  return null
}

/** The Chinese reason a file cannot be uploaded as `kinds`, or null when it may be sent. */
export function uploadProblem(file: File, kinds: UploadKind[]): string | null {
  const kind = uploadKindOf(file)
  if (!kind || !kinds.includes(kind)) return `不支持该文件格式，请上传 ${kinds.map((k) => UPLOAD_RULES[k].formats).join('、')} 格式的文件`
  if (file.size === 0) return '文件内容为空'
  if (file.size > UPLOAD_RULES[kind].maxSize) return `${UPLOAD_RULES[kind].label}不能超过 ${UPLOAD_RULES[kind].maxSize / MB}MB`
  return null
}

/** Member/uploads takes one multipart `file` (and an optional `kind`); answers {id, url, kind, name ...}. */
export function uploadFile(file: File, options: { kind?: UploadKind; onProgress?: (ratio: number) => void; signal?: AbortSignal } = {}) {
  const form = new FormData()
  if (options.kind) form.append('kind', options.kind)
  form.append('file', file)
  return uploadWithProgress<UploadResult>('/api/Member/uploads', form, options)
}
