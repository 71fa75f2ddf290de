// Read-mostly answers (home aggregate, config, navigation menus) are kept serialized and
// compressed; list totals and search rankings are kept as values. All are rebuilt when content
// changes:
//   * writers in this process call invalidateContentCache() for an immediate rebuild;
//   * any other commit (this process's Prisma client, a seed run, another process, the sqlite
//     shell) changes PRAGMA data_version on the side connection (sqlite.ts). It is polled at most
//     once per second, so a request pays for that check at most once a second and outside writes
//     show within about a second. View counters are written on that same side connection, so page
//     views never count as changes; any other commit does, which is simpler and safer than tracking
//     tables one by one (a rebuild costs a few milliseconds, at most once per second per key).
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { ok } from '../http/envelope'
import { dataVersion } from './sqlite'

const POLL_MS = 1000
const MAX_ENTRIES = 256
const MAX_VALUES = 4096

export type Encoding = 'br' | 'gzip' | 'identity'
export type CachedBody = { hash: string; identity: Buffer; effort: Effort; encoded: Partial<Record<Encoding, Buffer>> }
type Entry = { generation: number; body: Promise<CachedBody>; settled?: CachedBody; refreshing?: boolean }
const bodies = new Map<string, Entry>()
const values = new Map<string, { generation: number; value: unknown }>()

let generation = 0
let polledAt = 0
let seenVersion: number | undefined

/** Drops every cached answer and total; call after writing content that public pages show. */
export function invalidateContentCache() {
  generation += 1
  bodies.clear()
  values.clear()
}

/** Bumped whenever content may have changed; anything derived from content can key on it. */
export function currentGeneration(): number {
  const now = Date.now()
  if (now - polledAt >= POLL_MS) {
    polledAt = now
    const version = dataVersion()
    if (seenVersion !== undefined && version !== seenVersion) generation += 1
    seenVersion = version
  }
  return generation
}

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/**
 * How hard to compress. `max` suits the few answers every page reads (home aggregate, config):
 * built at most once per content change, sent thousands of times. `fast` suits answers with many
 * variants that may be read only a few times each (a list page): ~0.2 ms instead of ~10 ms per build.
 */
export type Effort = 'max' | 'fast'
const effort = {
  max: { gzip: 9, brotli: 9, window: 22 },
  fast: { gzip: 6, brotli: 4, window: 16 },
} as const

const brotliOptions = (level: Effort, size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: effort[level].brotli,
    [zlib.constants.BROTLI_PARAM_LGWIN]: effort[level].window,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})

// `max` bodies are compressed up front on the thread pool, so a rebuild never blocks other
// requests; `fast` bodies are compressed on first demand per encoding (~0.1 ms, synchronous).
async function encode(data: unknown, level: Effort): Promise<CachedBody> {
  const identity = Buffer.from(JSON.stringify(ok(data)))
  const hash = crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  const body: CachedBody = { hash, identity, effort: level, encoded: { identity } }
  if (level === 'max') {
    const [gz, br] = await Promise.all([
      gzip(identity, { level: effort.max.gzip }),
      brotli(identity, brotliOptions('max', identity.length)),
    ])
    body.encoded.gzip = gz
    body.encoded.br = br
  }
  return body
}

/** The body's bytes in `encoding`, compressed now if this is the first request for it. */
export function encodedBytes(body: CachedBody, encoding: Encoding): Buffer {
  let bytes = body.encoded[encoding]
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? zlib.brotliCompressSync(body.identity, brotliOptions(body.effort, body.identity.length))
        : zlib.gzipSync(body.identity, { level: effort[body.effort].gzip })
    body.encoded[encoding] = bytes
  }
  return bytes
}

/**
 * The OK envelope of `build()`, serialized and compressed, shared by concurrent callers and
 * reused until content changes. After invalidateContentCache() the next caller waits for a fresh
 * build. After a change seen only through data_version, callers keep getting the previous bytes
 * while one rebuild runs: with members writing all the time, no request ever waits for a rebuild.
 * A failed build is not kept, so the next request retries.
 */
export function cachedEnvelope(key: string, build: () => Promise<unknown>, level: Effort = 'max'): Promise<CachedBody> {
  const current = currentGeneration()
  const hit = bodies.get(key)
  if (hit) {
    // Least recently used first out: a crawler paging through lists never evicts the home page.
    bodies.delete(key)
    bodies.set(key, hit)
  }
  if (hit && hit.generation === current) return hit.body
  if (hit?.settled) {
    if (!hit.refreshing) {
      hit.refreshing = true
      const body = build().then((data) => encode(data, level))
      body.then(
        (fresh) => bodies.has(key) && bodies.set(key, { generation: current, body, settled: fresh }),
        () => (hit.refreshing = false),
      )
    }
    return Promise.resolve(hit.settled)
  }
  if (bodies.size >= MAX_ENTRIES) bodies.delete(bodies.keys().next().value as string)
  const body = build().then((data) => encode(data, level))
  const entry: Entry = { generation: current, body }
  bodies.set(key, entry)
  body.then(
    (fresh) => (entry.settled = fresh),
    () => bodies.get(key) === entry && bodies.delete(key),
  )
  return body
}

/**
 * A value derived from content (a list's total, a search's ranked ids), recomputed only when
 * content changes: counting 50,000 published courses on every page request would cost more
 * than the page itself; a course page's visitor-independent part, read and sanitized once. Least
 * recently used values go first once 4,096 are kept (a few KB each: tens of MB at most).
 */
export function cachedValue<T>(key: string, compute: () => T): T {
  const current = currentGeneration()
  const hit = values.get(key)
  values.delete(key)
  if (hit && hit.generation === current) {
    values.set(key, hit)
    return hit.value as T
  }
  const value = compute()
  if (values.size >= MAX_VALUES) values.delete(values.keys().next().value as string)
  values.set(key, { generation: current, value })
  return value
}
