// Backups: one .tar.gz per run holding a consistent copy of the database, every uploaded file (local
// storage; with S3 storage the bucket keeps them and the backup is the database only) and a
// manifest, taken while the portal keeps serving writes; and the restore that checks all of it
// before replacing anything. Plain functions: the CLIs (scripts/backup.ts, scripts/restore.ts) and
// the schedule (backup-schedule.ts) call them. docs/DECISIONS.md, "Backups", explains the rules.
import { sha256OfFile } from './sha256'
import crypto from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import { z } from 'zod'
import { env } from '../env'
import { databaseFile as databaseFileOf } from './database-url'
import { storage } from './storage'

const DB_ENTRY = 'portal.db'
const MANIFEST_ENTRY = 'manifest.json'
const UPLOADS_ENTRY = 'uploads'
const NAME = /^mingshi-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.gz$/
/** Work folder of a backup being written (in the backup folder); never listed, removed when stale. */
const PARTIAL_PREFIX = '.partial-mingshi-backup-'
/** Work folder of a restore being unpacked (inside the upload folder, so its files move by rename). */
const RESTORE_PREFIX = '.restore-'
/**
 * Folders of the upload folder that are not content: multipart temp files, resumable uploads on their
 * way in (up to gigabytes each; a restored database no longer names them, and the sweep removes them),
 * and restores under way.
 */
const isWorkFolder = (name: string) => name === '.tmp' || name === '.resumable' || name.startsWith(RESTORE_PREFIX)
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000
/** better-sqlite3 clamps a step to this many pages: the whole database in one step. */
const ALL_PAGES = 0x7fffffff

/** A refusal or failure worded for the operator: `message` in Chinese, `english` for the CLI's second line. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly english: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'BackupError'
  }
}

const manifestSchema = z.object({
  format: z.literal('mingshi-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  migrations: z.array(z.string()),
  database: z.object({
    file: z.literal(DB_ENTRY),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().nonnegative(),
  }),
  // `storage: 's3'`: the files live in a bucket and the backup holds the database only (no uploads/).
  uploads: z.object({
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    storage: z.enum(['local', 's3']).optional(),
  }),
})
export type BackupManifest = z.infer<typeof manifestSchema>

export type BackupInfo = { name: string; file: string; createdAt: Date; bytes: number }

const pad = (n: number) => String(n).padStart(2, '0')

/** `mingshi-backup-YYYYMMDD-HHMMSS.tar.gz` in the server's local time, so names sort by age. */
export function backupName(now: Date): string {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
  return `mingshi-backup-${day}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.tar.gz`
}

