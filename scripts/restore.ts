// `npm run restore -- <archive> [--database <file>] [--no-safety-backup]`: replaces the configured
// database (DATABASE_URL, from the environment or .env) and the uploads with a backup's. Stop the
// portal first (the restore refuses while the database is open). It names the database it replaces
// before acting, and refuses when `--database` names another one, or when the environment overrides
// a different DATABASE_URL in .env (which of the two the portal uses depends on how it is started).
// The current data is backed up into BACKUP_DIR first, unless `--no-safety-backup` is given (for a
// database too damaged to copy).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { runCommand, UsageError } from './command'

const USAGE = `用法 / usage: npm run restore -- <备份文件.tar.gz> [--database <数据库文件>] [--no-safety-backup]`

function parseCommandLine(argv: string[]) {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { database: { type: 'string' }, 'no-safety-backup': { type: 'boolean' } },
    })
    if (positionals.length !== 1) throw new UsageError('请指定一个备份文件 / name exactly one backup archive')
    return { archive: positionals[0], database: values.database, skipSafetyBackup: values['no-safety-backup'] === true }
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError((error as Error).message)
  }
}

runCommand(
  async () => {
    const args = parseCommandLine(process.argv.slice(2))
    const { env } = await import('../server/env')
    const { CommandError } = await import('../server/lib/config-error')
    const { describeTargets } = await import('../server/lib/config-summary')
    const { databaseFile, databaseUrl, fileBackupProblem } = await import('../server/lib/database-url')
    const { envFileValues } = await import('../server/lib/load-env-file')
    const { assertDatabaseNotInUse, createBackup, restoreBackup } = await import('../server/lib/backup')

    // SQLite files only: PostgreSQL has its own tools (pg_dump).
    const problem = fileBackupProblem(env.databaseUrl)
    if (problem) throw new CommandError(problem)
    // npm runs scripts from the project root; a relative path means the folder the command was typed in.
    const typedIn = process.env.INIT_CWD ?? process.cwd()
    const archive = path.resolve(typedIn, args.archive)
    const dbFile = databaseFile(env.databaseUrl)
    for (const line of describeTargets(['database', 'uploads', 'backups'])) console.log(line)

    if (args.database !== undefined && path.resolve(typedIn, args.database.replace(/^file:/, '')) !== dbFile)
      throw new CommandError(
        `拒绝恢复：--database 指定的 ${path.resolve(typedIn, args.database.replace(/^file:/, ''))} 不是配置的数据库 ${dbFile}（DATABASE_URL）。未做任何改动。\n` +
          `Refused: --database names another database than the configured one (${dbFile}). Nothing was changed.`,
      )
    const fromFile = envFileValues.DATABASE_URL
    if (fromFile !== undefined && databaseUrl(fromFile) !== env.databaseUrl && args.database === undefined)
      throw new CommandError(
        `拒绝恢复：环境变量 DATABASE_URL（${dbFile}）与 .env 中的（${databaseUrl(fromFile).replace(/^file:/, '')}）不同，无法确定要替换哪个数据库。` +
          `请确认后用 --database ${dbFile} 指定。未做任何改动。\n` +
          'Refused: DATABASE_URL in the environment differs from the one in .env; confirm the target with --database. Nothing was changed.',
      )
    console.log(`将用 ${archive} 替换数据库 ${dbFile} 与上传文件 / replacing the database and uploads above with ${archive}`)

    assertDatabaseNotInUse(dbFile)
    // Nothing to keep on a fresh machine.
    if (!args.skipSafetyBackup && fs.existsSync(dbFile)) {
      try {
        const safety = await createBackup({ backupDir: env.BACKUP_DIR })
        console.log(`已先为当前数据做了备份：${safety.file}`)
        console.log(`The current data was backed up first: ${safety.file}`)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new CommandError(
          `无法备份当前数据（${reason}），未做任何改动。若当前数据库已损坏，可加 --no-safety-backup 跳过这一步。\n` +
            `Could not back up the current data (${reason}); nothing was changed. Add --no-safety-backup to skip this step.`,
        )
      }
    }

    const manifest = await restoreBackup({ archive, databaseFile: dbFile, uploadDir: env.UPLOAD_DIR })
    console.log(`已恢复 ${manifest.createdAt} 的备份：数据库 ${dbFile}，上传文件 ${manifest.uploads.files} 个。运行 npm start 启动名师网。`)
    console.log(`Restored the backup of ${manifest.createdAt}: database ${dbFile}, ${manifest.uploads.files} upload files. Run npm start.`)
  },
  { usage: USAGE, failed: '恢复失败 / Restore failed' },
)
