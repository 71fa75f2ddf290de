// The one cache of the server: answers and values derived from the database, kept until the data
// they were built from may have changed. Staleness rule (docs/DECISIONS.md):
//   * a write in this process is seen at once: a write to a content model drops every answer, a
//     write to a Member row's token columns (version, role, deletion, disabling) refreshes the member records
//     behind tokens (db.ts tells this module),
//     and the pipeline refreshes what a member's write changed (tags);
//   * a write from another process (a seed run, a second server, the sqlite shell) is seen within
//     about a second: on SQLite the database's change counter (data/sql) is read at most once a
//     second and any change drops everything; on PostgreSQL other processes' changes arrive by
//     LISTEN/NOTIFY (data/sql/postgres-changes.ts): a content table's change drops everything, a
//     member's token columns or a revoked token refresh those records, and tags marked changed in
//     one process are marked changed in all (a lost notification connection drops everything);
//   * nothing is kept longer than a minute, so counters in kept lists (views) lag at most that.
// Entries carry tags ("member:12", "teacher:5"); a tag changed since an entry was built makes it
// stale, so a member's follow refreshes that member's pages and that teacher's page, nothing else.
import { LRUCache } from 'lru-cache'
import { changeCounter, publishChange, watchOtherProcesses, type OtherProcessChange } from './sql'
import { afterWrite } from '../db'
import { cacheHit, cacheMiss } from '../lib/metrics'

const POLL_MS = 1000
/** Counters shown in kept lists (views) move without a content change; a minute is their lag at most. */
const MAX_AGE_MS = 60_000
/** Total size of what is kept: answers count their serialized bytes. */
const MAX_BYTES = 64 * 1024 * 1024

let generation = 0
const tagVersions = new Map<string, number>()
let polledAt = 0
let seenCounter: number | undefined
let polling: Promise<void> | undefined
/** Set once other processes' changes are pushed to this one (PostgreSQL); SQLite polls instead. */
let isWatched = false

type Stamp = { generation: number; tags: readonly string[]; versions: readonly number[]; builtAt: number }
type Entry = { stamp: Stamp; value: Promise<unknown>; settled?: { value: unknown } | { error: unknown }; size: number }

const entries = new LRUCache<string, Entry>({
  maxSize: MAX_BYTES,
  sizeCalculation: (entry) => entry.size,
})

function dropEverything() {
  generation += 1
  entries.clear()
}

/** Content that public pages show changed: every cached answer is rebuilt on its next request, in every process. */
export function contentChanged() {
  dropEverything()
  publishChange()
}

/** Tag of every member record behind a token (member-tokens.ts): a write to one of its columns refreshes them. */
export const MEMBER_RECORDS_TAG = 'member-records'
/** Tag of every "was this token signed out" answer: a sign-out refreshes them. */
export const REVOKED_TOKENS_TAG = 'revoked-tokens'
const MEMBER_RECORD_COLUMNS = new Set(['id', 'memberNo', 'role', 'tokenVersion', 'deletedAt', 'disabledAt', 'passwordChangeDue'])

// Model writes: the database tells other processes itself (PostgreSQL triggers, SQLite's counter).
afterWrite((model, isContent, columns) => {
  if (isContent) dropEverything()
  else if (model === 'Member' && (!columns || columns.some((column) => MEMBER_RECORD_COLUMNS.has(column)))) bumpTags([MEMBER_RECORDS_TAG])
  else if (model === 'RevokedToken') bumpTags([REVOKED_TOKENS_TAG])
})

function bumpTags(tags: Iterable<string>) {
  for (const tag of tags) tagVersions.set(tag, (tagVersions.get(tag) ?? 0) + 1)
}

/** Rows behind these tags changed (e.g. `member:12` after that member's write), in every process. */
export function tagsChanged(tags: Iterable<string>) {
  const list = [...tags]
  bumpTags(list)
  if (list.length) publishChange(list)
}

/** Another process's change (PostgreSQL): the same effect as the write would have had here. */
function otherProcessChanged(change: OtherProcessChange) {
  if ('tags' in change) bumpTags(change.tags)
  else if ('unknown' in change) dropEverything()
  else if (change.table === 'Member') bumpTags([MEMBER_RECORDS_TAG])
  else if (change.table === 'RevokedToken') bumpTags([REVOKED_TOKENS_TAG])
  else dropEverything()
}

export const memberTag = (memberId: number) => `member:${memberId}`

/** Kept for tests and scripts that write rows directly and want the next read to see them. */
export const invalidateContentCache = contentChanged

/** Reads the database's change counter at most once a second; a change drops everything. */
function pollOtherProcesses() {
  if (isWatched) return
  const now = Date.now()
  if (now - polledAt < POLL_MS || polling) return
  polledAt = now
  // Started on first use, so scripts that never cache never hold a listening connection.
  isWatched = watchOtherProcesses(otherProcessChanged)
  if (isWatched) return
  polling = changeCounter()
    .then((counter) => {
      if (seenCounter !== undefined && counter !== seenCounter) contentChanged()
      seenCounter = counter
    })
    .catch(() => undefined)
    .finally(() => (polling = undefined))
}

function stampFor(tags: readonly string[]): Stamp {
  return { generation, tags, versions: tags.map((tag) => tagVersions.get(tag) ?? 0), builtAt: Date.now() }
}

function isFresh(stamp: Stamp): boolean {
  if (stamp.generation !== generation || Date.now() - stamp.builtAt > MAX_AGE_MS) return false
  for (let i = 0; i < stamp.tags.length; i++) if ((tagVersions.get(stamp.tags[i]) ?? 0) !== stamp.versions[i]) return false
  return true
}

export type CacheOptions<T> = {
  tags?: readonly string[]
  /** Bytes the value holds, for the size bound; small values may leave it out. */
  sizeOf?: (value: T) => number
  /** Failures worth remembering (a 404 for an unknown id); any other failure is retried next time. */
  keepError?: (error: unknown) => boolean
}

/**
 * The value of `build()` under `key`, shared by concurrent callers and reused while fresh. A build
 * that throws is remembered too (an unknown id stays a cheap 404), and so is its error.
 */
export function cached<T>(key: string, build: () => Promise<T> | T, options: CacheOptions<T> = {}): Promise<T> {
  pollOtherProcesses()
  const hit = entries.get(key)
  if (hit && isFresh(hit.stamp)) {
    cacheHit.inc()
    return hit.value as Promise<T>
  }
  cacheMiss.inc()
  const entry: Entry = { stamp: stampFor(options.tags ?? []), value: Promise.resolve(), size: 256 }
  entry.value = (async () => build())().then(
    (value) => {
      entry.settled = { value }
      // Re-set with its real size once known; skipped if something newer took the key meanwhile.
      if (options.sizeOf && entries.peek(key) === entry) {
        entry.size = Math.max(64, options.sizeOf(value))
        entries.set(key, entry)
      }
      return value
    },
    (error: unknown) => {
      entry.settled = { error }
      if (!options.keepError?.(error) && entries.peek(key) === entry) entries.delete(key)
      throw error
    },
  )
  // Rejections are handled by whoever awaits the value; keep an unobserved one quiet.
  entry.value.catch(() => undefined)
  entries.set(key, entry)
  return entry.value as Promise<T>
}
