// `npm run db:pg-migration -- <name>`: after a change to prisma/schema.prisma (and its SQLite
// migration), writes the PostgreSQL migration that brings databases to the new schema:
//   1. regenerates prisma/postgres/schema.prisma (scripts/pg-schema.ts),
//   2. diffs it offline against prisma/postgres/migrated.prisma, the schema the committed
//      PostgreSQL migrations produce (`prisma migrate diff --from-schema-datamodel … --to-schema-datamodel …`),
//   3. writes prisma/postgres/migrations/<timestamp>_<name>/migration.sql and updates migrated.prisma.
// Review the SQL before committing (a rename comes out as drop + add). server/pg-migrations.test.ts
// fails while the two schemas differ, and checks on a real database that the migrations give the schema.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { POSTGRES_SCHEMA, postgresSchema, SQLITE_SCHEMA } from './pg-schema'

const root = path.resolve(path.dirname(POSTGRES_SCHEMA), '..', '..')
export const MIGRATED_SCHEMA = path.join(path.dirname(POSTGRES_SCHEMA), 'migrated.prisma')
const MIGRATIONS = path.join(path.dirname(POSTGRES_SCHEMA), 'migrations')

/**
 * `prisma migrate diff` offline, through the project's (SQLite) prisma.config.ts, which never
 * connects for a diff of schema files: it must see a SQLite DATABASE_URL even when PostgreSQL is configured.
 */
export function prismaDiff(args: string[]): string {
  return execFileSync(path.join(root, 'node_modules', '.bin', 'prisma'), ['migrate', 'diff', ...args, '--script'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: `file:${path.join(os.tmpdir(), 'mingshi-schema-diff.db')}`, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** The SQL turning one PostgreSQL schema file into another, computed offline; '' when they agree. */
export function schemaDiff(from: string, to: string): string {
  const sql = prismaDiff(['--from-schema-datamodel', from, '--to-schema-datamodel', to])
  return /^-- This is an empty migration\.?\s*$/.test(sql.trim()) ? '' : sql
}

function main() {
  const name = process.argv[2]
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error('用法 / usage: npm run db:pg-migration -- <name in lower_snake_case>')
    process.exit(1)
  }
  fs.writeFileSync(POSTGRES_SCHEMA, postgresSchema(fs.readFileSync(SQLITE_SCHEMA, 'utf8')))
  const sql = schemaDiff(MIGRATED_SCHEMA, POSTGRES_SCHEMA)
  if (!sql) {
    console.log('PostgreSQL migrations already give the current schema: nothing to write.')
    return
  }
  const stamp = nextStamp(new Date(), fs.readdirSync(MIGRATIONS))
  const dir = path.join(MIGRATIONS, `${stamp}_${name}`)
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'migration.sql'), sql)
  fs.copyFileSync(POSTGRES_SCHEMA, MIGRATED_SCHEMA)
  console.log(
    `wrote ${path.relative(root, path.join(dir, 'migration.sql'))}: review it, then commit it with prisma/postgres/migrated.prisma`,
  )
}

/**
 * The runner applies migrations in name order, so a new one must sort after every committed one even
 * when those carry later dates: now, or one past the newest name's stamp.
 */
export function nextStamp(now: Date, existing: string[]): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14)
  const newest = existing
    .map((name) => /^(\d{14})_/.exec(name)?.[1])
    .filter((value): value is string => value !== undefined)
    .sort()
    .at(-1)
  return newest && newest >= stamp ? String(BigInt(newest) + 1n) : stamp
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(root, 'scripts', 'pg-migration.ts')) main()
