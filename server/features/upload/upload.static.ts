import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Request, RequestHandler, Response } from 'express'
import { originalOfVariant } from '../../../common/image-variants'
import { env } from '../../env'
import { logger } from '../../lib/logger'
import { storage, type FileStorage, type StoredFile } from '../../lib/storage'
import { localDiskStorage } from '../../lib/storage/local-disk'
import { hasValidSignature, signedStreamKeyOf, visibilityOf } from './upload-access.service'
import { isStreamKey } from '../../lib/uploads'

// Only these types are ever stored; anything else under uploads/ is not served.
const SAFE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.mp4': 'video/mp4',
  // A video's streaming copy (server/features/video): playlists and their segments.
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  // Content exports (Admin/export): private, reached only through a signed URL, always downloaded.
  '.zip': 'application/zip',
}
const INLINE = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'application/pdf',
  'application/vnd.apple.mpegurl',
  'video/mp2t',
])
const PUBLIC_CACHE = 'public, max-age=2592000'
// A streaming copy's folder is named at random per transcode and never rewritten: cached for good.
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
// A responsive copy not made yet answers with its original, briefly, so the copy is used once
// `npm run media:variants` has made it.
const FALLBACK_CACHE = 'public, max-age=3600'
const PRIVATE_CACHE = 'private, no-store'

const notFound = (res: Response) => res.status(404).type('text/plain; charset=utf-8').send('文件不存在')
const busy = (res: Response) => res.status(503).type('text/plain; charset=utf-8').send('服务器繁忙，请稍后再试')

/**
 * The file a request names, as the path relative to the upload folder that the visibility is
 * looked up by: decoded and normalised exactly once, so "%32026" or "a//b" cannot name a private
 * file under a spelling that has no row. Null for anything that leaves the folder or is malformed.
 */
function relativePathOf(requestPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const normalised = path.posix.normalize(decoded).replace(/^\/+/, '')
  if (!normalised || normalised === '.' || normalised.split('/').some((part) => part === '..' || part.startsWith('.'))) return null
  return normalised
}

const typeOf = (key: string) => SAFE_TYPES[path.extname(key).toLowerCase()]

/** Status line, headers and body of one stored file, honouring conditional and single-range requests. */
async function sendStored(req: Request, res: Response, files: FileStorage, key: string, stat: StoredFile, cacheControl: string) {
  const type = typeOf(key)
  const isPrivate = cacheControl === PRIVATE_CACHE
  res.set('Content-Type', type)
  res.set('Cache-Control', cacheControl)
  res.set('X-Content-Type-Options', 'nosniff')
  res.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
  res.set('Accept-Ranges', 'bytes')
  if (!INLINE.has(type)) res.set('Content-Disposition', 'attachment')
  // A private answer is never validated by a cache: it must not be stored at all.
  if (!isPrivate) {
    res.set('ETag', `W/"${stat.size.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`)
    res.set('Last-Modified', stat.modifiedAt.toUTCString())
    if (req.fresh) return void res.status(304).end()
  }
  const ranges = req.headers.range ? req.range(stat.size) : undefined
  if (ranges === -1) {
    res.set('Content-Range', `bytes */${stat.size}`)
    return void res.status(416).type('text/plain; charset=utf-8').send('请求的范围无效')
  }
  // One range is served as asked; several (rare, and never asked by players) get the whole file.
  const range = Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes' ? ranges[0] : undefined
  if (range) {
    res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
    res.set('Content-Length', String(range.end - range.start + 1))
  } else {
    res.status(200).set('Content-Length', String(stat.size))
  }
  if (req.method === 'HEAD') return void res.end()
  const body = await files.get(key, range)
  if (!body) {
    // Removed between the look and the read.
    for (const name of ['Content-Length', 'Content-Range', 'ETag', 'Last-Modified', 'Cache-Control']) res.removeHeader(name)
    return void notFound(res)
  }
  await pipeline(body, res)
}

/**
 * Serves uploads from the storage (local folder or bucket) with fixed content types, nosniff and a
 * sandboxing CSP so no file can run script. Public files are cached for 30 days; a private file
 * (unpublished member content) is served only with a valid signature, never stored by a cache, and
 * answers 404 to everyone else. A picture's responsive copy has its original's visibility.
 * `uploadDir`: the configured UPLOAD_DIR goes through the configured storage; another folder
 * (a test's) is served from that folder.
 */
export function serveUploads(uploadDir: string): RequestHandler {
  const own = uploadDir === env.UPLOAD_DIR ? undefined : localDiskStorage(uploadDir)
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.status(405).set('Allow', 'GET, HEAD').end()
    const requested = relativePathOf(req.path)
    if (!requested || !typeOf(requested)) return void notFound(res)
    // A file of a private video's streaming copy, by its signed folder address.
    const signedStreamKey = signedStreamKeyOf(requested)
    const relativePath = signedStreamKey ?? requested
    const variant = originalOfVariant(relativePath)
    const files = own ?? storage()
    const serve = async () => {
      const visibility = await visibilityOf(variant?.original ?? relativePath)
      if (visibility === 'gone') return void notFound(res)
      const isPrivate = visibility === 'private' || signedStreamKey !== null
      if (isPrivate && !signedStreamKey && !hasValidSignature(relativePath, req.query)) return void notFound(res)
      const cacheControl = isPrivate ? PRIVATE_CACHE : isStreamKey(relativePath) ? IMMUTABLE_CACHE : PUBLIC_CACHE
      const stat = await files.stat(relativePath)
      if (stat) return sendStored(req, res, files, relativePath, stat, cacheControl)
      const original = variant && (await files.stat(variant.original))
      if (!original) return void notFound(res)
      await sendStored(req, res, files, variant.original, original, isPrivate ? cacheControl : FALLBACK_CACHE)
    }
    serve().catch((error: unknown) => {
      if (res.headersSent) return void res.destroy()
      logger.error({ err: error, url: req.originalUrl }, 'upload could not be served')
      busy(res)
    })
  }
}
