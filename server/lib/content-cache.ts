// Read-mostly answers (home aggregate, config, navigation menus) are kept serialized and
// pre-compressed; list totals and search rankings are kept as values. Both are rebuilt when content changes:
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

export type CachedBody = { hash: string; identity: Buffer; gzip: Buffer; br: Buffer }
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

// Compression runs on the thread pool, so a rebuild never blocks other requests for long.
async function encode(data: unknown): Promise<CachedBody> {
  const identity = Buffer.from(JSON.stringify(ok(data)))
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ])
  const hash = crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  return { hash, identity, gzip: gz, br }
}

/**
 * The OK envelope of `build()`, serialized and compressed, shared by concurrent callers and
 * reused until content changes. After invalidateContentCache() the next caller waits for a fresh
 * build. After a change seen only through data_version, callers keep getting the previous bytes
 * while one rebuild runs: with members writing all the time, no request ever waits for a rebuild.
 * A failed build is not kept, so the next request retries.
 */
export function cachedEnvelope(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
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
      const body = build().then(encode)
      body.then(
        (fresh) => bodies.has(key) && bodies.set(key, { generation: current, body, settled: fresh }),
        () => (hit.refreshing = false),
      )
    }
    return Promise.resolve(hit.settled)
  }
  if (bodies.size >= MAX_ENTRIES) bodies.delete(bodies.keys().next().value as string)
  const body = build().then(encode)
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
 * than the page itself. Least recently used values go first once 1,024 are kept.
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
  if (values.size >= 4 * MAX_ENTRIES) values.delete(values.keys().next().value as string)
  values.set(key, { generation: current, value })
  return value
}
