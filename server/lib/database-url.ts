import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export type DatabaseDialect = 'sqlite' | 'postgres'

/** A PostgreSQL address (postgres:// or postgresql://); anything else is a SQLite file. */
export const isPostgresDatabaseUrl = (raw: string | undefined) => /^postgres(ql)?:\/\//i.test(raw?.trim() ?? '')

/** Which database DATABASE_URL names: SQLite (the embedded default) or PostgreSQL. */
export const databaseDialect = (raw = process.env.DATABASE_URL): DatabaseDialect => (isPostgresDatabaseUrl(raw) ? 'postgres' : 'sqlite')

/** The SQLite address when DATABASE_URL is unset: data/portal.db in the project. */
export const DEFAULT_DATABASE_URL = 'file:./data/portal.db'

/**
 * Why DATABASE_URL names no database the portal can use, or undefined: it must be a SQLite file
 * (`file:…`) or a PostgreSQL server (`postgres://` / `postgresql://`). Anything else (mysql://, a bare
 * path) would otherwise become a SQLite file with a strange name.
 */
export function databaseUrlProblem(raw: string | undefined): string | undefined {
  const value = raw?.trim()
  if (!value || isPostgresDatabaseUrl(value)) return undefined
  if (/^file:/i.test(value) && value.slice('file:'.length).trim()) return undefined
  return (
    `DATABASE_URL: 应为 SQLite 数据库文件（file:./data/portal.db）或 PostgreSQL 地址（postgresql://用户:密码@主机:5432/库名），当前为 "${redactDatabaseUrl(value)}" / ` +
    'must be file:<path> (SQLite) or postgresql://… (PostgreSQL)'
  )
}

/** The URL with any password replaced, for logs and messages. */
export const redactDatabaseUrl = (url: string) => url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@')

/**
 * The database URL, from DATABASE_URL or data/portal.db. A PostgreSQL URL is kept as it is; a SQLite
 * path is resolved against the project root so the CLI, the server and the tests agree on one file.
 * Pure: nothing is created here (a refused start writes nothing); see database-files.ts.
 */
export function databaseUrl(raw = process.env.DATABASE_URL): string {
  if (isPostgresDatabaseUrl(raw)) return raw!.trim()
  const value = raw && raw.trim() ? raw.trim() : DEFAULT_DATABASE_URL
  const filePath = value.replace(/^file:/i, '')
  const absolute = path.isAbsolute(filePath) ? filePath : path.resolve(projectRoot, filePath)
  return `file:${absolute}`
}

/** What an operator is told a command acts on: the SQLite file, or the PostgreSQL server without its password. */
export const describeDatabase = (url: string) =>
  isPostgresDatabaseUrl(url) ? `PostgreSQL ${redactDatabaseUrl(url)}` : `SQLite ${url.replace(/^file:/, '')}`

/** The SQLite file; throws on PostgreSQL, which has no file (file-based steps must check the dialect first). */
export function databaseFile(raw?: string): string {
  const url = databaseUrl(raw)
  if (isPostgresDatabaseUrl(url)) throw new Error('PostgreSQL 数据库没有数据库文件 / a PostgreSQL database has no database file')
  return url.replace(/^file:/, '')
}

/**
 * Why file-based backups (npm run backup / restore, BACKUP_CRON) cannot serve this database, or
 * undefined on SQLite. PostgreSQL is backed up with its own tools (docs: pg_dump / pg_restore,
 * or the provider's snapshots); uploads are copied separately.
 */
export function fileBackupProblem(raw = process.env.DATABASE_URL): string | undefined {
  if (!isPostgresDatabaseUrl(raw)) return undefined
  return (
    '备份与恢复只支持 SQLite 数据库文件；PostgreSQL 数据库请用 pg_dump / pg_restore（或云数据库的快照）备份，上传文件另行备份。\n' +
    'Backup and restore handle the SQLite database file only: back up PostgreSQL with pg_dump / pg_restore (or your provider’s snapshots), and the uploads separately.'
  )
}
