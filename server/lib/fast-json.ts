// Dynamic JSON answers of the busiest public actions (lists, course details, search), compressed
// here in one synchronous call instead of by the global compression middleware: its per-response
// brotli stream (4 MB window, thread-pool round trips) costs ~0.5 ms, more than building the answer.
// A one-shot brotli call (quality 1, 64 KB window, sized to the input) costs ~25-50 µs on a 3 KB
// answer and compresses such small JSON within ~10% of quality 4; answers under 1 KB are sent as
// they are, as the middleware would. The middleware skips answers that already carry a
// Content-Encoding.
//
// A detail page whose answer is mostly the same for every visitor answers a SheetAnswer: the
// shared part ("sheet") is serialized and compressed once while content is unchanged, and each
// answer only adds its few live fields (see spliced-gzip.ts).
import zlib from 'node:zlib'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'
import { optionalMember, type AuthedMember } from '../http/auth'
import { ok } from '../http/envelope'
import { negotiate } from './cached-endpoint'
import type { Encoding } from './content-cache'
import { deflateTail, gzipSplice, type DeflatedTail } from './spliced-gzip'

const MIN_COMPRESS_BYTES = 1024
// The size hint halves the cost on small answers (the encoder sizes its buffers to the input).
const brotliOptions = (size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})

function sendBody(res: Response, body: Buffer, encoding: Encoding) {
  res.statusCode = 200
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Vary', 'Accept-Encoding')
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

/** The visitor-independent part of an answer, serialized and deflated once (prepareSheet). */
export type PreparedSheet = DeflatedTail

/** An answer's data: `live` fields first, then every field of the prepared sheet. */
export class SheetAnswer {
  constructor(
    readonly live: Record<string, unknown>,
    readonly sheet: PreparedSheet,
  ) {}
}

// The OK envelope serialized around a marker, so its shape stays written once (envelope.ts).
const [ENVELOPE_HEAD, ENVELOPE_CLOSE] = JSON.stringify(ok('\u0000')).split('"\\u0000"')

/** Serializes and compresses a sheet; its field names must differ from the live ones. */
export function prepareSheet(sheet: Record<string, unknown>): PreparedSheet {
  const fields = JSON.stringify(sheet).slice(1, -1)
  if (!fields) throw new Error('a sheet needs at least one field')
  return deflateTail(Buffer.from(`${fields}}${ENVELOPE_CLOSE}`))
}

function sendSheet(req: Request, res: Response, { live, sheet }: SheetAnswer) {
  const liveFields = JSON.stringify(live).slice(1, -1)
  const head = Buffer.from(`${ENVELOPE_HEAD}{${liveFields}${liveFields ? ',' : ''}`)
  // Gzip only: the spliced stream is a deflate format (browsers that offer br offer gzip too).
  const encoding = head.length + sheet.text.length >= MIN_COMPRESS_BYTES ? negotiate(req.headers['accept-encoding'], ['gzip']) : 'identity'
  sendBody(res, encoding === 'gzip' ? gzipSplice(head, sheet) : Buffer.concat([head, sheet.text]), encoding)
}

export function sendJson(req: Request, res: Response, data: unknown) {
  if (data instanceof SheetAnswer) return sendSheet(req, res, data)
  const json = Buffer.from(JSON.stringify(ok(data ?? null)))
  const encoding = json.length >= MIN_COMPRESS_BYTES ? negotiate(req.headers['accept-encoding']) : 'identity'
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(json, brotliOptions(json.length))
      : encoding === 'gzip'
        ? zlib.gzipSync(json, { level: 1 })
        : json
  sendBody(res, body, encoding)
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
