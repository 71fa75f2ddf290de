// The migration that turned cooperation inquiries into bookings (SQLite 20261128100000_bookings and its
// PostgreSQL twin): a database migrated up to just before it, holding inquiries as Prisma wrote them,
// then migrated on. PostgreSQL runs where the project has a cluster (the server-pg projects).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { inject } from 'vitest'
import { migratePostgres, POSTGRES_MIGRATIONS_DIR } from '../../../scripts/migrate'
import { projectRoot } from '../../lib/database-url'
import { onServer } from '../../test/postgres-cluster'

const SQLITE_MIGRATIONS = path.join(projectRoot, 'prisma', 'migrations')
const isMigration = (name: string) => /^\d+_/.test(name)
const isBookings = (name: string) => /^\d+_bookings$/.test(name)

/** One dialect's connection, as much of it as the test needs. */
type Connection = {
  run: (sql: string) => Promise<void>
  rows: (sql: string) => Promise<Record<string, unknown>[]>
  /** A UTC instant as a literal of the dialect's DateTime column, the way Prisma stores it. */
  at: (iso: string) => string
  /** A DateTime column read back as YYYY-MM-DDTHH:MM:SS (UTC). */
  read: (column: string) => string
}

const text = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`

const INQUIRIES = [
  // 23:59 in China on 11-20.
  {
    id: 3,
    status: 'new',
    note: '',
    assigneeId: null,
    phone: '010-12345678',
    typeId: 1,
    createdAt: '2026-11-20T15:59:00Z',
    updatedAt: '2026-11-20T15:59:00Z',
  },
  // 00:30 and 18:00 in China on 11-21: one day, two numbers, in id order. The first has a member's phone.
  {
    id: 5,
    status: 'contacted',
    note: '已电话联系，下周报价',
    assigneeId: 2,
    phone: '13700000007',
    typeId: 1,
    createdAt: '2026-11-20T16:30:00Z',
    updatedAt: '2026-11-22T01:00:00Z',
  },
  {
    id: 8,
    status: 'closed',
    note: '',
    assigneeId: 2,
    phone: '010-12345678',
    typeId: 3,
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-23T01:00:00Z',
  },
]

async function fillInquiries(db: Connection) {
  await db.run(
    `INSERT INTO "Member" ("id", "memberNo", "phone", "passwordHash", "nickname", "updatedAt") VALUES (7, 'M0007', '13700000007', 'x', '老会员', ${db.at('2026-11-01T00:00:00Z')})`,
  )
  for (const row of INQUIRIES) {
    await db.run(
      `INSERT INTO "Inquiry" ("id", "organization", "contactName", "phone", "typeId", "message", "status", "note", "assigneeId", "ip", "createdAt", "updatedAt")
       VALUES (${row.id}, ${text(`单位${row.id}`)}, '王老师', ${text(row.phone)}, ${row.typeId}, ${text(`需求${row.id}`)}, ${text(row.status)},
         ${text(row.note)}, ${text(row.assigneeId)}, '10.0.0.1', ${db.at(row.createdAt)}, ${db.at(row.updatedAt)})`,
    )
  }
}

const seconds = (iso: string) => iso.slice(0, 19)

async function expectBookings(db: Connection) {
  const bookings = await db.rows(
    `SELECT "id", "referenceNo", "source", "typeId", "requirements", "organization", "contactName", "phone", "memberId", "status",
       "closeReason", "assigneeId", ${db.read('repliedAt')} AS "repliedAt", ${db.read('remindedAt')} AS "remindedAt",
       ${db.read('createdAt')} AS "createdAt", "ip", "preferredDays", CASE WHEN "isOnline" THEN 1 ELSE 0 END AS "isOnline"
     FROM "Booking" ORDER BY "id"`,
  )
  const common = { source: 'inquiry', contactName: '王老师', ip: '10.0.0.1', preferredDays: '[]', isOnline: 0 }
  expect(bookings).toEqual([
    {
      ...common,
      id: 3,
      referenceNo: 'YY-20261120-0001',
      typeId: 1,
      requirements: '需求3',
      organization: '单位3',
      phone: '010-12345678',
      memberId: null,
      status: 'new',
      closeReason: '',
      assigneeId: null,
      repliedAt: null,
      // Already waiting: counted on the badge, not announced again.
      remindedAt: seconds('2026-11-20T15:59:00Z'),
      createdAt: seconds('2026-11-20T15:59:00Z'),
    },
    {
      ...common,
      id: 5,
      referenceNo: 'YY-20261121-0001',
      typeId: 1,
      requirements: '需求5',
      organization: '单位5',
      phone: '13700000007',
      memberId: 7,
      status: 'contacted',
      closeReason: '',
      assigneeId: 2,
      repliedAt: seconds('2026-11-22T01:00:00Z'),
      remindedAt: seconds('2026-11-20T16:30:00Z'),
      createdAt: seconds('2026-11-20T16:30:00Z'),
    },
    {
      ...common,
      id: 8,
      referenceNo: 'YY-20261121-0002',
      typeId: 3,
      requirements: '需求8',
      organization: '单位8',
      phone: '010-12345678',
      memberId: null,
      status: 'lost',
      closeReason: '原合作咨询已关闭',
      assigneeId: 2,
      repliedAt: seconds('2026-11-23T01:00:00Z'),
      remindedAt: seconds('2026-11-21T10:00:00Z'),
      createdAt: seconds('2026-11-21T10:00:00Z'),
    },
  ])
  expect(
    await db.rows(
      `SELECT "bookingId", "kind", "text", "amount", "status", "staffId", ${db.read('createdAt')} AS "createdAt" FROM "BookingFollowUp"`,
    ),
  ).toEqual([
    {
      bookingId: 5,
      kind: 'note',
      text: '已电话联系，下周报价',
      amount: null,
      status: '',
      staffId: 2,
      createdAt: seconds('2026-11-22T01:00:00Z'),
    },
  ])
  // A booking filed after the migration continues the ids.
  const [next] = await db.rows(
    `INSERT INTO "Booking" ("referenceNo", "typeId", "requirements", "organization", "contactName", "phone", "updatedAt")
     VALUES ('YY-20261128-0001', 1, '新', '新单位', '李', '13800138000', ${db.at('2026-11-28T00:00:00Z')}) RETURNING "id"`,
  )
  expect(next).toEqual({ id: 9 })
}

describe('the bookings migration', () => {
  test('SQLite: every inquiry becomes a booking, numbered by China day, closed as lost, matched to a member, its note logged', async () => {
    const migrations = fs.readdirSync(SQLITE_MIGRATIONS).filter(isMigration).sort()
    const bookings = migrations.find(isBookings)!
    expect(bookings).toBe('20261128100000_bookings')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-migration-'))
    const db = new Database(path.join(dir, 'before.db'))
    const apply = (names: string[]) => {
      for (const name of names) db.exec(fs.readFileSync(path.join(SQLITE_MIGRATIONS, name, 'migration.sql'), 'utf8'))
    }
    const connection: Connection = {
      run: async (sql) => void db.exec(sql),
      rows: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
      // Prisma's text form of a DateTime in SQLite (server/data/sql/sqlite.ts).
      at: (iso) => text(new Date(iso).toISOString().replace('Z', '+00:00')),
      read: (column) => `strftime('%Y-%m-%dT%H:%M:%S', "${column}")`,
    }
    try {
      apply(migrations.filter((name) => name < bookings))
      await fillInquiries(connection)
      apply(migrations.filter((name) => name >= bookings))

      expect(await connection.rows(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'Inquiry'`)).toEqual([])
      await expectBookings(connection)
    } finally {
      db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test.runIf(inject('postgresServer'))(
    'PostgreSQL: the same',
    async () => {
      const server = inject('postgresServer')
      const name = `bookings_migration_${process.pid}_${Date.now()}`
      await onServer(server, `CREATE DATABASE "${name}"`)
      // The migrations before the bookings one, in a folder of their own; the runner then applies the rest.
      const before = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-pg-'))
      const all = fs.readdirSync(POSTGRES_MIGRATIONS_DIR).filter(isMigration).sort()
      const bookings = all.find(isBookings)!
      for (const migration of all.filter((entry) => entry < bookings)) {
        fs.cpSync(path.join(POSTGRES_MIGRATIONS_DIR, migration), path.join(before, migration), { recursive: true })
      }
      const client = new pg.Client({ connectionString: `${server}/${name}` })
      try {
        await migratePostgres(`${server}/${name}`, () => undefined, before)
        await client.connect()
        const connection: Connection = {
          run: async (sql) => void (await client.query(sql)),
          rows: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
          // timestamp(3) without a zone, holding UTC.
          at: (iso) => `${text(iso.replace('T', ' ').replace('Z', ''))}::timestamp`,
          read: (column) => `to_char("${column}", 'YYYY-MM-DD"T"HH24:MI:SS')`,
        }
        await fillInquiries(connection)
        expect(await migratePostgres(`${server}/${name}`, () => undefined)).toContain(bookings)

        expect(await connection.rows(`SELECT 1 FROM information_schema.tables WHERE table_name = 'Inquiry'`)).toEqual([])
        await expectBookings(connection)
      } finally {
        await client.end().catch(() => undefined)
        fs.rmSync(before, { recursive: true, force: true })
      }
    },
    120_000,
  )
})
