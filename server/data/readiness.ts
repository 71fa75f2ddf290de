// What /readyz checks: the portal can do its work now. A process that is up (/healthz) may still
// be unready: its database unreachable, a migration not applied, or no room left for uploads (local
// storage) or its bucket unreachable (S3 storage).
import fs from 'node:fs'
import path from 'node:path'
import { appliedMigrations, databaseAnswers } from './sql'
import { env } from '../env'
import { projectRoot } from '../lib/database-url'
import { storage } from '../lib/storage'

/** Below this much free space under the upload folder the portal reports itself unready. */
export const MIN_FREE_UPLOAD_BYTES = 512 * 1024 * 1024

export type Check = { ok: boolean; detail?: string }
/** `uploadDisk` with local storage, `uploadStorage` (the bucket answers) with S3. */
export type Readiness = { ok: boolean; checks: { database: Check; migrations: Check; uploadDisk?: Check; uploadStorage?: Check } }

/**
 * Migration folders shipped with this build for this database, read once: they do not change while
 * it runs. PostgreSQL has its own committed migrations (scripts/migrate.ts), recorded under the same
 * folder names in "_portal_migrations".
 */
let shipped: string[] | undefined
function shippedMigrations(): string[] {
  const folder = env.databaseDialect === 'postgres' ? ['prisma', 'postgres', 'migrations'] : ['prisma', 'migrations']
  shipped ??= fs
    .readdirSync(path.join(projectRoot, ...folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
  return shipped
}

async function checkDatabase(): Promise<Check> {
  try {
    return (await databaseAnswers()) ? { ok: true } : { ok: false, detail: 'unexpected answer' }
  } catch (error) {
    return { ok: false, detail: (error as Error).message.split('\n')[0] }
  }
}

async function checkMigrations(): Promise<Check> {
  try {
    const applied = new Set(await appliedMigrations())
    const missing = shippedMigrations().filter((name) => !applied.has(name))
    return missing.length ? { ok: false, detail: `not applied: ${missing.join(', ')}` } : { ok: true }
  } catch (error) {
    return { ok: false, detail: (error as Error).message.split('\n')[0] }
  }
}

/** Bytes an ordinary writer may still put under `dir` (created when missing); the upload pipeline asks too. */
export async function freeDiskBytes(dir: string): Promise<number> {
  await fs.promises.mkdir(dir, { recursive: true })
  const stats = await fs.promises.statfs(dir)
  return stats.bavail * stats.bsize
}

async function checkUploadDisk(uploadDir: string, minFree: number): Promise<Check> {
  try {
    const free = await freeDiskBytes(uploadDir)
    const detail = `${Math.round(free / 1024 / 1024)} MB free`
    return free >= minFree ? { ok: true, detail } : { ok: false, detail: `${detail}, need ${Math.round(minFree / 1024 / 1024)} MB` }
  } catch (error) {
    return { ok: false, detail: (error as Error).message.split('\n')[0] }
  }
}

/**
 * The bucket answers a lookup with these credentials (a missing key is an answer). Its free room is
 * the provider's business; the local disk then only holds multipart temp files, which the upload
 * admission guards, so a full temp disk refuses uploads without taking the process out of service.
 */
async function checkUploadStorage(): Promise<Check> {
  try {
    await storage().stat('readyz-probe')
    return { ok: true }
  } catch (error) {
    return { ok: false, detail: (error as Error).message.split('\n')[0] }
  }
}

export async function readiness(uploadDir: string, minFreeBytes = MIN_FREE_UPLOAD_BYTES): Promise<Readiness> {
  const isLocal = storage().kind === 'local'
  const [database, migrations, files] = await Promise.all([
    checkDatabase(),
    checkMigrations(),
    isLocal ? checkUploadDisk(uploadDir, minFreeBytes) : checkUploadStorage(),
  ])
  const checks = isLocal ? { database, migrations, uploadDisk: files } : { database, migrations, uploadStorage: files }
  return { ok: database.ok && migrations.ok && files.ok, checks }
}
