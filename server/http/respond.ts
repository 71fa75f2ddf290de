// Writing an answer: the envelope serialized once, compressed only where it pays, with a strong
// ETag for answers kept in the cache. Every answer is one writeHead with a prebuilt header list:
// the security headers are computed once (security-headers.ts), never set one by one.
import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import { ok } from './envelope'
import type { Failure } from './failure'
import { securityHeaderPairs } from './security-headers'

/** Kept answers smaller than this go uncompressed: the headers would cost more than the bytes saved. */
const MIN_COMPRESS_BYTES = 1024
/**
 * Answers built per request (detail pages with live fields, writes) are compressed only past what
 * TCP's initial congestion window (10 segments, ~14 KB) carries in the first flight: below it,
 * compression saves bytes but no round trip, and costs ~40 µs of CPU per answer (measured on a
 * 2.5 KB course page: 106 vs 145 µs per request). Kept answers are compressed once, from 1 KB.
 */
const MIN_COMPRESS_BYTES_PER_REQUEST = 14 * 1024
export type Encoding = 'br' | 'gzip' | 'identity'

/** A serialized OK envelope kept in the cache, with its compressed forms made on first demand. */
export type StoredAnswer = {
  /** The `data` part alone, live fields left out (see CachePolicy.live). */
  dataJson: string
  /** For an object `data`: its fields after the opening brace, as bytes, for merging live fields in front. */
  dataFields?: Buffer
  body: Buffer
  /** The body's hash; each encoding's strong ETag adds a suffix (one representation, one tag). */
  etag: string
  encoded: Partial<Record<Encoding, Buffer>>
}

// The envelope around a data JSON, split once so its shape stays written in one place (envelope.ts).
const [ENVELOPE_HEAD, ENVELOPE_TAIL] = JSON.stringify(ok('\u0000')).split('"\\u0000"')
const HEAD_BYTES = Buffer.from(ENVELOPE_HEAD)
const TAIL_BYTES = Buffer.from(ENVELOPE_TAIL)
const COMMA = Buffer.from(',')

const SECURITY = securityHeaderPairs.flat()
const NO_STORE = [...SECURITY, 'Cache-Control', 'no-store']

export function storeAnswer(data: unknown, omit: readonly string[] = []): StoredAnswer {
  const kept = omit.length && data && typeof data === 'object' ? omitFields(data as Record<string, unknown>, omit) : data
  const dataJson = JSON.stringify(kept ?? null)
  const body = Buffer.from(ENVELOPE_HEAD + dataJson + ENVELOPE_TAIL)
  const etag = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)
  const dataFields = dataJson.length > 2 && dataJson.startsWith('{') ? Buffer.from(dataJson.slice(1)) : undefined
  return { dataJson, dataFields, body, etag, encoded: { identity: body } }
}

function omitFields(data: Record<string, unknown>, omit: readonly string[]) {
  const copy = { ...data }
  for (const field of omit) delete copy[field]
  return copy
}

// Browsers send a handful of distinct Accept-Encoding strings; each is parsed once.
const acceptedBy = new Map<string, Encoding>()

/** The encoding to answer in: brotli over gzip, honouring q=0. */
export function negotiate(header: string | undefined): Encoding {
  if (!header) return 'identity'
  let chosen = acceptedBy.get(header)
  if (chosen === undefined) {
    const accepted = new Set<string>()
    for (const part of header.split(',')) {
      const [name, ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      if (q !== undefined && !(Number(q.slice(2)) > 0)) continue
      accepted.add(name === 'x-gzip' ? 'gzip' : name)
    }
    chosen = accepted.has('br') || accepted.has('*') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity'
    if (acceptedBy.size < 100) acceptedBy.set(header, chosen)
  }
  return chosen
}

// Quality 1 with a window sized to the answer: ~30 µs for a 3 KB answer, within ~10% of the
// size quality 4 gives on small JSON. Kept answers are compressed harder, once.
const brotliOptions = (size: number, quality: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.max(16, Math.min(22, Math.ceil(Math.log2(size + 1)))),
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})

function compress(body: Buffer, encoding: Encoding, effort: 'once' | 'each'): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(body, brotliOptions(body.length, effort === 'once' ? 9 : 1))
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: effort === 'once' ? 9 : 1 })
  return body
}

/**
 * The request id (request-log.ts) joins the prebuilt list: set with setHeader instead, it would make
 * Node merge it into the list header by header on every answer.
 */
