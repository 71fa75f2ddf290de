// npm run db:copy-to-postgres: a SQLite portal (migrated and seeded here, as `npm start` leaves it)
// copied into a freshly migrated PostgreSQL database of the test cluster answers like the original.
// PostgreSQL projects only (server-pg): the copy needs a cluster to copy into.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { inject } from 'vitest'
import { startServerProcess, type ServerProcess } from '../server/test/server-process'
import { projectRoot } from '../server/lib/database-url'
import { isPostgres } from '../server/test/database'
import { onServer, TEST_JWT_SECRET } from '../server/test/postgres-cluster'
import { copyToPostgres } from './copy-to-postgres'
import { migratePostgres } from './migrate'

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'copy-to-postgres-'))
const sqliteFile = path.join(work, 'portal.db')
const uploadDir = path.join(work, 'uploads')
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** A new database in the test cluster, migrated when asked (no content: migrations add none). */
async function postgresDatabase(migrated: boolean): Promise<string> {
  const server = inject('postgresServer')
  const name = `copy_${crypto.randomBytes(6).toString('hex')}`
  await onServer(server, `CREATE DATABASE "${name}"`)
  const url = `${server}/${name}`
  if (migrated) await migratePostgres(url, () => undefined)
  return url
}

async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Tables the copy carries: not SQLite's own, its migration log, nor its FTS5 index and that index's helper table. */
function copiedTables(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !/^(sqlite_|_prisma_migrations$|SearchIndex|SearchPosition$)/.test(name))
}

type Columns = Map<string, string>

/** One value as both databases mean it: booleans as true/false, times as epoch milliseconds, big integers as numbers. */
function normal(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null
  if (type === 'boolean') return Boolean(value)
  if (type?.startsWith('timestamp'))
    return value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number(value)
  if (typeof value === 'bigint') return Number(value)
  // pg reads a BIGINT (Upload.size) as a string, to keep its 64 bits.
  if (type === 'bigint' && typeof value === 'string') return Number(value)
  return value
}

const normalRows = (rows: Record<string, unknown>[], columns: Columns) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, normal(value, columns.get(name))])))

