// Which database this test project runs on, and a second connection to it: the stand-in for another
// process (a second server, a seed run, a shell) writing behind this process's back.
import Database from 'better-sqlite3'
import pg from 'pg'
import { prisma } from '../db'
import { QUEUE_SCHEMA } from '../data/job-queue-schema'
import { env } from '../env'

/** The `*-pg` projects (TEST_DATABASE=postgres): tests of SQLite-only behaviour skip themselves. */
export const isPostgres = env.databaseDialect === 'postgres'

/** Runs SQL on a connection of its own, as another process would. */
export async function onOtherConnection(sql: string): Promise<void> {
  if (!isPostgres) {
    const other = new Database(env.databaseUrl.replace(/^file:/, ''))
    try {
      other.pragma('busy_timeout = 5000')
      other.exec(sql)
    } finally {
      other.close()
    }
    return
  }
  const other = new pg.Client({ connectionString: env.databaseUrl, application_name: 'another-process' })
  await other.connect()
  try {
    await other.query(sql)
  } finally {
    await other.end()
  }
}

/**
 * Makes the database refuse inserts into `table` with `message` (only rows matching `when`, a
 * condition on NEW, when given), as a full disk or a failing constraint would: a SQLite trigger, or
 * on PostgreSQL a plpgsql function and its trigger. `allowInserts` takes it away again.
 */
export async function refuseInserts(name: string, table: string, message: string, when?: string): Promise<void> {
  if (!isPostgres) {
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" BEFORE INSERT ON "${table}" ${when ? `WHEN ${when} ` : ''}BEGIN SELECT RAISE(ABORT, '${message}'); END`,
    )
    return
  }
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
  )
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER "${name}" BEFORE INSERT ON "${table}" FOR EACH ROW ${when ? `WHEN (${when}) ` : ''}EXECUTE FUNCTION "${name}"()`,
  )
}

/** Takes away what `refuseInserts(name, table)` set up; nothing happens when it is not there. */
export async function allowInserts(name: string, table: string): Promise<void> {
  if (!isPostgres) {
    await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "${name}"`)
    return
  }
  await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "${name}" ON "${table}"`)
  await prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS "${name}"()`)
}

/** Makes job `id` due now, as time passing would: in the ledger, and on PostgreSQL in pg-boss, which decides. */
export async function makeJobDue(id: number): Promise<void> {
  const row = await prisma.job.update({ where: { id }, data: { runAt: new Date() } })
  if (!isPostgres || !row.queueJobId) return
  await prisma.$executeRawUnsafe(
    `UPDATE ${QUEUE_SCHEMA}.job SET start_after = now() - interval '1 second' WHERE name = $1 AND id = $2::uuid`,
    row.kind,
    row.queueJobId,
  )
}
