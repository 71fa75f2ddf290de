// Dynamic JSON answers of the busiest public actions (lists, course details, search), compressed
// here in one synchronous call instead of by the global compression middleware: its per-response
// brotli stream (4 MB window, thread-pool round trips) costs ~0.5 ms, more than building the answer.
// A one-shot brotli call (quality 1, 64 KB window) costs ~40 µs on a 4 KB list and compresses such
// small JSON within ~10% of quality 4; answers under 1 KB are sent as they are, as the middleware
// would. The middleware skips answers that already carry a Content-Encoding.
import zlib from 'node:zlib'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'
import { optionalMember, type AuthedMember } from '../http/auth'
import { ok } from '../http/envelope'
import { negotiate } from './cached-endpoint'

const MIN_COMPRESS_BYTES = 1024
const brotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
}

export function sendJson(req: Request, res: Response, data: unknown) {
  const json = Buffer.from(JSON.stringify(ok(data ?? null)))
  res.statusCode = 200
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Vary', 'Accept-Encoding')
  let body = json
  if (json.length >= MIN_COMPRESS_BYTES) {
    const encoding = negotiate(req.headers['accept-encoding'])
    if (encoding === 'br') body = zlib.brotliCompressSync(json, brotliOptions)
    else if (encoding === 'gzip') body = zlib.gzipSync(json, { level: 1 })
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  }
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

type Handler<S extends z.ZodType, R> = (input: z.infer<S>, viewer: AuthedMember | null) => Promise<R> | R

/** endpoint()/viewerEndpoint() for the busiest public actions, answered through sendJson(). */
export function fastEndpoint<S extends z.ZodType, R>(schema: S, handler: Handler<S, R>, { withViewer = false } = {}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = schema.parse(req.body ?? {})
      const viewer = withViewer ? await optionalMember(req) : null
      sendJson(req, res, await handler(input, viewer))
    } catch (error) {
      next(error)
    }
  }
}
