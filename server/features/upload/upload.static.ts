import path from 'node:path'
import express, { type RequestHandler, type Response } from 'express'
import { logger } from '../../lib/logger'
import { hasValidSignature, visibilityOf } from './upload-access.service'

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
  // Content exports (Admin/export): private, reached only through a signed URL, always downloaded.
  '.zip': 'application/zip',
}
const INLINE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'application/pdf'])

const notFound = (res: Response) => res.status(404).type('text/plain; charset=utf-8').send('文件不存在')

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

/**
 * Serves uploads with fixed content types, nosniff and a sandboxing CSP so no file can run script.
 * Public files are cached for 30 days; a private file (unpublished member content) is served only
 * with a valid signature, never stored by a cache, and answers 404 to everyone else.
 */
export function serveUploads(uploadDir: string): RequestHandler {
  const options = (cacheControl: string): Parameters<typeof express.static>[1] => ({
    dotfiles: 'deny',
    index: false,
    redirect: false,
    fallthrough: false,
    cacheControl: false,
    setHeaders: (res, file) => {
      const type = SAFE_TYPES[path.extname(file).toLowerCase()]
      res.set('Content-Type', type)
      res.set('Cache-Control', cacheControl)
      res.set('X-Content-Type-Options', 'nosniff')
      res.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      if (!INLINE.has(type)) res.set('Content-Disposition', 'attachment')
    },
  })
  const publicFiles = express.static(uploadDir, options('public, max-age=2592000'))
  const privateFiles = express.static(uploadDir, { ...options('private, no-store'), etag: false, lastModified: false })

  return (req, res, next) => {
    const relativePath = relativePathOf(req.path)
    if (!relativePath || !SAFE_TYPES[path.extname(relativePath).toLowerCase()]) return void notFound(res)
    visibilityOf(relativePath).then(
      (visibility) => {
        if (visibility === 'gone') return void notFound(res)
        if (visibility === 'private' && !hasValidSignature(relativePath, req.query)) return void notFound(res)
        // Static serving reads exactly the path the decision was made for.
        req.url = `/${relativePath.split('/').map(encodeURIComponent).join('/')}`
        const files = visibility === 'private' ? privateFiles : publicFiles
        files(req, res, (error?: unknown) => {
          if (error) notFound(res)
          else next()
        })
      },
      (error: unknown) => {
        logger.error({ err: error, url: req.originalUrl }, 'upload visibility lookup failed')
        res.status(503).type('text/plain; charset=utf-8').send('服务器繁忙，请稍后再试')
      },
    )
  }
}
