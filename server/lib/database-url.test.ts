// DATABASE_URL names SQLite (a file, the default) or PostgreSQL; steps that only make sense for a
// SQLite file (backups) refuse PostgreSQL with a clear message, and a bad setting stops the start.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  databaseDialect,
  databaseFile,
  databaseUrl,
  databaseUrlProblem,
  fileBackupProblem,
  projectRoot,
  redactDatabaseUrl,
} from './database-url'

const PG = 'postgresql://portal:secret@db.internal:5432/portal'

/** Runs a project script in a child process with this environment (SQLite's own variables removed). */
function run(args: string[], env: Record<string, string>) {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-backups-'))
  const result = spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), args, {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { PATH: process.env.PATH!, NODE_ENV: 'test', BACKUP_DIR: backupDir, JWT_SECRET: 'x'.repeat(40), ...env },
  })
  return { ...result, archives: fs.readdirSync(backupDir) }
}

describe('database URL', () => {
  test('a postgres:// or postgresql:// URL is PostgreSQL and kept as given; anything else is a SQLite file', () => {
    expect(databaseDialect(PG)).toBe('postgres')
    expect(databaseDialect('postgres://a@b/c')).toBe('postgres')
    expect(databaseUrl(` ${PG} `)).toBe(PG)
    expect(databaseDialect('')).toBe('sqlite')
    expect(databaseDialect('file:./data/x.db')).toBe('sqlite')
    expect(databaseUrl('file:./data/x.db')).toBe(`file:${path.join(projectRoot, 'data', 'x.db')}`)
    expect(() => databaseFile(PG)).toThrow(/没有数据库文件/)
  })

  test('a DATABASE_URL that is neither file: nor postgres(ql):// is refused, naming it without its password', () => {
    for (const ok of [undefined, '', 'file:./data/x.db', 'FILE:/srv/portal.db', PG, 'postgres://a@b/c'])
      expect(databaseUrlProblem(ok)).toBeUndefined()
    for (const bad of ['mysql://portal:hunter2@db/portal', './data/portal.db', 'file:', 'sqlite:portal.db']) {
      const problem = databaseUrlProblem(bad)
      expect(problem).toMatch(/^DATABASE_URL: 应为 SQLite 数据库文件/)
      expect(problem).not.toContain('hunter2')
    }
    expect(redactDatabaseUrl('postgresql://portal:secret@db:5432/portal')).toBe('postgresql://portal:***@db:5432/portal')
  })

  test('resolving the URL creates nothing', () => {
    const dir = path.join(os.tmpdir(), `never-made-${process.pid}`)
    expect(databaseUrl(`file:${dir}/portal.db`)).toBe(`file:${dir}/portal.db`)
    expect(fs.existsSync(dir)).toBe(false)
  })

  test('backups refuse PostgreSQL and point to pg_dump; SQLite has no objection', () => {
    expect(fileBackupProblem('file:./data/x.db')).toBeUndefined()
    expect(fileBackupProblem(PG)).toMatch(/pg_dump/)
  })

  test('npm run backup and restore on PostgreSQL stop with that message and write nothing', () => {
    for (const script of ['scripts/backup.ts', 'scripts/restore.ts']) {
      const result = run([script, ...(script.includes('restore') ? ['some.tar.gz'] : [])], { DATABASE_URL: PG })
      expect(result.status).toBe(1)
      expect(result.stderr).toMatch(/PostgreSQL 数据库请用 pg_dump/)
      expect(result.archives).toEqual([])
    }
  }, 60_000)

  test('a bad pool size, or scheduled file backups on PostgreSQL, stop the start with the variable named', () => {
    const load = ['-e', "import('./server/env').then(() => console.log('loaded'))"]
    const pool = run(load, { DATABASE_URL: PG, DATABASE_POOL_SIZE: '0' })
    expect(pool.stderr).toMatch(/DATABASE_POOL_SIZE: 应为 1 到 100 的整数/)
    const cron = run(load, { DATABASE_URL: PG, BACKUP_CRON: '0 3 * * *' })
    expect(cron.stderr).toMatch(/BACKUP_CRON: .*pg_dump/)
    expect(run(load, { DATABASE_URL: PG, DATABASE_POOL_SIZE: '20' }).stdout).toContain('loaded')
  }, 60_000)
})