/** Files under `root` as sorted `a/b.png` paths, top-level work folders left out; none when it is missing. */
async function listFiles(root: string): Promise<{ files: string[]; bytes: number }> {
  const files: string[] = []
  let bytes = 0
  const walk = async (dir: string, prefix: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && dir === root) return []
      throw error
    })
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (dir === root && isWorkFolder(entry.name)) continue
      const full = path.join(dir, entry.name)
      // Only folders and regular files: a link or socket in the upload folder is not content.
      if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`)
      else if (entry.isFile()) {
        files.push(`${prefix}${entry.name}`)
        bytes += (await fs.stat(full)).size
      }
    }
  }
  await walk(root, '')
  return { files, bytes }
}

/**
 * The database as it is at one instant, written to `target`. A separate read-only connection runs
 * SQLite's online backup API in ONE step, which copies every page inside one read transaction: the
 * copy is a single committed state however many writes the portal makes meanwhile (WAL lets them go
 * on), and it cannot be restarted by them as a paged backup would be. The copy is switched to a
 * rollback journal so it is one self-contained file.
 */
async function copyDatabase(databaseFile: string, target: string): Promise<string[]> {
  if (!existsSync(databaseFile))
    throw new BackupError(`找不到数据库文件 ${databaseFile}`, `The database file ${databaseFile} does not exist.`)
  const source = new Database(databaseFile, { readonly: true, fileMustExist: true, timeout: 5000 })
  try {
    await source.backup(target, { progress: () => ALL_PAGES })
  } finally {
    source.close()
  }
  const copy = new Database(target, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
    const rows = copy
      .prepare(
        'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
      )
      .all() as { name: string }[]
    return rows.map((row) => row.name)
  } catch (error) {
    throw new BackupError(
      '数据库中没有迁移记录（_prisma_migrations）：它不是名师网数据库，或尚未迁移',
      'The database has no _prisma_migrations table: it is not a portal database, or it was never migrated.',
      { cause: error },
    )
  } finally {
    copy.close()
  }
}

/** node-tar stores a second hard link to one file as a link entry; store every file in full instead. */
class NoHardLinks extends Map<`${number}:${number}`, string> {
  override set() {
    return this
  }
}

/** Writes the archive: every entry is added by its absolute path and named by `entries` (absolute path -> name). */
async function writeArchive(file: string, entries: Map<string, string>) {
  const warnings: string[] = []
  await tar.create(
    {
      file,
      mode: 0o600,
      gzip: true,
      portable: true,
      noDirRecurse: true,
      linkCache: new NoHardLinks(),
      // TAR_ENTRY_INFO says the leading "/" of an absolute path was dropped: the name is set below anyway.
      onwarn: (code, message) => void (code === 'TAR_ENTRY_INFO' || warnings.push(`${code}: ${message}`)),
      onWriteEntry: (entry) => {
        entry.path = entries.get(entry.absolute) ?? entry.path
      },
    },
    [...entries.keys()],
  )
  if (warnings.length)
    throw new BackupError(`打包上传文件时出错：${warnings.join('; ')}`, `Packing the uploads failed: ${warnings.join('; ')}`)
}

async function fsyncFile(file: string) {
  const handle = await fs.open(file, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export type CreateBackupOptions = {
  backupDir: string
  now?: Date
  /** Defaults to the portal's database (DATABASE_URL). */
  databaseFile?: string
  /** Defaults to UPLOAD_DIR. */
  uploadDir?: string
}

/**
 * Writes `mingshi-backup-YYYYMMDD-HHMMSS.tar.gz` into `backupDir`: `manifest.json`, `portal.db` and
 * `uploads/...` (the upload folder without `.tmp` and `.resumable`). Everything is written inside a hidden work
 * folder and the finished archive renamed into place, so a file with the backup name is complete.
 * The database is copied first; files uploaded later are still packed (harmless extra files).
 */
export async function createBackup(options: CreateBackupOptions): Promise<{ name: string; file: string; manifest: BackupManifest }> {
  const { backupDir, now = new Date() } = options
  const databaseFile = options.databaseFile ?? databaseFileOf(env.databaseUrl)
  const uploadDir = options.uploadDir ?? env.UPLOAD_DIR
  const name = backupName(now)
  const target = path.join(backupDir, name)
  const taken = () =>
    new BackupError(`已有同名备份 ${name}：同一秒内只能备份一次`, `A backup named ${name} already exists: at most one backup per second.`)
  await fs.mkdir(backupDir, { recursive: true, mode: 0o700 })
  if (existsSync(target)) throw taken()

  const work = await fs.mkdtemp(path.join(backupDir, `${PARTIAL_PREFIX}${name.slice('mingshi-backup-'.length, -'.tar.gz'.length)}-`))
  try {
    const dbCopy = path.join(work, DB_ENTRY)
    const migrations = await copyDatabase(databaseFile, dbCopy)
    // With S3 storage the bucket keeps the files (its versioning or replication is their backup):
    // the archive is the database only, and a restore leaves the files where they are.
    const isLocal = storage().kind === 'local'
    const uploads = isLocal ? await listFiles(uploadDir) : { files: [], bytes: 0 }
    const manifest: BackupManifest = {
      format: 'mingshi-backup',
      version: 1,
      createdAt: now.toISOString(),
      migrations,
      database: { file: DB_ENTRY, sha256: await sha256OfFile(dbCopy), bytes: (await fs.stat(dbCopy)).size },
      uploads: { files: uploads.files.length, bytes: uploads.bytes, storage: storage().kind },
    }
    const manifestFile = path.join(work, MANIFEST_ENTRY)
    await fs.writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })

    const entries = new Map([
      [manifestFile, MANIFEST_ENTRY],
      [dbCopy, DB_ENTRY],
    ])
    for (const file of uploads.files) entries.set(path.join(uploadDir, ...file.split('/')), `${UPLOADS_ENTRY}/${file}`)
    const partial = path.join(work, 'archive.tar.gz')
    await writeArchive(partial, entries)
    await fsyncFile(partial)
    if (existsSync(target)) throw taken()
    await fs.rename(partial, target)
    return { name, file: target, manifest }
  } finally {
    await fs.rm(work, { recursive: true, force: true })
  }
}

/** The finished backups in `backupDir`, newest first (work folders and other files are ignored). */
export async function listBackups(backupDir: string): Promise<BackupInfo[]> {
  const names = await fs.readdir(backupDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  const backups: BackupInfo[] = []
  for (const name of names) {
    const match = NAME.exec(name)
    if (!match) continue
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number)
    const file = path.join(backupDir, name)
    const stat = await fs.stat(file)
    if (!stat.isFile()) continue
    backups.push({ name, file, createdAt: new Date(year, month - 1, day, hour, minute, second), bytes: stat.size })
  }
  return backups.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
}

/**
 * Keeps the newest `keep` backups and deletes the older ones; also removes work folders of backups
 * that died more than a day ago. Returns the names deleted.
 */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep must be a positive integer, got ${keep}`)
  const removed: string[] = []
  for (const backup of (await listBackups(backupDir)).slice(keep)) {
    await fs.rm(backup.file, { force: true })
    removed.push(backup.name)
  }
  for (const name of await fs.readdir(backupDir).catch(() => [] as string[])) {
    if (!name.startsWith(PARTIAL_PREFIX)) continue
    const full = path.join(backupDir, name)
    const stat = await fs.stat(full).catch(() => undefined)
    if (stat && Date.now() - stat.mtimeMs > STALE_PARTIAL_MS) await fs.rm(full, { recursive: true, force: true })
  }
  return removed
}

