// `npm run restore -- <archive>`: replaces the database and the uploads with a backup's. Stop the
// portal first (the restore refuses while the database is open). The current data is backed up into
// BACKUP_DIR first, unless `--no-safety-backup` is given (for a database too damaged to copy).
import fs from 'node:fs'
import path from 'node:path'
import { env } from '../server/env'
import { assertDatabaseNotInUse, BackupError, createBackup, restoreBackup } from '../server/lib/backup'
import { databaseFile, fileBackupProblem } from '../server/lib/database-url'

async function main() {
  // SQLite files only: PostgreSQL has its own tools (pg_dump).
  const problem = fileBackupProblem(env.databaseUrl)
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
  const args = process.argv.slice(2)
  const skipSafetyBackup = args.includes('--no-safety-backup')
  const archives = args.filter((arg) => !arg.startsWith('--'))
  if (archives.length !== 1) {
    console.error('用法：npm run restore -- <备份文件.tar.gz> [--no-safety-backup]')
    console.error('Usage: npm run restore -- <backup.tar.gz> [--no-safety-backup]')
    process.exit(1)
  }
  // npm runs scripts from the project root; a relative path means the folder the command was typed in.
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), archives[0])
  const dbFile = databaseFile(env.databaseUrl)

  assertDatabaseNotInUse(dbFile)
  // Nothing to keep on a fresh machine.
  if (!skipSafetyBackup && fs.existsSync(dbFile)) {
    try {
      const safety = await createBackup({ backupDir: env.BACKUP_DIR })
      console.log(`已先为当前数据做了备份：${safety.file}`)
      console.log(`The current data was backed up first: ${safety.file}`)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      console.error(`无法备份当前数据（${reason}），未做任何改动。若当前数据库已损坏，可加 --no-safety-backup 跳过这一步。`)
      console.error(`Could not back up the current data (${reason}); nothing was changed. Add --no-safety-backup to skip this step.`)
      process.exit(1)
    }
  }

  const manifest = await restoreBackup({ archive, databaseFile: dbFile, uploadDir: env.UPLOAD_DIR })
  console.log(`已恢复 ${manifest.createdAt} 的备份：数据库 ${dbFile}，上传文件 ${manifest.uploads.files} 个。运行 npm start 启动名师网。`)
  console.log(`Restored the backup of ${manifest.createdAt}: database ${dbFile}, ${manifest.uploads.files} upload files. Run npm start.`)
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) console.error(`恢复失败：${error.message}\nRestore failed: ${error.english}`)
  else console.error('恢复失败 / Restore failed:', error)
  process.exit(1)
})
