// Cache freshness across processes on PostgreSQL, through LISTEN/NOTIFY on one channel:
//   * triggers (prisma/postgres/migrations/*_change_notify) send '<table>|<application_name>' when
//     content, a member's token columns or a revoked token change, whoever writes them;
//   * a process's cache sends 'tags:<tag>,<tag>|<its name>' when it marks tags changed
//     (publishChange below), so answers another process keeps for that member or list go stale too.
// Each process keeps one dedicated connection LISTENing and hands other processes' changes to the
// cache. A lost connection counts as "anything may have changed" and is re-established. Writes that
// pages never show (rate limits, codes, leases, views) send nothing, so they stay cheap.
import pg from 'pg'
import { connectionName, postgresPool } from '../../db'
import { env } from '../../env'

export const CHANGES_CHANNEL = 'portal_changes'
const RECONNECT_MS = 1000

/** What another process changed: a table's rows, tags of cached answers, or unknown (a lost connection). */
export type OtherProcessChange = { table: string } | { tags: string[] } | { unknown: true }
type Handler = (change: OtherProcessChange) => void

let handler: Handler | undefined
let listener: pg.Client | undefined
let connecting: Promise<void> | undefined
let stopped = false
/** Set after the first connection: what a reconnection missed is unknown, the first start missed nothing cached. */
let hasListened = false

function parse(payload: string): OtherProcessChange | undefined {
  const bar = payload.lastIndexOf('|')
  // Our own changes are handled in-process (db.ts afterWrite, cache.ts).
  if (bar < 0 || payload.slice(bar + 1) === connectionName) return undefined
  const what = payload.slice(0, bar)
  return what.startsWith('tags:') ? { tags: what.slice('tags:'.length).split(',') } : { table: what }
}

function retryLater() {
  if (!stopped) setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS).unref()
}

function listen(): Promise<void> {
  connecting ??= (async () => {
    const client = new pg.Client({ connectionString: env.databaseUrl, application_name: `${connectionName}:listen` })
    const lost = () => {
      if (listener !== client) return
      listener = undefined
      handler?.({ unknown: true })
      client.end().catch(() => undefined)
      retryLater()
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (message) => {
      const change = message.payload ? parse(message.payload) : undefined
      if (change) handler?.(change)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANGES_CHANNEL}`)
      // Listening alone must not keep a finished script alive (the server stays up by its own socket).
      ;(client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.()
      listener = client
      // After a lost connection, what changed meanwhile is unknown. (At first start only answers
      // built in the few milliseconds before LISTEN took effect could miss a change; they still
      // expire within a minute.)
      if (hasListened) handler?.({ unknown: true })
      hasListened = true
    } catch (error) {
      client.end().catch(() => undefined)
      retryLater()
      throw error
    }
  })().finally(() => (connecting = undefined))
  return connecting
}

/** Hands other processes' changes to `onChange`; connects on the first call, later calls only swap the handler. */
export function watchOtherProcesses(onChange: Handler): boolean {
  handler = onChange
  if (!listener && !connecting && !stopped) listen().catch(() => undefined)
  return true
}

/** Tells the other processes that answers under these tags changed (or all content, with no tags). */
export function publishChange(tags?: readonly string[]): void {
  const what = tags ? `tags:${tags.join(',')}` : 'content'
  // Straight to the pool, not through Prisma: every member write sends one (see run() in postgres.ts).
  postgresPool()
    .query({ name: 'portal-notify', text: 'SELECT pg_notify($1::text, $2::text)', values: [CHANGES_CHANNEL, `${what}|${connectionName}`] })
    .catch(() => undefined)
}

/** Closes the listening connection (tests, shutdown). */
export async function stopWatching(): Promise<void> {
  stopped = true
  const client = listener
  listener = undefined
  await client?.end().catch(() => undefined)
}

/**
 * Listens again, on the database the process uses now: the test harness points one process at each
 * test file's database in turn (server/test/per-file-state.ts); a server never changes database.
 */
export async function listenOnCurrentDatabase(): Promise<void> {
  await connecting?.catch(() => undefined)
  const client = listener
  listener = undefined
  await client?.end().catch(() => undefined)
  if (handler && !stopped) await listen().catch(() => undefined)
}