function withRequestId(res: ServerResponse, headers: string[]): string[] {
  const id = res.req?.id
  if (id !== undefined) headers.push('X-Request-Id', String(id))
  return headers
}

function writeJson(res: ServerResponse, status: number, body: Buffer, encoding: Encoding, extra: readonly string[] = NO_STORE) {
  const headers = [...extra, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)]
  if (encoding !== 'identity') headers.push('Content-Encoding', encoding)
  res.writeHead(status, withRequestId(res, headers))
  res.end(body)
}

const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' }

/** True when If-None-Match names this body in any encoding (weak comparison, as RFC 9110 asks). */
const ifNoneMatch = (req: IncomingMessage, hash: string) => {
  const header = req.headers['if-none-match']
  if (header === undefined) return false
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '').replace(/^"|"$/g, '')
    return tag === '*' || tag === hash || tag === `${hash}-br` || tag === `${hash}-gz`
  })
}

/** A kept answer as it is: 304 when the client has it, else its bytes in the best encoding. */
export function sendStored(req: IncomingMessage, res: ServerResponse, answer: StoredAnswer) {
  const encoding = answer.body.length >= MIN_COMPRESS_BYTES ? negotiate(req.headers['accept-encoding']) : 'identity'
  // Revalidate with the ETag rather than never store (uncached API answers say no-store).
  const validators = [
    ...SECURITY,
    'ETag',
    `"${answer.etag}${ETAG_SUFFIX[encoding]}"`,
    'Cache-Control',
    'no-cache',
    'Vary',
    'Accept-Encoding',
  ]
  if (ifNoneMatch(req, answer.etag)) {
    res.writeHead(304, withRequestId(res, validators))
    res.end()
    return
  }
  const bytes = (answer.encoded[encoding] ??= compress(answer.body, encoding, 'once'))
  writeJson(res, 200, bytes, encoding, validators)
}

/** A kept answer with fields computed for this request merged in. */
export function sendWithLive(req: IncomingMessage, res: ServerResponse, answer: StoredAnswer, live: Record<string, unknown>) {
  const liveJson = JSON.stringify(live)
  if (!answer.dataFields || liveJson.length <= 2)
    return sendBody(req, res, Buffer.from(ENVELOPE_HEAD + (liveJson.length > 2 ? liveJson : answer.dataJson) + ENVELOPE_TAIL))
  // `{live fields` + `,` + `kept fields}`: the kept part is never re-encoded.
  sendBody(req, res, Buffer.concat([HEAD_BYTES, Buffer.from(liveJson.slice(0, -1)), COMMA, answer.dataFields, TAIL_BYTES]))
}

/** A freshly built answer. */
export function sendData(req: IncomingMessage, res: ServerResponse, data: unknown) {
  sendBody(req, res, Buffer.from(ENVELOPE_HEAD + JSON.stringify(data ?? null) + ENVELOPE_TAIL))
}

const NO_STORE_VARY = [...NO_STORE, 'Vary', 'Accept-Encoding']
/** A preview's answer (an unpublished item): kept by no cache, shared or the browser's, indexed by no one. */
const PRIVATE = [...SECURITY, 'Cache-Control', 'private, no-store', 'X-Robots-Tag', 'noindex, nofollow', 'Vary', 'Accept-Encoding']

/** An answer made for this caller alone (a preview link's). */
export function sendPrivate(req: IncomingMessage, res: ServerResponse, data: unknown) {
  sendBody(req, res, Buffer.from(ENVELOPE_HEAD + JSON.stringify(data ?? null) + ENVELOPE_TAIL), PRIVATE)
}

function sendBody(req: IncomingMessage, res: ServerResponse, body: Buffer, headers: readonly string[] = NO_STORE_VARY) {
  const encoding = body.length >= MIN_COMPRESS_BYTES_PER_REQUEST ? negotiate(req.headers['accept-encoding']) : 'identity'
  writeJson(res, 200, compress(body, encoding, 'each'), encoding, headers)
}

export function sendFailure(res: ServerResponse, status: number, failure: Failure, extra: readonly string[] = []) {
  if (res.headersSent) return
  writeJson(res, status, Buffer.from(JSON.stringify({ code: failure.code, msg: failure.msg, data: null })), 'identity', [
    ...NO_STORE,
    ...extra,
  ])
}
