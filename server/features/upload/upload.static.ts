import path from 'node:path'
import express, { type RequestHandler } from 'express'

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
}
const INLINE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'application/pdf'])

/** Serves uploads with fixed content types, nosniff and a sandboxing CSP so no file can run script. */
export function serveUploads(uploadDir: string): RequestHandler {
  const files = express.static(uploadDir, {
    dotfiles: 'deny',
    index: false,
    redirect: false,
    fallthrough: false,
    maxAge: '30d',
    setHeaders: (res, file) => {
      const type = SAFE_TYPES[path.extname(file).toLowerCase()]
      res.set('Content-Type', type)
      res.set('X-Content-Type-Options', 'nosniff')
      res.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      if (!INLINE.has(type)) res.set('Content-Disposition', 'attachment')
    },
  })
  return (req, res, next) => {
    if (!SAFE_TYPES[path.extname(req.path).toLowerCase()]) {
      res.status(404).type('text/plain; charset=utf-8').send('文件不存在')
      return
    }
    files(req, res, (error?: unknown) => {
      if (error) res.status(404).type('text/plain; charset=utf-8').send('文件不存在')
      else next()
    })
  }
}
