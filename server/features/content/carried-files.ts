// The files a folder carries for its `/uploads/...` URLs, under `media/uploads/...` (what the export
// writes): copied to the same path, so every address stays what it was where the folder came from.
import { sha256OfFile, sha256OfStream } from '../../lib/sha256'
import fs from 'node:fs'
import path from 'node:path'
import { storage } from '../../lib/storage'
import { MEMBER_UPLOAD_PATH } from '../upload/upload-access.service'
import { detectFileType } from '../upload/upload.service'
import type { MediaJob, MediaLabel } from './media-files'

/** Where a folder carries the files behind its `/uploads/...` URLs: `media/uploads/...`. */
export const FOLDER_MEDIA_DIR = 'media'

/** A member's file that a folder brings along: it needs an Upload row to be served (upload-access.service.ts). */
export type PlacedFile = { relative: string; kind: string; mime: string; size: number; sha256: string } & MediaLabel

/** The files to put in place, and the members' files among them that need an Upload row. */
export type MediaPlan = { jobs: MediaJob[]; placed: PlacedFile[] }

// What a folder may put into the upload folder: the types the uploads are served as, outside the
// folders the server keeps for itself (temp files, content exports).
const CARRIED_TYPES = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif', '.mp4', '.pdf', '.doc', '.docx'])
const isCarriable = (url: string) =>
  CARRIED_TYPES.has(path.extname(url).toLowerCase()) &&
  !url.split('/').some((part) => part.startsWith('.')) &&
  !url.startsWith('/uploads/exports/')

/** The file a folder carries for an `/uploads/...` URL, or null when it has none. */
export function folderFileFor(dir: string | null, url: string): string | null {
  if (!dir || !url.startsWith('/uploads/') || url.includes('..') || !isCarriable(url)) return null
  const file = path.join(dir, FOLDER_MEDIA_DIR, url)
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null
}

/** True when the stored file `key` holds exactly the bytes of the local file `source`. */
async function isStoredAs(key: string, source: string): Promise<boolean> {
  const stored = await storage().stat(key)
  if (!stored || stored.size !== (await fs.promises.stat(source)).size) return false
  const body = await storage().get(key)
  return body !== null && (await sha256OfStream(body)) === (await sha256OfFile(source))
}

/**
 * Plans copying a folder's `media/uploads/<path>` to the stored `<path>`, so the URL stays what it
 * was where the folder was exported. A different file already there is a problem, never overwritten.
 */
export async function planFolderFile(
  source: string,
  url: string,
  plan: MediaPlan,
  problem: (message: string) => void,
  label: MediaLabel = {},
) {
  const relative = url.slice('/uploads/'.length)
  if (plan.jobs.some((job) => job.key === relative)) return
  if ((await storage().exists(relative)) && !(await isStoredAs(relative, source))) {
    problem(`${FOLDER_MEDIA_DIR}${url} 与服务器上已有的同名文件内容不同，未覆盖`)
    return
  }
  plan.jobs.push({ key: relative, url, source, ...label })
  if (MEMBER_UPLOAD_PATH.test(relative)) {
    const { size } = await fs.promises.stat(source)
    const type = await detectFileType(source, size)
    if (!type) problem(`${FOLDER_MEDIA_DIR}${url} 不是支持的图片、文档或视频`)
    else plan.placed.push({ relative, kind: type.kind, mime: type.mime, size, sha256: await sha256OfFile(source), ...label })
  }
}
