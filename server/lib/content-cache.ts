// Read-mostly answers (home aggregate, config, navigation menus) are kept serialized and
// pre-compressed. They are rebuilt when content changes:
//   * writers in this process call invalidateContentCache() for an immediate rebuild;
//   * any other commit (seed run, another process, the sqlite shell) changes PRAGMA data_version
//     on our read connection, which is polled at most once per second, so a request pays for
//     that check at most once a second and outside writes show within about a second.
// Any commit counts, including view counters: a rebuild costs a few milliseconds and happens
// at most once per second per key, which is simpler and safer than tracking tables one by one.
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { ok } from '../http/envelope'
import { dataVersion } from './read-db'

const POLL_MS = 1000
const MAX_ENTRIES = 256

let generation = 0
let polledAt = 0
let seenVersion: number | undefined

export type CachedBody = { hash: string; identity: Buffer; gzip: Buffer; br: Buffer }
type Entry = { generation: number; body: Promise<CachedBody> }
const entries = new Map<string, Entry>()

/** Drops every cached answer; call after writing content that public pages show. */
export function invalidateContentCache() {
  generation += 1
  entries.clear()
}

function currentGeneration(): number {
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
 * reused until content changes. A failed build is not kept, so the next request retries.
 */
export function cachedEnvelope(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
  const current = currentGeneration()
  const hit = entries.get(key)
  if (hit && hit.generation === current) return hit.body
  const body = build().then(encode)
  if (entries.size >= MAX_ENTRIES) entries.clear()
  entries.set(key, { generation: current, body })
  body.catch(() => {
    if (entries.get(key)?.body === body) entries.delete(key)
  })
  return body
}
