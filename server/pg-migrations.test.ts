// PostgreSQL's schema and migrations stay derived from prisma/schema.prisma:
//   * prisma/postgres/schema.prisma is what scripts/pg-schema.ts makes of it (run `npm run db:pg-schema`),
//   * the committed PostgreSQL migrations were written for it (run `npm run db:pg-migration -- <name>`),
//   * on PostgreSQL runs: applying every migration to an empty database gives the same tables,
//     columns, indexes and constraints as Prisma's own SQL for the current schema.
import fs from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { migratePostgres } from '../scripts/migrate'
import { MIGRATED_SCHEMA, nextStamp, prismaDiff, schemaDiff } from '../scripts/pg-migration'
import { POSTGRES_SCHEMA, postgresSchema, SQLITE_SCHEMA } from '../scripts/pg-schema'
import { onServer } from './test/postgres-cluster'

/** Tables the hand-written migrations add beside Prisma's models. */
const EXTRA_TABLES = ['SearchIndex', 'SearchPosting', '_portal_migrations']

/** Every table, column, index and constraint of a database, as comparable text. */
async function catalog(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const queries = [
      `SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS "line"
       FROM information_schema.columns WHERE table_schema = 'public'`,
      `SELECT 'index ' || indexdef AS "line" FROM pg_indexes WHERE schemaname = 'public'`,
      `SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS "line"
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
    ]
    const lines = (await Promise.all(queries.map((sql) => client.query<{ line: string }>(sql)))).flatMap((result) =>
      result.rows.map((row) => row.line),
    )
    return lines.filter((line) => !EXTRA_TABLES.some((table) => line.includes(table))).sort()
  } finally {
    await client.end()
  }
}

describe('PostgreSQL schema and migrations', () => {
  test('prisma/postgres/schema.prisma is generated from prisma/schema.prisma (npm run db:pg-schema)', () => {
    expect(fs.readFileSync(POSTGRES_SCHEMA, 'utf8')).toBe(postgresSchema(fs.readFileSync(SQLITE_SCHEMA, 'utf8')))
  })

  test('the PostgreSQL migrations were written for the current schema (npm run db:pg-migration -- <name>)', () => {
    expect(schemaDiff(MIGRATED_SCHEMA, POSTGRES_SCHEMA)).toBe('')
  }, 60_000)

  test.runIf(inject('postgresServer'))(
    'applying every migration to an empty database gives the schema Prisma expects',
    async () => {
      const server = inject('postgresServer')
      const suffix = `${process.pid}_${Date.now()}`
      await onServer(server, `CREATE DATABASE "migrated_${suffix}"`)
      await onServer(server, `CREATE DATABASE "expected_${suffix}"`)
      await migratePostgres(`${server}/migrated_${suffix}`, () => undefined)
      const expectedSql = prismaDiff(['--from-empty', '--to-schema-datamodel', POSTGRES_SCHEMA])
      const client = new pg.Client({ connectionString: `${server}/expected_${suffix}` })
      await client.connect()
      await client.query(expectedSql)
      await client.end()
      const [migrated, expected] = await Promise.all([catalog(`${server}/migrated_${suffix}`), catalog(`${server}/expected_${suffix}`)])
      expect(migrated).toEqual(expected)
    },
    120_000,
  )
})

describe('the name of the next PostgreSQL migration', () => {
  const now = new Date('2026-11-23T10:00:00.000Z')
  test('is now when every committed migration is older', () => {
    expect(nextStamp(now, ['20261120000000_init', 'not-a-migration'])).toBe('20261123100000')
  })
  test('sorts after a committed migration dated later than now, since the runner applies them in name order', () => {
    expect(nextStamp(now, ['20261126000000_init', '20261126000003_search_postings'])).toBe('20261126000004')
  })
})