describe.skipIf(!isPostgres)('npm run db:copy-to-postgres', () => {
  let target: string
  let copyOutput: string

  beforeAll(async () => {
    // The SQLite portal, as `npm start` leaves it: migrated and seeded with the demo content.
    const env = { ...process.env, DATABASE_URL: `file:${sqliteFile}`, UPLOAD_DIR: uploadDir }
    execFileSync(bin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
    execFileSync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env, stdio: 'pipe' })
    target = await postgresDatabase(true)
    copyOutput = execFileSync(bin('tsx'), ['scripts/copy-to-postgres.ts', '--from', `file:${sqliteFile}`, '--to', target], {
      cwd: projectRoot,
      encoding: 'utf8',
    })
  }, 120_000)

  test('copies every row of every table, values unchanged', async () => {
    expect(copyOutput).toMatch(/^Teacher: \d+ rows$/m)
    expect(copyOutput.trim().split('\n').at(-1)).toBe('复制完成 / copied')
    const source = new Database(sqliteFile, { readonly: true })
    try {
      const tables = copiedTables(source)
      expect(tables).toEqual(expect.arrayContaining(['Teacher', 'Course', 'Member', 'TeacherTag', 'SiteSetting']))
      await onPostgres(target, async (client) => {
        for (const table of tables) {
          const { rows: types } = await client.query<{ column_name: string; data_type: string }>(
            'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
            [table],
          )
          const columns: Columns = new Map(types.map((column) => [column.column_name, column.data_type]))
          const order = 'ORDER BY 1, 2'
          const copied = (await client.query(`SELECT * FROM "${table}" ${order}`)).rows
          const original = source.prepare(`SELECT * FROM "${table}" ${order}`).all() as Record<string, unknown>[]

          expect(copied.length, table).toBe(original.length)
          expect(normalRows(copied, columns), table).toEqual(normalRows(original, columns))
        }
      })
    } finally {
      source.close()
    }
  })

  test('ids continue after the copied ones: every sequence is past its table’s largest id, and a new row gets the next one', async () => {
    await onPostgres(target, async (client) => {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND column_name = 'id' AND column_default LIKE 'nextval%'`,
      )
      expect(rows.length).toBeGreaterThan(10)
      for (const { table_name: table } of rows) {
        const { rows: state } = await client.query<{ top: number | null; last: string | null }>(
          `SELECT (SELECT max("id") FROM "${table}") AS "top", pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass)::text AS "last"`,
          [`"${table}"`],
        )
        if (state[0].top !== null) expect(Number(state[0].last), table).toBe(state[0].top)
      }
      const { rows: tags } = await client.query<{ top: number }>('SELECT max("id") AS "top" FROM "Tag"')
      const added = await client.query<{ id: number }>(
        `INSERT INTO "Tag" ("name", "updatedAt") VALUES ('复制后新建的标签', CURRENT_TIMESTAMP) RETURNING "id"`,
      )
      expect(added.rows[0].id).toBe(tags[0].top + 1)
    })
  })

  describe('the copy answers public actions exactly as the original', () => {
    let original: ServerProcess
    let copy: ServerProcess
    beforeAll(async () => {
      const childEnv = { ...process.env, UPLOAD_DIR: uploadDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'warn' }
      ;[original, copy] = await Promise.all([
        startServerProcess({ ...childEnv, DATABASE_URL: `file:${sqliteFile}` }),
        startServerProcess({ ...childEnv, DATABASE_URL: target }),
      ])
    }, 120_000)
    afterAll(async () => {
      await Promise.all([original?.stop(), copy?.stop()])
    })

    const call = async (server: ServerProcess, action: string, body: object) => {
      const res = await fetch(`${server.baseUrl}/api/${action}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      return res.json() as Promise<{ code: number; data: unknown }>
    }

    test.each([
      ['Index/indexList', {}],
      ['Index/getConfig', {}],
      ['Teacher/teacherList', { limit: 50 }],
      ['Course/courseList', { limit: 50 }],
      ['Special/specialList', { limit: 50 }],
      ['Teacher/teacherDetails', { id: 1 }],
      // The search index was filled from the copied rows (PostgreSQL's own index, by its triggers).
      ['Index/search', { keyWord: '经济' }],
      ['Index/search', { keyWord: '发展', type: 'course' }],
      ['Index/search', { keyWord: '领导力', type: 'teacher' }],
    ])('%s %j', async (action, body) => {
      const [fromOriginal, fromCopy] = await Promise.all([call(original, action, body), call(copy, action, body)])

      expect(fromOriginal.code).toBe(200)
      expect(fromCopy).toEqual(fromOriginal)
    })

    test('the search finds something, so the comparison above is not of two empty lists', async () => {
      const found = (await call(copy, 'Index/search', { keyWord: '经济' })).data as { total?: number; list?: unknown[] }
      expect(JSON.stringify(found)).toMatch(/经济/)
    })
  })

  test('refuses a database that already holds rows, and leaves it as it was', async () => {
    const count = () =>
      onPostgres(target, async (client) => (await client.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "Teacher"')).rows[0].n)
    const before = await count()

    await expect(copyToPostgres(sqliteFile, target, () => undefined)).rejects.toThrow(
      /already has rows: copy only into a freshly migrated, empty database/,
    )
    expect(await count()).toBe(before)
  })

  test('a failure part way leaves the PostgreSQL database as it was: one transaction', async () => {
    const fresh = await postgresDatabase(true)
    // The database refuses the friend links, which are copied after the teachers and courses.
    await onPostgres(fresh, async (client) => {
      await client.query(`CREATE FUNCTION "refuse_links"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`)
      await client.query(`CREATE TRIGGER "refuse_links" BEFORE INSERT ON "FriendLink" FOR EACH ROW EXECUTE FUNCTION "refuse_links"()`)
    })
    const copied: string[] = []

    await expect(copyToPostgres(sqliteFile, fresh, (line) => copied.push(line))).rejects.toThrow(/refused/)
    expect(copied).toEqual(expect.arrayContaining([expect.stringMatching(/^Teacher: [1-9]\d* rows$/)]))
    const counts = await onPostgres(fresh, async (client) => {
      const { rows } = await client.query<{ n: number }>(
        'SELECT (SELECT count(*) FROM "Teacher") + (SELECT count(*) FROM "Course") + (SELECT count(*) FROM "SearchIndex") AS "n"',
      )
      return Number(rows[0].n)
    })
    expect(counts).toBe(0)
  })

  test('refuses a database that was not migrated, naming the missing tables, and writes nothing', async () => {
    const empty = await postgresDatabase(false)

    await expect(copyToPostgres(sqliteFile, empty, () => undefined)).rejects.toThrow(
      /PostgreSQL lacks tables .*Teacher.*: run the migrations/,
    )
    const tables = await onPostgres(
      empty,
      async (client) => (await client.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).rowCount,
    )
    expect(tables).toBe(0)
  })

  test('the command explains its use and exits 2 without a PostgreSQL address', () => {
    let failure: { status: number; stderr: string } | undefined
    try {
      execFileSync(bin('tsx'), ['scripts/copy-to-postgres.ts', '--from', `file:${sqliteFile}`], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: `file:${sqliteFile}` },
        stdio: 'pipe',
      })
    } catch (error) {
      failure = { status: (error as { status: number }).status, stderr: String((error as { stderr: Buffer }).stderr) }
    }

    expect(failure?.status).toBe(2)
    expect(failure?.stderr).toMatch(/用法 \/ usage: npm run db:copy-to-postgres -- --from file:/)
  })
})
