// Resumable uploads (issue 24): large videos travel by the tus protocol (tus.io, 1.0.0) instead of
// one multipart request, so a dropped connection, a reload or a server restart resumes where the
// bytes stopped. The server (server/features/upload/resumable/) and the browser (tus-js-client in
// client/src/features/upload/) agree on what follows.
//
// 1. POST RESUMABLE_UPLOAD_PATH with `Authorization: Bearer <member token>`, `Upload-Length` and
//    Upload-Metadata `filename`, `filetype` and `purpose`. Size, purpose, quota, free disk and the
//    member's unfinished uploads are judged here, before any byte is sent.
// 2. PATCH the bytes in chunks of RESUMABLE_CHUNK_BYTES; the first chunk's bytes must be an mp4, or
//    the upload is removed and refused (415). A refusal's body is the API envelope {code, msg, data}.
// 3. Once every byte is there, the page calls the purpose's completion action with the upload's key
//    (the last segment of its URL); it answers the stored upload, as the multipart actions do, and
//    answers the same again when called twice.

/** The tus endpoint; an upload's own address is this path followed by its key. */
export const RESUMABLE_UPLOAD_PATH = '/resumable-uploads/'

/** Bytes per PATCH: small enough that a drop loses little and proxies' body limits pass. */
export const RESUMABLE_CHUNK_BYTES = 16 * 1024 * 1024

/** What the file is for, which decides who may send it and which action completes it. */
export const UPLOAD_PURPOSES = {
  /** A member's lecture video for a teacher page (private until reviewed). */
  'teacher-video': { completeAction: '/api/Teacher/uploadComplete' },
  /** A staff member's video for the console's media library (public content at once). */
  media: { completeAction: '/api/Admin/mediaUploadComplete' },
} as const

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES

export const isUploadPurpose = (value: unknown): value is UploadPurpose =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_PURPOSES, value)

/** The default largest resumable upload; servers may set RESUMABLE_UPLOAD_MAX_BYTES. */
export const DEFAULT_RESUMABLE_MAX_BYTES = 4 * 1024 * 1024 * 1024

/** An upload's key: random, URL-safe. */
export const RESUMABLE_KEY = /^[A-Za-z0-9_-]{16,64}$/

/** The upload's key in its address (".../resumable-uploads/<key>"); null for anything else. */
export function resumableKeyOf(url: string): string | null {
  const key = /\/resumable-uploads\/([^/?#]+)$/.exec(url)?.[1]
  return key && RESUMABLE_KEY.test(key) ? key : null
}

/** "2.4MB/s · 剩余 3 分 12 秒": speed and time left, from bytes sent over the last seconds. */
export function uploadPace(bytesPerSecond: number, bytesLeft: number): { speed: string; left: string } {
  const MB = 1024 * 1024
  const speed = bytesPerSecond >= MB ? `${(bytesPerSecond / MB).toFixed(1)}MB/s` : `${Math.max(0, Math.round(bytesPerSecond / 1024))}KB/s`
  if (bytesPerSecond <= 0) return { speed, left: '计算剩余时间…' }
  const seconds = Math.ceil(bytesLeft / bytesPerSecond)
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const left = h ? `剩余 ${h} 小时 ${m} 分` : m ? `剩余 ${m} 分 ${s} 秒` : `剩余 ${s} 秒`
  return { speed, left }
}
