// A second SQLite connection beside Prisma's, with cached prepared statements, for the hot
// public paths (lists, course details, search, view counting) and for change detection.
//
// Why not Prisma there: Prisma 6.19's query compiler spends about 1.5 ms of CPU on every query,
// even `SELECT 1` (measured, 2 cores); a prepared statement here costs 5-50 µs. Services still
// use Prisma everywhere else, where a query's cost is noise next to the page it serves.
//
// PRAGMA data_version on this connection changes whenever *another* connection commits (this
// process's Prisma client, the seed importer, a shell), which is what content-cache.ts polls.
// Its own commits (view counters) do not change it, so page views never trigger rebuilds.
import Database from 'better-sqlite3'
import { env } from '../env'

let connection: Database.Database | undefined
const statements = new Map<string, Database.Statement>()

export function sqlite(): Database.Database {
  if (!connection) {
    connection = new Database(env.databaseUrl.replace(/^file:/, ''), { fileMustExist: true })
    // Never wait for a lock: a synchronous wait would block the event loop, and the lock may be
    // held by a Prisma transaction that needs that very loop to finish. Reads never wait in WAL
    // mode (the server's mode); the one write here (views) falls back to Prisma when busy.
    connection.pragma('busy_timeout = 0')
  }
  return connection
}

/** A prepared statement for `sql`, compiled once per connection. */
export function prepared<P extends unknown[] | {} = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
  let statement = statements.get(sql)
  if (!statement) {
    statement = sqlite().prepare(sql)
    statements.set(sql, statement)
  }
  return statement as Database.Statement<P, R>
}

/** Changes whenever another connection commits; no I/O beyond the shared-memory header. */
export const dataVersion = () => sqlite().pragma('data_version', { simple: true }) as number

export const isBusy = (error: unknown) =>
  error instanceof Database.SqliteError && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')

/** SQLite text timestamps (Prisma's `…+00:00`, CURRENT_TIMESTAMP's `YYYY-MM-DD HH:MM:SS` in UTC) as ISO strings, like Prisma's Dates serialize. */
export function isoDate(value: string | null): string | null {
  if (value === null) return null
  const utc = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}Z` : value
  const date = new Date(/^\d+$/.test(utc) ? Number(utc) : utc)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}
