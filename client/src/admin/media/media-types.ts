// Admin/mediaList rows and the upload rules the console checks before sending a file.
import { DEFAULT_RESUMABLE_MAX_BYTES } from '../../../../common/resumable-upload'
import { sizeLimitText } from '../../features/upload/api/upload-file'
export type MediaKind = 'image' | 'document' | 'video'

export type MediaUse = { entity: string; id: number | string; label: string }

// Console pages outside the content types' own (/admin/<type>?edit=<id>) that name files.
const USE_PAGES: Record<string, (id: number | string) => string> = {
  config: () => '/admin/system/config',
  contribution: () => '/admin/review/contribution',
  video: (id) => `/admin/teacher-video?edit=${id}`,
  member: () => '/admin/member',
}

/** Where the console shows the record that uses a file. */
export const mediaUseLink = (use: MediaUse) =>
  USE_PAGES[use.entity]?.(use.id) ??
  `/admin/${use.entity.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}?edit=${encodeURIComponent(String(use.id))}`

/** A folder of the library and how many files it holds. */
export type MediaFolder = { name: string; count: number }

export type MediaItem = {
  id: number
  url: string
  kind: MediaKind
  name: string
  size: number
  mime?: string
  createdAt: string
  /** What public pages put in `alt` where they show the file. */
  alt?: string
  folder?: string
  /** Where the file is referenced; a used file cannot be deleted. */
  usedBy?: MediaUse[]
  /** On upload: the library already held these bytes, and this is that file. */
  isExisting?: boolean
}

export const MEDIA_KIND_LABELS: Record<MediaKind, string> = { image: '图片', document: '文档', video: '视频' }

const MB = 1024 * 1024
export const MEDIA_RULES: Record<MediaKind, { accept: string; maxSize: number; formats: string }> = {
  image: {
    accept: 'image/jpeg,image/png,image/webp,image/gif,.jpg,.jpeg,.png,.webp,.gif',
    maxSize: 5 * MB,
    formats: 'jpg、png、webp、gif',
  },
  document: { accept: '.pdf,.doc,.docx', maxSize: 20 * MB, formats: 'pdf、doc、docx' },
  // Videos go by tus: the server's limit is configurable and it refuses a larger file before any byte is sent.
  video: { accept: 'video/mp4,.mp4', maxSize: DEFAULT_RESUMABLE_MAX_BYTES, formats: 'mp4' },
}

/** The kind a file is by its name, or null when the library does not take it. */
export function mediaKindOf(name: string): MediaKind | null {
  const ext = name.toLowerCase().split('.').pop() ?? ''
  if (['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(ext)) return 'image'
  if (['pdf', 'doc', 'docx'].includes(ext)) return 'document'
  if (ext === 'mp4') return 'video'
  return null
}

/** Why a file cannot go into the library as one of `kinds`, or null. */
export function mediaProblem(file: { name: string; size: number }, kinds: readonly MediaKind[]): string | null {
  const kind = mediaKindOf(file.name)
  if (!kind || !kinds.includes(kind)) return `不支持该文件格式，请上传 ${kinds.map((k) => MEDIA_RULES[k].formats).join('、')} 格式的文件`
  if (file.size === 0) return '文件内容为空'
  if (file.size > MEDIA_RULES[kind].maxSize) return `${MEDIA_KIND_LABELS[kind]}不能超过 ${sizeLimitText(MEDIA_RULES[kind].maxSize)}`
  return null
}
