// Like endpoint(), for read-mostly public actions whose answer is the same for every visitor.
// The body is sent as stored bytes (see content-cache.ts) with a strong ETag per encoding, and
// If-None-Match is answered with 304. Content-Encoding is set here, so the global compression
// middleware leaves these answers alone instead of compressing them again on every request.
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'
import { cachedEnvelope, encodedBytes, type CachedBody, type Effort, type Encoding } from './content-cache'

type Accepted = { br: boolean; gzip: boolean }

/** Which compressions an Accept-Encoding header allows, honouring q=0. */
function parseAcceptEncoding(header: string): Accepted {
  const accepted = { br: false, gzip: false }
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue
    if (name === '*') accepted.br = accepted.gzip = true
    else if (name === 'br') accepted.br = true
    else if (name === 'gzip' || name === 'x-gzip') accepted.gzip = true
  }
  return accepted
}

const suffix: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' }

/** True when If-None-Match names this body in any encoding (weak comparison, as RFC 9110 asks). */
function isNotModified(header: string | undefined, hash: string): boolean {
  if (!header) return false
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '')
    if (tag === '*') return true
    const value = tag.replace(/^"|"$/g, '')
    return value === hash || value === `${hash}-br` || value === `${hash}-gz`
  })
}

// Browsers send a handful of distinct Accept-Encoding strings; parse each once.
const acceptedBy = new Map<string, Accepted>()

/** The first of `offered` the client accepts (br over gzip by default), else identity. */
export function negotiate(header: string | undefined, offered: readonly Exclude<Encoding, 'identity'>[] = ['br', 'gzip']): Encoding {
  if (!header) return 'identity'
  let accepted = acceptedBy.get(header)
  if (accepted === undefined) {
    accepted = parseAcceptEncoding(header)
    if (acceptedBy.size < 100) acceptedBy.set(header, accepted)
  }
  return offered.find((encoding) => accepted[encoding]) ?? 'identity'
}

// Headers of a 200 per body and encoding, built once: the send path is then one writeHead.
const headerCache = new WeakMap<CachedBody, Partial<Record<Encoding, string[]>>>()
function okHeaders(body: CachedBody, encoding: Encoding): string[] {
  let byEncoding = headerCache.get(body)
  if (!byEncoding) headerCache.set(body, (byEncoding = {}))
  return (byEncoding[encoding] ??= [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(encodedBytes(body, encoding).length),
    'ETag',
    `"${body.hash}${suffix[encoding]}"`,
    'Vary',
    'Accept-Encoding',
    // Revalidate with the ETag rather than never store (the rest of /api says no-store).
    'Cache-Control',
    'no-cache',
    ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
  ])
}

export function sendCachedBody(req: Request, res: Response, body: CachedBody) {
  const encoding = negotiate(req.headers['accept-encoding'])
  if (isNotModified(req.headers['if-none-match'], body.hash)) {
    res.writeHead(304, ['ETag', `"${body.hash}${suffix[encoding]}"`, 'Vary', 'Accept-Encoding', 'Cache-Control', 'no-cache'])
    res.end()
    return
  }
  res.writeHead(200, okHeaders(body, encoding))
  res.end(encodedBytes(body, encoding))
}

/** A public, visitor-independent action answered from the content cache under `key(input)`. */
export function cachedEndpoint<S extends z.ZodType>(
  schema: S,
  key: (input: z.infer<S>) => string,
  build: (input: z.infer<S>) => Promise<unknown>,
  effort: Effort = 'max',
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = schema.parse(req.body ?? {})
      sendCachedBody(req, res, await cachedEnvelope(key(input), () => build(input), effort))
    } catch (error) {
      next(error)
    }
  }
}
