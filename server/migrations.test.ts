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
})
