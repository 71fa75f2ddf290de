// Applies the shipped migrations; their output becomes log lines like everything else.
//   * SQLite: Prisma's CLI (`prisma migrate deploy`, prisma/migrations).
//   * PostgreSQL: the committed SQL of prisma/postgres/migrations, applied here, because
//     `prisma migrate deploy` through the pg adapter fails (prisma/orm#27403). Each migration runs
//     in its own transaction and is recorded with its checksum in "_portal_migrations"; an advisory
//     lock makes processes starting together migrate once (the others wait, then find nothing to do).
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import { migrateQueueSchema, QUEUE_SCHEMA } from '../server/data/job-queue-schema'
import { CommandError } from '../server/lib/config-error'
import { prepareDatabaseFile } from '../server/lib/database-files'
import { databaseFile, databaseUrl, isPostgresDatabaseUrl, projectRoot } from '../server/lib/database-url'

export const POSTGRES_MIGRATIONS_DIR = path.join(projectRoot, 'prisma', 'postgres', 'migrations')
/** pg_advisory_lock key of the migration step ("ming" in ASCII; any constant would do). */
const MIGRATION_LOCK = 0x6d696e67

/**
 * Migrates DATABASE_URL's database. SQLite returns when done (synchronous, as before); PostgreSQL
 * answers a promise, so callers `await` it. Throws, after logging why, when a migration fails.
 */
export function migrate(logger: Logger): void | Promise<void> {
  const url = databaseUrl()
  if (isPostgresDatabaseUrl(url)) {
    const log = (line: string) => logger.info({ step: 'migrate' }, line)
    return migratePostgres(url, log).then(
      () => undefined,
      (error: unknown) => {
        logger.error({ step: 'migrate' }, (error as Error).message)
        throw new CommandError(`数据库迁移失败：${(error as Error).message} / Database migration failed: see the error above.`)
      },
    )
  }
  migrateSqlite(logger)
}

function migrateSqlite(logger: Logger) {
  // The file is made here, owner-only, before Prisma opens it (SQLite gives -wal and -shm its mode).
  prepareDatabaseFile(databaseFile(databaseUrl()))
  const result = spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  })
  const lines = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.split('\n').map((line) => line.trim())
  const output = withoutAdapterNotices(lines.filter((line) => line && !/^[┌│└]/.test(line)))
  if (result.status === 0) {
    for (const line of output) logger.info({ step: 'migrate' }, line)
    return
  }
  for (const line of output) logger.error({ step: 'migrate' }, line)
  // Prisma's own message for a locked SQLite file is an obscure engine error; say what to check.
  throw new CommandError(
    '数据库迁移失败。若已有名师网进程在使用同一个数据库文件，请先停止它再启动；否则请查看上面的错误信息。\n' +
      'Database migration failed: stop any other portal process using the same database file, or see the error above.',
  )
}

/**
 * Prisma's CLI output without its notices about our own setup: the schema must keep its datasource
 * `url` (without it Prisma 6.19 asks for the query-engine binary, which cannot be downloaded here),
 * and .env is read by server/lib/load-env-file.ts, not by Prisma. Both would print on every start.
 */
function withoutAdapterNotices(lines: string[]): string[] {
  const kept: string[] = []
  let inWarning = false
  for (const line of lines) {
    if (line.startsWith('WARNING: Your schema specifies the following datasource properties')) inWarning = true
    else if (inWarning && line.startsWith('We recommend you to remove those properties')) inWarning = false
    else if (!inWarning && !line.startsWith('Prisma config detected, skipping environment variable loading')) kept.push(line)
  }
  return kept
}

export type PostgresMigration = { name: string; sql: string; checksum: string }

/** The shipped PostgreSQL migrations, oldest first (folder names sort by their timestamp). */
export function postgresMigrations(dir = POSTGRES_MIGRATIONS_DIR): PostgresMigration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') }
    })
}

/** Applies the pending PostgreSQL migrations of `dir` to the database at `url`, each in one transaction. */
export async function migratePostgres(url: string, log: (line: string) => void, dir = POSTGRES_MIGRATIONS_DIR): Promise<string[]> {
  const migrations = postgresMigrations(dir)
  log(`${migrations.length} migrations found in ${path.relative(projectRoot, dir)}`)
  const client = new pg.Client({ connectionString: url, application_name: 'portal:migrate' })
  await client.connect()
  const appliedNow: string[] = []
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await client.query(
      'CREATE TABLE IF NOT EXISTS "_portal_migrations" ("name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TIMESTAMP(3) NOT NULL DEFAULT now())',
    )
    const { rows } = await client.query<{ name: string; checksum: string }>('SELECT "name", "checksum" FROM "_portal_migrations"')
    const applied = new Map(rows.map((row) => [row.name, row.checksum]))
    for (const migration of migrations) {
      const checksum = applied.get(migration.name)
      if (checksum !== undefined) {
        // A shipped migration edited after it ran would leave databases that differ: refuse to guess.
        if (checksum !== migration.checksum)
          throw new Error(`migration ${migration.name} was changed after it was applied (checksum differs): add a new migration instead`)
        continue
      }
      log(`Applying migration \`${migration.name}\``)
      try {
        await client.query('BEGIN')
        await client.query(migration.sql)
        await client.query('INSERT INTO "_portal_migrations" ("name", "checksum") VALUES ($1, $2)', [migration.name, migration.checksum])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw new Error(`migration ${migration.name} failed and was rolled back: ${(error as Error).message}`)
      }
      appliedNow.push(migration.name)
    }
    log(appliedNow.length ? 'All migrations have been successfully applied.' : 'No pending migrations to apply.')
    // The durable jobs' queue (pg-boss) keeps its tables in a schema of its own, at its own version.
    await migrateQueueSchema(url)
    log(`Job queue schema "${QUEUE_SCHEMA}" is up to date.`)
    return appliedNow
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}