/**
 * Refuses while another connection has the database open. A portal process keeps a shared lock on
 * its WAL database for as long as it runs, even when idle, so taking an exclusive lock (with no
 * waiting) succeeds only when nobody else has the file open. A plain BEGIN IMMEDIATE would miss an
 * idle server: it only conflicts with a write under way.
 */
export function assertDatabaseNotInUse(databaseFile: string) {
  if (!existsSync(databaseFile)) return
  let probe: Database.Database | undefined
  try {
    probe = new Database(databaseFile, { fileMustExist: true, timeout: 0 })
    probe.pragma('locking_mode = EXCLUSIVE')
    probe.exec('BEGIN EXCLUSIVE')
    probe.exec('COMMIT')
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
      throw new BackupError(
        `数据库 ${databaseFile} 正在被使用：请先停止名师网服务，再恢复备份`,
        `The database ${databaseFile} is in use: stop the portal before restoring a backup.`,
      )
    // Anything else means a damaged file, which the restore is about to replace.
  } finally {
    probe?.close()
  }
}

const corrupt = (detail: string, english: string, cause?: unknown) =>
  new BackupError(
    `备份文件已损坏或不完整（${detail}），未做任何改动`,
    `The backup is damaged or incomplete (${english}); nothing was changed.`,
    {
      cause,
    },
  )

/** Unpacks the archive into `staging` and checks it against its manifest; throws before anything is replaced. */
async function unpackAndVerify(archive: string, staging: string): Promise<BackupManifest> {
  const unexpected: string[] = []
  try {
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      // Only the three kinds of entries a backup has, and only plain files and folders (no links).
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : undefined
        const known = entryPath === MANIFEST_ENTRY || entryPath === DB_ENTRY || entryPath.startsWith(`${UPLOADS_ENTRY}/`)
        const ok = known && (type === 'File' || type === 'Directory')
        if (!ok) unexpected.push(entryPath)
        return ok
      },
    })
  } catch (error) {
    throw corrupt(`无法解压：${(error as Error).message}`, `cannot unpack: ${(error as Error).message}`, error)
  }
  if (unexpected.length) throw corrupt(`含有不属于备份的条目 ${unexpected[0]}`, `unexpected entry ${unexpected[0]}`)

  let manifest: BackupManifest
  try {
    manifest = manifestSchema.parse(JSON.parse(await fs.readFile(path.join(staging, MANIFEST_ENTRY), 'utf8')))
  } catch (error) {
    throw corrupt('manifest.json 缺失或无效，这不是名师网备份', 'manifest.json is missing or invalid: not a portal backup', error)
  }
  const dbFile = path.join(staging, DB_ENTRY)
  if (!existsSync(dbFile)) throw corrupt('缺少 portal.db', 'portal.db is missing')
  if ((await sha256OfFile(dbFile)) !== manifest.database.sha256)
    throw corrupt('portal.db 的校验和与 manifest.json 不符', 'the checksum of portal.db does not match manifest.json')
  const uploads = await listFiles(path.join(staging, UPLOADS_ENTRY))
  if (uploads.files.length !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes)
    throw corrupt(
      `上传文件应有 ${manifest.uploads.files} 个，实为 ${uploads.files.length} 个`,
      `${uploads.files.length} upload files where the manifest lists ${manifest.uploads.files}`,
    )
  let result: unknown
  let check: Database.Database | undefined
  try {
    check = new Database(dbFile, { readonly: true, fileMustExist: true })
    result = check.pragma('integrity_check', { simple: true })
  } catch (error) {
    result = (error as Error).message
  } finally {
    check?.close()
  }
  if (result !== 'ok') throw corrupt(`数据库完整性检查未通过：${String(result)}`, `integrity_check failed: ${String(result)}`)
  return manifest
}

