import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { projectRoot } from './lib/database-url'

describe('prisma migrations', () => {
  test('apply to an empty file, create every table of the schema, and re-apply as a no-op', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-'))
    const file = path.join(dir, 'fresh.db')
    execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: `file:${file}` },
      stdio: 'pipe',
    })
    const db = new Database(file, { readonly: true })
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => (row as { name: string }).name)
    const schema = fs.readFileSync(path.join(projectRoot, 'prisma', 'schema.prisma'), 'utf8')
    const models = [...schema.matchAll(/^model (\w+) \{/gm)].map((match) => match[1])
    expect(models.length).toBeGreaterThan(30)
    for (const model of models) expect(tables).toContain(model)
    const applied = db.prepare('SELECT COUNT(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL').get() as { n: number }
    expect(applied.n).toBe(fs.readdirSync(path.join(projectRoot, 'prisma', 'migrations')).filter((name) => /^\d+_/.test(name)).length)
    db.close()

    // Re-running deploy on a migrated file is a no-op, as every `npm start` does.
    const again = execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: `file:${file}` },
      stdio: 'pipe',
    }).toString()
    expect(again).toMatch(/No pending migrations/)
  })

  test('build exactly the tables, columns and indexes that schema.prisma describes (no drift)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drift-'))
    const migrated = path.join(dir, 'migrated.db')
    execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: `file:${migrated}` },
      stdio: 'pipe',
    })
    // What Prisma would create from the schema alone, applied to a second file.
    const fromSchema = execFileSync(
      path.join(projectRoot, 'node_modules', '.bin', 'prisma'),
      ['migrate', 'diff', '--from-empty', '--to-schema-datamodel', 'prisma/schema.prisma', '--script'],
      { cwd: projectRoot, env: { ...process.env, DATABASE_URL: `file:${path.join(dir, 'unused.db')}` }, stdio: 'pipe' },
    ).toString()
    const expected = new Database(path.join(dir, 'expected.db'))
    expected.exec(fromSchema)

    const actual = new Database(migrated, { readonly: true })
    // The raw-SQL search index migration adds tables of its own; every model table must match.
    const models = (expected.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
      (row) => row.name,
    )
    expect(models).toContain('TeacherVideo')
    expect(describeTables(actual, models)).toEqual(describeTables(expected, models))
    actual.close()
    expected.close()
  })
})

/** Each table's columns (name, type, null, default, key) and indexes (name, columns, unique). */
function describeTables(db: Database.Database, tables: string[]) {
  return Object.fromEntries(
    tables.map((table) => [
      table,
      {
        // By name: a column added later by ALTER TABLE sits last, wherever the schema lists it.
        columns: (db.prepare(`PRAGMA table_info("${table}")`).all() as { cid?: number; name: string }[])
          .map(({ cid: _position, ...column }) => column)
          .sort((a, b) => a.name.localeCompare(b.name)),
        indexes: (db.prepare(`PRAGMA index_list("${table}")`).all() as { name: string; unique: number; origin: string }[])
          .filter((index) => index.origin !== 'pk')
          .map((index) => ({
            name: index.name,
            unique: index.unique,
            columns: (db.prepare(`PRAGMA index_info("${index.name}")`).all() as { name: string }[]).map((column) => column.name),
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    ]),
  )
}
