// A second, read-only SQLite connection beside Prisma's. PRAGMA data_version only changes for
// commits made by *other* connections, so polling it here sees every writer: this process's
// Prisma client, the seed importer, a shell. Search also reads through it, with cached prepared
// statements, because FTS5 queries are raw SQL anyway.
import Database from 'better-sqlite3'
import { env } from '../env'

let connection: Database.Database | undefined

export function readDb(): Database.Database {
  if (!connection) {
    connection = new Database(env.databaseUrl.replace(/^file:/, ''), { readonly: true, fileMustExist: true })
    connection.pragma('busy_timeout = 5000')
  }
  return connection
}

/** Changes whenever another connection commits; cheap (no I/O beyond the shared-memory header). */
export const dataVersion = () => readDb().pragma('data_version', { simple: true }) as number

export function closeReadDb() {
  connection?.close()
  connection = undefined
}