/** Renames, or copies when `to` is on another file system. */
async function moveFile(from: string, to: string) {
  try {
    await fs.rename(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    await fs.copyFile(from, to)
    await fs.rm(from, { force: true })
  }
}

export type RestoreOptions = { archive: string; databaseFile: string; uploadDir: string }

/**
 * Replaces the database and the upload folder's contents with a backup's. The archive is unpacked
 * into a work folder inside the upload folder and verified (manifest, portal.db checksum, upload
 * count and bytes, integrity_check) before anything is touched; it refuses while the database is in
 * use. Then the current uploads and database (with its -wal/-shm) are moved aside, the restored
 * ones moved in by rename, and only then the old ones deleted. A failure on the way moves
 * everything back.
 */
export async function restoreBackup({ archive, databaseFile, uploadDir }: RestoreOptions): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`找不到备份文件 ${archive}`, `The backup file ${archive} does not exist.`)
  await fs.mkdir(uploadDir, { recursive: true })
  const staging = await fs.mkdtemp(path.join(uploadDir, RESTORE_PREFIX))
  try {
    const manifest = await unpackAndVerify(archive, staging)
    assertDatabaseNotInUse(databaseFile)

    const undo: (() => Promise<void>)[] = []
    const move = async (from: string, to: string) => {
      await fs.rename(from, to)
      undo.push(() => fs.rename(to, from))
    }
    const suffix = crypto.randomBytes(4).toString('hex')
    const incoming = path.join(path.dirname(databaseFile), `.${path.basename(databaseFile)}.restore-${suffix}`)
    const replaced = `${databaseFile}.replaced-${suffix}`
    const sidecars = ['-wal', '-shm', '-journal', '']
    try {
      // The database file first lands next to its target (same file system), checked once more.
      await fs.mkdir(path.dirname(databaseFile), { recursive: true, mode: 0o700 })
      await moveFile(path.join(staging, DB_ENTRY), incoming)
      // Members' phones and password hashes: owner-only, whatever mode the archive's entry carried.
      await fs.chmod(incoming, 0o600)
      if ((await sha256OfFile(incoming)) !== manifest.database.sha256)
        throw corrupt('复制后的 portal.db 校验和不符', 'copied portal.db checksum')
      await fsyncFile(incoming)

      // A database-only backup (S3 storage) leaves the upload folder as it is.
      if (manifest.uploads.storage !== 's3') {
        const aside = path.join(staging, 'replaced')
        await fs.mkdir(aside)
        for (const name of await fs.readdir(uploadDir))
          if (!isWorkFolder(name)) await move(path.join(uploadDir, name), path.join(aside, name))
        const restored = path.join(staging, UPLOADS_ENTRY)
        if (existsSync(restored))
          for (const name of await fs.readdir(restored)) await move(path.join(restored, name), path.join(uploadDir, name))
      }

      // A stale -wal next to the restored file would be replayed onto it: the old one goes aside too.
      for (const tail of sidecars) if (existsSync(databaseFile + tail)) await move(databaseFile + tail, replaced + tail)
      await move(incoming, databaseFile)
    } catch (error) {
      for (const step of undo.reverse()) await step().catch(() => undefined)
      await fs.rm(incoming, { force: true })
      if (error instanceof BackupError) throw error
      throw new BackupError(
        `恢复失败，原有数据已放回：${(error as Error).message}`,
        `Restore failed and the previous data was put back: ${(error as Error).message}`,
        { cause: error },
      )
    }
    for (const tail of sidecars) await fs.rm(replaced + tail, { force: true })
    return manifest
  } finally {
    // Holds the replaced uploads by now: removing it completes the swap. Retried: when unpacking fails,
    // tar may still be closing files it was writing, and a folder gaining entries refuses rmdir (ENOTEMPTY).
    await fs.rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
  }
}
