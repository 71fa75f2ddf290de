// `npm run backup`: one archive of the database and the uploads into BACKUP_DIR (default backups/),
// then only the newest BACKUP_KEEP (default 14) are kept. Safe while the portal is running.
import { actOn, runCommand } from './command'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

runCommand(
  async () => {
    const { env } = await import('../server/env')
    const { CommandError } = await import('../server/lib/config-error')
    const { fileBackupProblem } = await import('../server/lib/database-url')
    const { createBackup, pruneBackups } = await import('../server/lib/backup')
    // SQLite files only: PostgreSQL has its own tools (pg_dump).
    const problem = fileBackupProblem(env.databaseUrl)
    if (problem) throw new CommandError(problem)
    await actOn(['database', 'uploads', 'backups'], { existingDatabase: true })

    const { file, manifest } = await createBackup({ backupDir: env.BACKUP_DIR })
    const database = megabytes(manifest.database.bytes)
    const files = manifest.uploads.files
    console.log(`已备份到 ${file}（数据库 ${database}，上传文件 ${files} 个）`)
    console.log(`Backup written to ${file} (database ${database}, ${files} upload files).`)
    const removed = await pruneBackups(env.BACKUP_DIR, env.BACKUP_KEEP)
    if (removed.length) {
      console.log(`已删除较早的备份 ${removed.length} 个，保留最新的 ${env.BACKUP_KEEP} 个`)
      console.log(`Removed ${removed.length} older backups, keeping the newest ${env.BACKUP_KEEP}.`)
    }
  },
  { failed: '备份失败 / Backup failed' },
)
