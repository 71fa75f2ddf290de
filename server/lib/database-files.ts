// The SQLite file and its companions hold members' phones and password hashes: owner-only, like the
// secret beside them and the backups. SQLite gives its -wal and -shm files the database file's own
// permissions, so creating the database 0600 (and tightening an older 0644 one) covers all three.
import fs from 'node:fs'
import path from 'node:path'
import { CommandError } from './config-error'

export const PRIVATE_FILE_MODE = 0o600
export const PRIVATE_DIR_MODE = 0o700

const COMPANIONS = ['', '-wal', '-shm', '-journal']

/** Creates `dir` owner-only when it is missing; an existing folder keeps the mode its owner gave it. */
export function ensurePrivateDir(dir: string): void {
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/** Makes the database's folder and an empty owner-only file when missing, and tightens existing files to 0600. */
export function prepareDatabaseFile(file: string): void {
  ensurePrivateDir(path.dirname(file))
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE))
  for (const suffix of COMPANIONS) {
    const companion = file + suffix
    try {
      if ((fs.statSync(companion).mode & 0o077) !== 0) fs.chmodSync(companion, PRIVATE_FILE_MODE)
    } catch {
      // Absent (no WAL yet) or not ours to change: nothing to tighten.
    }
  }
}

/**
 * Refuses, naming the file, when a command that works on an existing database (admin, backup, media)
 * finds none: opening it would create an empty database in the wrong place.
 */
export function assertDatabaseFileExists(file: string): void {
  if (fs.existsSync(file) && fs.statSync(file).size > 0) return
  throw new CommandError(
    `数据库文件不存在：${file}\n请检查 DATABASE_URL（环境变量或 .env），或先运行 npm start / npm run db:migrate 创建数据库。\n` +
      `No database at ${file}: check DATABASE_URL (environment or .env), or create it with npm start / npm run db:migrate.`,
  )
}
