import request from '../test/request'
import { createApp } from '../app'
import { prisma } from '../db'
import { env } from '../env'
import { readiness } from '../data/readiness'

const app = createApp()

/**
 * Marks the newest applied migration as not applied, in the bookkeeping table of this database's
 * migration step: Prisma's "_prisma_migrations" on SQLite, "_portal_migrations" on PostgreSQL
 * (scripts/migrate.ts). Answers its name and how to put it back.
 */
async function unapplyLastMigration(): Promise<{ last: string; restore: () => Promise<unknown> }> {
  if (env.databaseDialect === 'postgres') {
    const [row] = await prisma.$queryRawUnsafe<{ name: string; checksum: string; appliedAt: Date }[]>(
      'SELECT "name", "checksum", "appliedAt" FROM "_portal_migrations" ORDER BY "name" DESC LIMIT 1',
    )
    await prisma.$executeRawUnsafe('DELETE FROM "_portal_migrations" WHERE "name" = $1', row.name)
    const restore = () =>
      prisma.$executeRawUnsafe(
        'INSERT INTO "_portal_migrations" ("name", "checksum", "appliedAt") VALUES ($1, $2, $3)',
        row.name,
        row.checksum,
        row.appliedAt,
      )
    return { last: row.name, restore }
  }
  const [row] = await prisma.$queryRawUnsafe<{ name: string }[]>(
    'SELECT "migration_name" AS "name" FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1',
  )
  await prisma.$executeRawUnsafe(
    'UPDATE "_prisma_migrations" SET "rolled_back_at" = CURRENT_TIMESTAMP WHERE "migration_name" = ?',
    row.name,
  )
  const restore = () =>
    prisma.$executeRawUnsafe('UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "migration_name" = ?', row.name)
  return { last: row.name, restore }
}

describe('GET /healthz and /readyz', () => {
  test('healthz answers that the process is up', async () => {
    const res = await request(app).get('/healthz')

    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.body).toMatchObject({ status: 'ok' })
  })

  test('readyz is ready on a migrated database with room for uploads', async () => {
    const res = await request(app).get('/readyz')

    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'ready', database: { ok: true }, migrations: { ok: true }, uploadDisk: { ok: true } })
  })

  test('readyz is unready (503) when a shipped migration is not applied, naming it', async () => {
    const { last, restore } = await unapplyLastMigration()
    try {
      const res = await request(app).get('/readyz')

      expect(res.status).toBe(503)
      expect(res.body.status).toBe('unready')
      expect(res.body.migrations).toEqual({ ok: false, detail: `not applied: ${last}` })
    } finally {
      await restore()
    }
  })

  test('is unready when the upload disk has less free space than required', async () => {
    const result = await readiness(env.UPLOAD_DIR, Number.MAX_SAFE_INTEGER)

    expect(result.ok).toBe(false)
    expect(result.checks.uploadDisk?.ok).toBe(false)
    expect(result.checks.uploadDisk?.detail).toMatch(/MB free, need/)
  })
})
