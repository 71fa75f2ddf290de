// `npm run db:copy-to-postgres -- --from file:./data/portal.db --to postgresql://…`
// Moves a portal that outgrew one machine from its SQLite file to a PostgreSQL database that has
// been migrated (npm start or the migrate step against it) and holds no content yet. Every table
// the two share is copied row for row, parents before children, in one transaction: a failure
// leaves the PostgreSQL database as it was. The bench uses it to load its large database.
import Database from 'better-sqlite3'
import pg from 'pg'

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH_ROWS = 500
/** SQLite's own tables, the migration log and the FTS5 search index (PostgreSQL's search builds its own). */
const SKIPPED = /^(sqlite_|_prisma_migrations$|SearchIndex|SearchPosition$)/

type Column = { name: string; type: string }

/** Tables in an order where every table comes after the tables its foreign keys point at. */
function parentsFirst(sqlite: Database.Database, tables: string[]): string[] {
  const parents = new Map(
    tables.map((table) => [
      table,
      (sqlite.prepare(`PRAGMA foreign_key_list("${table}")`).all() as { table: string }[])
        .map((key) => key.table)
        .filter((parent) => parent !== table && tables.includes(parent)),
    ]),
  )
  const ordered: string[] = []
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(' → ')}`)
    for (const parent of parents.get(table) ?? []) visit(parent, [...path, table])
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

/** SQLite keeps booleans as 0/1 and DateTimes as ISO text or epoch milliseconds: give PostgreSQL its own types. */
function converter(type: string): (value: unknown) => unknown {
  if (type === 'boolean') return (value) => (value === null ? null : Boolean(value))
  if (type.startsWith('timestamp')) return (value) => (value === null ? null : new Date(typeof value === 'string' ? value : Number(value)))
  if (type === 'bigint') return (value) => (typeof value === 'bigint' ? value.toString() : value)
  return (value) => value
}

export async function copyToPostgres(sqliteFile: string, postgresUrl: string, log: (line: string) => void = console.log) {
  const sqlite = new Database(sqliteFile, { readonly: true })
  sqlite.defaultSafeIntegers(true)
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    const sqliteTables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
      .map((row) => row.name)
      .filter((name) => !SKIPPED.test(name))
    const { rows: pgColumns } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
      'SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()',
    )
    const columnsOf = (table: string): Column[] => {
      const inPostgres = new Map(pgColumns.filter((c) => c.table_name === table).map((c) => [c.column_name, c.data_type]))
      return (sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
        .filter((column) => inPostgres.has(column.name))
        .map((column) => ({ name: column.name, type: inPostgres.get(column.name)! }))
    }
    const shared = sqliteTables.filter((table) => pgColumns.some((c) => c.table_name === table))
    const missing = sqliteTables.filter((table) => !shared.includes(table))
    if (missing.length) throw new Error(`PostgreSQL lacks tables ${missing.join(', ')}: run the migrations against it first`)
    const tables = parentsFirst(sqlite, shared)

    await client.query('BEGIN')
    for (const table of tables) {
      const { rows } = await client.query<{ found: number }>(`SELECT 1 AS found FROM "${table}" LIMIT 1`)
      if (rows.length) throw new Error(`PostgreSQL table ${table} already has rows: copy only into a freshly migrated, empty database`)
    }
    for (const table of tables) {
      const columns = columnsOf(table)
      const convert = columns.map((column) => converter(column.type))
      const names = columns.map((column) => `"${column.name}"`).join(', ')
      const select = sqlite.prepare(`SELECT ${names} FROM "${table}"`).raw(true)
      let batch: unknown[][] = []
      let copied = 0
      const flush = async () => {
        if (!batch.length) return
        const placeholders = batch.map((_, row) => `(${columns.map((__, col) => `$${row * columns.length + col + 1}`).join(', ')})`)
        await client.query(`INSERT INTO "${table}" (${names}) VALUES ${placeholders.join(', ')}`, batch.flat())
        copied += batch.length
        batch = []
      }
      for (const row of select.iterate() as Iterable<unknown[]>) {
        batch.push(row.map((value, col) => convert[col](value)))
        if (batch.length === BATCH_ROWS) await flush()
      }
      await flush()
      // Identity columns continue after the copied ids.
      if (columns.some((column) => column.name === 'id' && (column.type === 'integer' || column.type === 'bigint'))) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT MAX("id") FROM "${table}"), 1), (SELECT MAX("id") IS NOT NULL FROM "${table}"))
           WHERE pg_get_serial_sequence('"${table}"', 'id') IS NOT NULL`,
        )
      }
      log(`${table}: ${copied} rows`)
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    await client.end()
    sqlite.close()
  }
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const from = argument('from')
  const to = argument('to') ?? process.env.DATABASE_URL
  if (!from || !to || !/^postgres(ql)?:\/\//.test(to)) {
    console.error('用法 / usage: npm run db:copy-to-postgres -- --from file:./data/portal.db --to postgresql://user:pass@host/db')
    process.exit(2)
  }
  copyToPostgres(from.replace(/^file:/, ''), to).then(
    () => console.log('复制完成 / copied'),
    (error: unknown) => {
      console.error(`复制失败，PostgreSQL 数据库保持原样 / copy failed, nothing written: ${(error as Error).message}`)
      process.exit(1)
    },
  )
}
