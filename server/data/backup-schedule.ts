// Backups taken by the server itself on BACKUP_CRON (croner, local time), each followed by pruning
// to the newest BACKUP_KEEP. server/index.ts starts it once the server listens, in every process:
// each due time is claimed through a database lease named after that minute, so one process of the
// site takes the backup and the others skip it.
import { Cron } from 'croner'
import type { Env } from '../env'
import { createBackup, pruneBackups } from '../lib/backup'
import { databaseFile } from '../lib/database-url'
import { claimRun } from './lease'
import { logger } from '../lib/logger'

export type BackupScheduleEnv = Pick<Env, 'BACKUP_CRON' | 'BACKUP_DIR' | 'BACKUP_KEEP' | 'UPLOAD_DIR' | 'databaseUrl'>

/** One scheduled run: a failure is logged, never thrown (the server keeps serving; the next run tries again). */
async function runBackup(env: BackupScheduleEnv) {
  try {
    const backup = await createBackup({ backupDir: env.BACKUP_DIR, databaseFile: databaseFile(env.databaseUrl), uploadDir: env.UPLOAD_DIR })
    const removed = await pruneBackups(env.BACKUP_DIR, env.BACKUP_KEEP)
    logger.info(
      { file: backup.file, databaseBytes: backup.manifest.database.bytes, uploadFiles: backup.manifest.uploads.files, removed },
      'backup written',
    )
  } catch (error) {
    logger.error({ err: error, dir: env.BACKUP_DIR }, 'scheduled backup failed')
  }
}

/** How long a claimed due time stays claimed: far longer than processes' clocks and timers drift apart. */
const CLAIM_MS = 10 * 60_000

/** The backup due now, unless another process has claimed this minute's run. */
async function runIfClaimed(env: BackupScheduleEnv) {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()
  const claimed = await claimRun(`backup@${minute}`, CLAIM_MS).catch((error: unknown) => {
    logger.error({ err: error }, 'scheduled backup skipped: the database did not answer')
    return false
  })
  if (claimed) await runBackup(env)
}

/**
 * Takes a backup at every time BACKUP_CRON names (nothing when it is unset) and returns the function
 * that stops the schedule. A run still going when the next is due makes that one skip; the timer
 * never keeps the process alive.
 */
export function scheduleBackups(env: BackupScheduleEnv): () => void {
  if (!env.BACKUP_CRON) return () => undefined
  const job = new Cron(
    env.BACKUP_CRON,
    {
      mode: '5-part',
      unref: true,
      protect: () => logger.warn({ cron: env.BACKUP_CRON }, 'previous backup still running: this run is skipped'),
    },
    () => runIfClaimed(env),
  )
  logger.info({ cron: env.BACKUP_CRON, dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, nextRun: job.nextRun() }, 'backups scheduled')
  return () => job.stop()
}
