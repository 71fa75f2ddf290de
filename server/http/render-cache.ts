// Pages rendered for everyone are kept like the API's answers (data/cache.ts): any content write
// drops them and none is kept longer than a minute, so a page costs one render per change rather
// than one per visit. A kept page is compressed once per encoding, answers 304 to a browser that
// has it, and still counts each visit: the reads with live fields (view counts) are computed again.
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import type { Request, Response } from 'express'
import { cached } from '../data/cache'
import type { Logger } from '../lib/logger'
import type { Revisit } from './render-transport'
import { negotiate, type Encoding } from './respond'

export type KeptPage = { status: number; body: Buffer; etag: string; encoded: Partial<Record<Encoding, Buffer>>; revisits: Revisit[] }

/**
 * The search parameters pages read (client/src/components/layout/use-page-meta.ts keeps the same
 * in canonical links). A URL with any other is rendered for its request but not kept, so made-up
 * parameters cannot fill the cache.
 */
const PAGE_PARAMS = new Set(['q', 'type', 'tab', 'entry', 'page'])
const MAX_KEPT_URL = 1024

/**
 * The key a page is kept under, or undefined when it is not kept. Only the URL: the origin written
 * into pages is the configured one (lib/site-origin.ts), the same for every request, never its Host.
 */
export function pageKey(url: string): string | undefined {
  if (url.length > MAX_KEPT_URL) return undefined
  const query = url.indexOf('?')
  if (query >= 0) for (const name of new URLSearchParams(url.slice(query + 1)).keys()) if (!PAGE_PARAMS.has(name)) return undefined
  return url
}

export function keepPage(status: number, html: string, revisits: Revisit[]): KeptPage {
  const body = Buffer.from(html)
  const etag = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)
  return { status, body, etag, encoded: { identity: body }, revisits }
}

/** The page kept under `key`, built when there is none; `isBuilt` says whether this call's visit was counted by the build. */
export async function keptPage(key: string, build: () => Promise<KeptPage>): Promise<{ page: KeptPage; isBuilt: boolean }> {
  let isBuilt = false
  const page = await cached(
    `page|${key}`,
    () => {
      isBuilt = true
      return build()
    },
    { sizeOf: (kept) => kept.body.length * 2 },
  )
  return { page, isBuilt }
}

/** A kept page served again: its visit counts like the render's did (views), the page is not rebuilt. */
export function countVisit(page: KeptPage, logger: Logger) {
  for (const revisit of page.revisits) revisit().catch((error: unknown) => logger.warn({ err: error }, 'counting a page visit failed'))
}

// Compressed once per kept page, so harder than per-request answers (respond.ts).
function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 9 })
  return body
}

const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' }

/** A kept page in the best encoding the browser takes; a page not kept goes out as it is, to the compression middleware. */
export function sendPage(req: Request, res: Response, page: KeptPage, isKept = true) {
  if (!isKept) {
    res.status(page.status).type('html').set('Cache-Control', 'no-cache').send(page.body)
    return
  }
  const encoding = negotiate(req.headers['accept-encoding'])
  res
    .status(page.status)
    .type('html')
    .set({ 'Cache-Control': 'no-cache', ETag: `"${page.etag}${ETAG_SUFFIX[encoding]}"`, Vary: 'Accept-Encoding' })
  if (req.fresh) {
    res.status(304).end()
    return
  }
  const bytes = (page.encoded[encoding] ??= compress(page.body, encoding))
  if (encoding !== 'identity') res.set('Content-Encoding', encoding)
  res.send(bytes)
}
